/// One problem found in a diary, printed like a compiler diagnostic:
/// `Content/2025/10/20/0930-walk.md:3:10: error: message`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is. Warnings become errors under `--strict`.
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    public static func warning(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    public var isError: Bool { severity == .error }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// The same problem reported as an error, for `--strict`.
    public var promotedToError: Diagnostic {
        var copy = self
        copy.severity = .error
        return copy
    }
}

extension Array where Element == Diagnostic {
    /// Diagnostics in the order a person reads them: by file, then line, then column.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            a.element.location == b.element.location ? a.offset < b.offset : a.element.location < b.element.location
        }.map(\.element)
    }

    public var errorCount: Int { lazy.filter(\.isError).count }
    public var warningCount: Int { count - errorCount }
}
