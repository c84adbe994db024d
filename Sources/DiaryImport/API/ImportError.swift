/// An export Daybook cannot read, or an import asked for in a way it cannot do. Nothing is
/// written when an import fails with one.
public struct ImportError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The export file (as the user named it), or nil for a problem with the options.
    public var file: String?
    /// The line in the file, when the format has lines (CSV).
    public var line: Int?
    public var message: String
    /// A problem with the command line rather than the export (exit status 2).
    public var isUsage: Bool

    public init(file: String?, line: Int? = nil, _ message: String, isUsage: Bool = false) {
        self.file = file
        self.line = line
        self.message = message
        self.isUsage = isUsage
    }

    public static func usage(_ message: String) -> ImportError {
        ImportError(file: nil, message, isUsage: true)
    }

    /// `export.csv:14:1: error: message`, `Journal.json: error: message` or `error: message`.
    public var description: String {
        switch (file, line) {
        case let (file?, line?): return "\(file):\(line):1: error: \(message)"
        case let (file?, nil): return "\(file): error: \(message)"
        default: return "error: \(message)"
        }
    }
}
