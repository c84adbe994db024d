import DaybookTestSupport
import Foundation
import XCTest

/// `daybook search`'s flags: filters, order, limit and formats, and its exit status.
final class SearchCommandTests: XCTestCase {
    private func diary() throws -> URL {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        let entries = [
            ("2025/10/18/0800-walk.md", "2025-10-18 08:00", "happy", "[walk, autumn]", "# 가을 산책\n\n공원을 산책했다. 비가 와서 일찍 돌아왔다."),
            ("2025/10/19/2130-cafe.md", "2025-10-19 21:30", "calm", "[coffee]", "# Café\n\nA long latte. 산책은 내일."),
            ("2025/10/20/0715-rain.md", "2025-10-20 07:15", "sad", "[rain, walk]", "# 비 오는 날\n\n와서 비가 그쳤다. 산책 산책 산책."),
            ("2025/11/02/2200-night.md", "2025-11-02 22:00", "calm", "[walk]", "# 밤 산책\n\nWalked in the rain at night."),
        ]
        for (path, date, emotion, tags, body) in entries {
            let file = root.appendingPathComponent("Content/" + path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "---\ndate: \(date)\nemotion: \(emotion)\ntags: \(tags)\n---\n\(body)\n".write(to: file, atomically: true, encoding: .utf8)
        }
        try "title: Test\n".write(to: root.appendingPathComponent("daybook.yml"), atomically: true, encoding: .utf8)
        return root
    }

    private func lines(_ root: URL, _ arguments: [String]) throws -> (status: Int32, titles: [String]) {
        let run = try runDaybook(["search", "-C", root.path] + arguments)
        let titles = run.standardOutput.split(separator: "\n").map { $0.components(separatedBy: "  ")[2] }
        return (run.status, titles)
    }

    func testFlagsFilterLikeTheQuerySyntaxAndSortByRankOrDate() throws {
        let root = try diary()
        XCTAssertEqual(try lines(root, ["산책"]).titles, ["밤 산책", "가을 산책", "비 오는 날", "Café"],
                       "in the title (the shorter entry first), then three times in the body, then once")
        XCTAssertEqual(try lines(root, ["산책", "--sort", "date"]).titles, ["밤 산책", "비 오는 날", "Café", "가을 산책"])
        XCTAssertEqual(try lines(root, ["산책", "--tag", "walk", "--tag", "autumn"]).titles, ["가을 산책"], "every tag must match")
        XCTAssertEqual(try lines(root, ["산책", "--emotion", "calm", "-n", "1"]).titles, ["밤 산책"])
        XCTAssertEqual(try lines(root, ["--from", "2025-10-19", "--to", "2025-10-20", "--sort", "date"]).titles, ["비 오는 날", "Café"])
        XCTAssertEqual(try lines(root, ["--on", "2025-11-02"]).titles, ["밤 산책"])
        XCTAssertEqual(try lines(root, ["\"비가", "와서\""]).titles, ["가을 산책"], "a phrase keeps its order")
        XCTAssertEqual(try lines(root, ["산책", "-walk"]).titles, ["Café"], "walk is a tag of the others")
        XCTAssertEqual(try lines(root, ["산책은"]).titles.count, 4, "a particle is taken off")
    }

    func testNothingFoundExitsOneAndFormatsPrintJSONAndMarkdown() throws {
        let root = try diary()
        let none = try runDaybook(["search", "-C", root.path, "zebra"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.standardOutput, "")
        XCTAssertTrue(none.standardError.contains("no entry matches"), none.standardError)

        let json = try runDaybook(["search", "-C", root.path, "latte", "--format", "json"])
        XCTAssertEqual(json.status, 0)
        XCTAssertEqual(json.standardOutput, try runDaybook(["search", "-C", root.path, "latte", "--json"]).standardOutput)
        let results = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(results.map { $0["path"] as? String }, ["Content/2025/10/19/2130-cafe.md"])

        let markdown = try runDaybook(["search", "-C", root.path, "latte", "--format", "md"])
        XCTAssertEqual(markdown.status, 0)
        XCTAssertEqual(markdown.standardOutput, "# Café\n\n2025-10-19 21:30 · calm · Content/2025/10/19/2130-cafe.md\n\nA long latte. 산책은 내일.\n")
        XCTAssertNotEqual(try runDaybook(["search", "-C", root.path, "x", "--on", "2025-1-02"]).status, 0, "a day is YYYY-MM-DD")
    }
}
