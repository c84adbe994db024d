/// A build that could not write its site. `refusedOutput` is a usage error (exit 2).
public enum BuildError: Error, CustomStringConvertible, Equatable {
    case refusedOutput(String)
    case writeFailed(String, String)

    public var description: String {
        switch self {
        case .refusedOutput(let message): return message
        case .writeFailed(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }

    public var isUsage: Bool {
        if case .refusedOutput = self { return true }
        return false
    }
}
