import DaybookTestSupport
import Foundation
import XCTest

/// "On this day" in real Chromium (selenium, headless) with the browser's clock and timezone set:
/// the home page, built once, shows the entries of the reader's today in earlier years.
final class OnThisDayBrowserTests: XCTestCase {
    private struct Shown {
        var shown: Bool
        var links: [String]
        var ago: [String]
        var requests: [String]
        var titles: [String] = []
        var meta: [String] = []
    }

    func testTheHomePageShowsTheReadersTodayInEarlierYears() throws {
        let python = try Requirement.browserPython()
        let root = temporaryFolder(self).appendingPathComponent("diary")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/SiteBuilderTests/Fixtures/seoul-diary"),
                                         to: root)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("Expected"))
        // The diary: 2024-03-02 18:00 last-year; 2025-03-01 09:00 plum-blossoms, 21:30 quiet-night;
        // 2025-03-02 00:15 new-york-call (all Seoul time).
        let (origin, answers, errors) = try homePage(of: root, python: python, cases: [
            ("2026-03-02T10:00:00+09:00", "Asia/Seoul"),
            ("2026-03-01T23:30:00+09:00", "Asia/Seoul"),
            // 01:00 on the 2nd in Seoul is still the 1st in New York: the reader's own zone decides.
            ("2026-03-02T01:00:00+09:00", "America/New_York"),
            ("2025-03-02T12:00:00+09:00", "Asia/Seoul"),
            ("2026-07-04T12:00:00+09:00", "Asia/Seoul"),
        ])
        XCTAssertEqual(answers[0].links, ["\(origin)/2025/03/02/new-york-call/", "\(origin)/2024/03/02/last-year/"])
        XCTAssertEqual(answers[0].ago, ["1년 전", "2년 전"])
        XCTAssertTrue(answers[0].shown)
        XCTAssertEqual(answers[0].requests, ["\(origin)/on-this-day/03-02.json"])

        XCTAssertEqual(answers[1].links, ["\(origin)/2025/03/01/2130-quiet-night/", "\(origin)/2025/03/01/0900-plum-blossoms/"])
        XCTAssertEqual(answers[2].links, answers[1].links)

        XCTAssertEqual(answers[3].links, ["\(origin)/2024/03/02/last-year/"], "this year's entry is not an earlier year's")

        XCTAssertFalse(answers[4].shown, "nothing was written on 4 July")
        XCTAssertEqual(answers[4].links, [])
        XCTAssertEqual(answers[4].requests, [], "only a file that exists is asked for")
        XCTAssertEqual(errors, [], "no JavaScript or network errors")
    }

    func testTheTwentyNinthOfFebruaryComesBackOnTheTwentyEighthInOtherYears() throws {
        let python = try Requirement.browserPython()
        let root = temporaryFolder(self).appendingPathComponent("diary")
        let entries = [
            "Content/leap.md": "---\ndate: 2024-02-29 08:00\nemotion: happy\n---\nA leap day.\n",
            "Content/before.md": "---\ndate: 2023-02-28 20:00\nemotion: calm\n---\nThe last day of February.\n",
            "Content/after.md": "---\ndate: 2024-03-01 20:00\nemotion: sad\n---\nMarch.\n",
        ]
        for (path, text) in entries.merging(["daybook.yml": "timezone: Europe/London\nlocale: en_GB\n"], uniquingKeysWith: { $1 }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let (origin, answers, errors) = try homePage(of: root, python: python, cases: [
            ("2025-02-28T12:00:00+00:00", "Europe/London"),
            ("2028-02-28T12:00:00+00:00", "Europe/London"),
        ])
        XCTAssertEqual(answers[0].links, ["\(origin)/2024/02/29/leap/", "\(origin)/2023/02/28/before/"])
        XCTAssertEqual(answers[0].ago, ["1 year ago", "2 years ago"])
        XCTAssertEqual(answers[1].links, ["\(origin)/2023/02/28/before/"], "2028 has its own 29 February")
        // The entries have no title: a card is titled by its date, which its meta line does not repeat.
        XCTAssertEqual(answers[0].titles, ["2024-02-29 (Thu) 08:00", "2023-02-28 (Tue) 20:00"])
        XCTAssertEqual(answers[0].meta, ["1 year ago", "2 years ago"])
        XCTAssertEqual(errors, [])
    }

    // MARK: - Helpers

    /// Builds the diary, serves it on 127.0.0.1, and opens its home page once per (instant, timezone).
    private func homePage(of root: URL, python: String, cases: [(now: String, timezone: String)])
        throws -> (origin: String, answers: [Shown], errors: [String]) {
        let build = try runDaybook(["build", "-C", root.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        let server = try StaticServer(site: root.appendingPathComponent("Output"), test: self)
        defer { server.stop() }
        let casesFile = temporaryFolder(self).appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: cases.map { ["now": $0.now, "timezone": $0.timezone] }).write(to: casesFile)
        let json = try runBrowserScript(python, "on_this_day.py", ["\(server.origin)/", casesFile.path])
        let answers = (json["cases"] as? [[String: Any]] ?? []).map { answer in
            Shown(shown: answer["shown"] as? Bool ?? false, links: answer["links"] as? [String] ?? [],
                  ago: answer["ago"] as? [String] ?? [], requests: answer["requests"] as? [String] ?? [],
                  titles: answer["titles"] as? [String] ?? [], meta: answer["meta"] as? [String] ?? [])
        }
        XCTAssertEqual(answers.count, cases.count)
        return (server.origin, answers, (json["errors"] as? [[String: Any]] ?? []).map { "\($0["message"] ?? $0)" })
    }
}
