/// A command that could not do what was asked. `isUsage` problems exit with status 2
/// (SPEC §5), content problems with 1.
public struct CommandError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var isUsage: Bool
    /// Where the problem is (`export.csv:14:1`), when it is in a file.
    public var location: String?

    public init(_ message: String, isUsage: Bool = false, location: String? = nil) {
        self.message = message
        self.isUsage = isUsage
        self.location = location
    }

    public var description: String { (location.map { "\($0): " } ?? "") + "error: \(message)" }
}
