import DaybookTestSupport
import Foundation
import XCTest

/// "On this day" on an encrypted site, in real Chromium: the cards are the reader's today's, and
/// what the page asks the server for is the same whatever the date (SPEC §8).
final class EncryptedOnThisDayBrowserTests: XCTestCase {
    private let password = "봄 일기 password"

    func testWhatTheHomePageFetchesDoesNotDependOnTheReadersDate() throws {
        let python = try Requirement.browserPython()
        let root = try copyOfSeoulDiary(self)
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_PASSWORD"] = password
        let build = try runDaybook(["build", "--encrypt", "-C", root.path], environment: environment)
        XCTAssertEqual(build.status, 0, build.standardError)
        let log = temporaryFolder(self).appendingPathComponent("requests.log")
        let server = try StaticServer(serving: root.appendingPathComponent("Output"), readyPath: "/unlock.css", log: log)
        defer { server.stop() }

        // 2 March has entries of 2024 and 2025 (Seoul time); nothing was written on a 4 July.
        var requests: [[String]] = []
        var answers: [[String: Any]] = []
        for instant in ["2026-03-02T10:00:00+09:00", "2026-07-04T12:00:00+09:00"] {
            let before = Self.requestedPaths(in: log).count
            answers.append(try runBrowserScript(python, "encrypted_on_this_day.py", ["\(server.origin)/", password, instant, "Asia/Seoul"]))
            requests.append(Array(Self.requestedPaths(in: log).dropFirst(before)))
        }
        for answer in answers {
            XCTAssertNil(answer["failed"])
            XCTAssertEqual(answer["errors"] as? [String], [])
        }
        XCTAssertEqual(answers[0]["shown"] as? Bool, true)
        XCTAssertEqual(answers[0]["titles"] as? [String], ["Call from New York", "작년 오늘"])
        XCTAssertEqual(answers[1]["shown"] as? Bool, false, "nothing was written on 4 July")
        XCTAssertGreaterThan(requests[0].count, 3)
        XCTAssertEqual(Set(requests[0]), Set(requests[1]), "the same files are asked for on both dates")
    }

    /// The paths of the GET requests in a Python http.server log, in order.
    private static func requestedPaths(in log: URL) -> [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "\"GET ")?.upperBound, let end = line[start...].firstIndex(of: " ") else { return nil }
            return String(line[start..<end])
        }
    }
}
