import Foundation
import XCTest

/// One rule for everything a test needs from outside the package (a program, a server it
/// starts): in CI (`CI=true`) a missing one is a failure that names it, so that a green run means
/// every check ran; elsewhere the test is skipped, saying what installs it.
public enum Requirement {
    /// Whether the tests run in CI, where `make test` has installed every tool.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The error a test throws when what it needs is not there: a skip outside CI; in CI a
    /// recorded failure (the error it returns fails the test too).
    public static func unmet(_ message: String, file: StaticString = #filePath, line: UInt = #line) -> Error {
        guard isCI else { return XCTSkip(message) }
        XCTFail(message, file: file, line: line)
        return Unmet(message: message)
    }

    /// Throws `unmet` unless the program `name` is at `path` (an absolute path) or on PATH (a bare name).
    @discardableResult
    public static func tool(_ name: String, at path: String? = nil, install: String,
                            file: StaticString = #filePath, line: UInt = #line) throws -> String {
        if let found = locate(path ?? name) { return found }
        throw unmet("\(name) is not installed: run scripts/install-test-tools.sh (\(install))", file: file, line: line)
    }

    /// Node, which runs the site's own scripts (search, unlock, the offline worker) in the tests.
    public static func node(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try tool("node", install: "Debian's nodejs", file: file, line: line)
    }

    /// The test tools' Python, which has selenium, with Chromium's driver beside it.
    public static func browserPython(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try tool("chromedriver", at: "/usr/bin/chromedriver", install: "Debian's chromium-driver", file: file, line: line)
        return try tool("selenium's Python", at: packageRoot.appendingPathComponent(".build/test-tools/bin/python").path,
                        install: "selenium from PyPI", file: file, line: line)
    }

    /// A server the test started that does not answer: the same rule as a missing tool.
    public static func serverDidNotStart(_ server: String, _ detail: String, file: StaticString = #filePath, line: UInt = #line) -> Error {
        unmet("\(server) did not start: \(detail)", file: file, line: line)
    }

    private static func locate(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Unmet: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
