/// What the server tells open pages over the live socket.
public enum ReloadMessage: Equatable, Sendable {
    /// The site changed: reload the page.
    case reload
    /// The last build failed: show these diagnostics over the page (the page itself is the last good one).
    case error(String)
    /// The build is good again and nothing needs reloading: hide the overlay.
    case ok

    /// The text frame sent: `reload`, `ok`, or `error` and a newline followed by the diagnostics.
    public var text: String {
        switch self {
        case .reload: return "reload"
        case .ok: return "ok"
        case .error(let diagnostics): return "error\n" + diagnostics
        }
    }

    /// The generation a page says it was served from when its socket opens: `hello N`.
    public static func servedGeneration(in text: String) -> Int? {
        guard text.hasPrefix("hello ") else { return nil }
        return Int(text.dropFirst(6))
    }

    public init?(text: String) {
        switch text {
        case "reload": self = .reload
        case "ok": self = .ok
        default:
            guard text.hasPrefix("error\n") else { return nil }
            self = .error(String(text.dropFirst(6)))
        }
    }
}
