/// Why `daybook serve` could not start. `isUsage` problems exit with status 2 (SPEC §5).
public enum ServeError: Error, CustomStringConvertible, Equatable {
    case invalidHost(String)
    case cannotListen(address: String, reason: String)
    case refusedOutput(String)
    case cannotWatch(String)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "--host must be an IP address such as 127.0.0.1, 0.0.0.0 or ::1, found '\(host)'"
        case .cannotListen(let address, let reason):
            return "cannot listen on \(address): \(reason); choose another port with --port"
        case .refusedOutput(let message), .cannotWatch(let message):
            return message
        }
    }

    public var isUsage: Bool {
        switch self {
        case .invalidHost, .refusedOutput: return true
        case .cannotListen, .cannotWatch: return false
        }
    }
}
