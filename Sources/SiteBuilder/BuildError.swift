/// A build that could not write its site. `refusedOutput` is a usage error (exit 2).
public enum BuildError: Error, CustomStringConvertible, Equatable {
    case refusedOutput(String)
    case writeFailed(String, String)
    /// The password's keys differ from those the diary's site was encrypted with.
    case wrongPassword

    public var description: String {
        switch self {
        case .refusedOutput(let message): return message
        case .writeFailed(let path, let reason): return "cannot write \(path): \(reason)"
        case .wrongPassword:
            return "this is not the password the site was encrypted with; to encrypt it with a new one, build with --new-password"
        }
    }

    public var isUsage: Bool {
        if case .refusedOutput = self { return true }
        return false
    }
}
