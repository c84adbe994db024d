import DiaryServer
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import DaybookTestSupport
#endif

/// A small diary in a temporary folder, served under `/diary/` like a site hosted on a sub-path.
final class TemporaryDiary {
    let root: URL

    init(baseURL: String = "/diary/") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-serve-\(UUID().uuidString)", isDirectory: true)
        try write("daybook.yml", """
            title: Lake notes
            timezone: America/New_York
            locale: en_US
            base_url: \(baseURL)

            """)
        try write("Content/notes/2025-07-04-fireworks.md", """
            ---
            date: 2025-07-04 21:45
            emotion: excited
            tags: summer, night
            images: lake.png
            ---
            # Fireworks over the lake

            The first rocket went up at a quarter to ten.

            """)
        try write("Content/notes/2025-07-05-tired.md", """
            ---
            date: 2025-07-05T07:00:00Z
            emotion: tired
            ---
            Up too late, but the lake was calm.

            """)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/notes"), withIntermediateDirectories: true)
        try Data(base64Encoded: Self.onePixelPNG)!.write(to: root.appendingPathComponent("Content/notes/lake.png"))
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var output: URL { root.appendingPathComponent("Output") }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes like many editors do: a temporary file next to the real one, then a rename over it.
    func save(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).swp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else { throw POSIXError(.EIO) }
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static let onePixelPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
}

/// Lines a server printed, kept for assertions.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var console: DiaryServer.Console {
        DiaryServer.Console(out: { self.append("out: " + $0) }, err: { self.append("err: " + $0) })
    }

    var text: String { lock.withLock { lines.joined(separator: "\n") } }

    private func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }
}

/// A served page without the live-reload tag the server adds.
func withoutReloadTag(_ html: String) -> String {
    html.replacingOccurrences(of: #"<script src="/__daybook/reload.js" data-generation="\d+"></script>"#, with: "",
                              options: .regularExpression)
}

/// The generation a served page names in its live-reload tag.
func servedGeneration(_ html: String) -> Int? {
    guard let range = html.range(of: #"data-generation="\d+""#, options: .regularExpression) else { return nil }
    return Int(html[range].dropFirst(17).dropLast())
}

/// An HTTP response read off a raw socket.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A socket to 127.0.0.1 whose every read gives up after the deadline, so no test can hang.
final class TestSocket {
    let descriptor: Int32
    let deadline: Date
    private var buffered: [UInt8] = []

    init(port: UInt16, timeout: TimeInterval = 10) throws {
        deadline = Date().addingTimeInterval(timeout)
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let count = bytes[sent...].withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
            #endif
            guard count > 0 else { return }
            sent += count
        }
    }

    /// The next `count` bytes; nil at the end of the stream or the deadline.
    func read(_ count: Int) -> [UInt8]? {
        while buffered.count < count {
            guard fill() else { return nil }
        }
        defer { buffered.removeFirst(count) }
        return Array(buffered.prefix(count))
    }

    /// Bytes up to and including `terminator`.
    func read(until terminator: [UInt8]) -> [UInt8]? {
        while true {
            if let range = firstRange(of: terminator) {
                defer { buffered.removeFirst(range.upperBound) }
                return Array(buffered[..<range.upperBound])
            }
            guard fill() else { return nil }
        }
    }

    func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffered = [] }
        return buffered
    }

    private func firstRange(of needle: [UInt8]) -> Range<Int>? {
        guard buffered.count >= needle.count else { return nil }
        for start in 0...(buffered.count - needle.count) where Array(buffered[start..<(start + needle.count)]) == needle {
            return start..<(start + needle.count)
        }
        return nil
    }

    private func fill() -> Bool {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return false }
        var timeout = timeval()
        timeout.tv_sec = .init(remaining)
        timeout.tv_usec = .init(remaining.truncatingRemainder(dividingBy: 1) * 1_000_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffered += chunk[0..<count]
        return true
    }
}

/// Requests exactly the target given (no client-side clean-up of `..`), one connection each.
func fetch(_ target: String, port: UInt16, method: String = "GET") throws -> RawResponse {
    let socket = try TestSocket(port: port)
    socket.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    guard let head = socket.read(until: Array("\r\n\r\n".utf8)) else { throw POSIXError(.ETIMEDOUT) }
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ")[1]) ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let length = headers["content-length"].flatMap(Int.init)
    let body = method == "HEAD" ? [] : (length.map { socket.read($0) ?? [] } ?? socket.readToEnd())
    return RawResponse(status: status, headers: headers, body: body)
}

/// A minimal WebSocket client: the upgrade handshake, then unmasked text frames from the server.
final class LiveSocket {
    private let socket: TestSocket

    init(port: UInt16, timeout: TimeInterval = 10) throws {
        socket = try TestSocket(port: port, timeout: timeout)
        socket.send("GET \(ReloadScript.socketPath) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        guard let head = socket.read(until: Array("\r\n\r\n".utf8)),
              String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else { throw POSIXError(.EPROTO) }
    }

    /// The next text message, or nil when the socket closes or the deadline passes.
    func nextMessage() -> String? {
        while let header = socket.read(2) {
            let opcode = header[0] & 0x0F
            var length = Int(header[1] & 0x7F)
            if length == 126 {
                guard let extended = socket.read(2) else { return nil }
                length = Int(extended[0]) << 8 | Int(extended[1])
            } else if length == 127 {
                guard let extended = socket.read(8) else { return nil }
                length = extended.reduce(0) { $0 << 8 | Int($1) }
            }
            guard let payload = socket.read(length) else { return nil }
            switch opcode {
            case 0x1: return String(decoding: payload, as: UTF8.self)
            case 0x8: return nil
            default: continue
            }
        }
        return nil
    }

    /// Sends a text message, masked as a browser masks it.
    func say(_ text: String) {
        let payload = Array(text.utf8)
        precondition(payload.count < 126)
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        socket.send([0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] })
    }

    /// Messages until one satisfies `isWanted` (it is returned), or nil.
    func nextMessage(where isWanted: (String) -> Bool) -> String? {
        while let message = nextMessage() {
            if isWanted(message) { return message }
        }
        return nil
    }
}

extension XCTestCase {
    /// Polls `condition` until it holds or `timeout` passes.
    func eventually(timeout: TimeInterval = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    /// A server for `diary` on a free port, started; stop it with `await server.stop()`.
    func startServer(for diary: TemporaryDiary, console: CapturedConsole = CapturedConsole()) async throws -> (DiaryServer, UInt16) {
        let server = DiaryServer(root: diary.root, options: .init(host: "127.0.0.1", port: 0), console: console.console)
        let url = try await server.start()
        return (server, UInt16(url.port!))
    }

    /// Runs `body` with a server for `diary` on a free port, and stops the server after it.
    func serving(_ diary: TemporaryDiary, console: CapturedConsole = CapturedConsole(),
                 _ body: (DiaryServer, UInt16) async throws -> Void) async throws {
        let (server, port) = try await startServer(for: diary, console: console)
        do {
            try await body(server, port)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
