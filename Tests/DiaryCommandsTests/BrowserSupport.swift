import Foundation
import XCTest

/// What the browser tests share: the package's folder, the Python that has selenium, a static
/// HTTP server for a built site, and running one of the scripts in Browser/.
enum Browser {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Python that has selenium (installed by `make test`), or a skip outside CI.
    static func python() throws -> String {
        let python = packageRoot.appendingPathComponent(".build/test-tools/bin/python").path
        let ready = FileManager.default.isExecutableFile(atPath: python) && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
        if !ready {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("selenium or chromedriver missing; `make test` installs them") }
            throw XCTSkip("selenium and chromedriver are not installed (scripts/install-test-tools.sh)")
        }
        return python
    }

    /// Runs `Browser/<script>` with `arguments` and reads the one JSON object it prints.
    static func run(_ script: String, _ arguments: [String], python: String,
                    file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let script = packageRoot.appendingPathComponent("Tests/DiaryCommandsTests/Browser/\(script)").path
        let run = try runProcess(URL(fileURLWithPath: python), [script] + arguments)
        XCTAssertEqual(run.status, 0, run.standardError, file: file, line: line)
        let data = Data(run.standardOutput.utf8)
        let errorText = run.standardError
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], errorText, file: file, line: line)
    }
}

/// `python3 -m http.server` on 127.0.0.1 serving a built site's output folder at `/<subPath>`,
/// as any static host would.
final class StaticSiteServer {
    let origin: String
    private let process = Process()

    /// `subPath` is empty or ends with `/` (`diary/`).
    init(output: URL, subPath: String = "", test: XCTestCase) throws {
        let served = temporaryFolder(test)
        let docRoot: URL
        if subPath.isEmpty {
            docRoot = served.appendingPathComponent("site")
            try FileManager.default.createSymbolicLink(at: docRoot, withDestinationURL: output)
        } else {
            docRoot = served
            try FileManager.default.createSymbolicLink(at: served.appendingPathComponent(String(subPath.dropLast())), withDestinationURL: output)
        }
        let port = try Self.freePort()
        origin = "http://127.0.0.1:\(port)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", docRoot.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? Data(contentsOf: URL(string: "\(origin)/\(subPath)")!)) != nil { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        XCTFail("the static server did not start")
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }

    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
