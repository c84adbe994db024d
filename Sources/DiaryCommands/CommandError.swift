/// A command that could not do what was asked. `isUsage` problems exit with status 2
/// (SPEC §5), content problems with 1.
public struct CommandError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var isUsage: Bool

    public init(_ message: String, isUsage: Bool = false) {
        self.message = message
        self.isUsage = isUsage
    }

    public var description: String { "error: \(message)" }
}
