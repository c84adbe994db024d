import DaybookTestSupport
@testable import DiaryCommands
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

    // MARK: - Words that cannot be searched for

    func testAFromAfterTheToIsAUsageErrorNamingBothDays() throws {
        let root = try diary()
        let run = try runDaybook(["search", "-C", root.path, "--from", "2022-01-01", "--to", "2021-01-01"])
        XCTAssertEqual(run.status, 2, run.standardError)
        XCTAssertTrue(run.standardError.contains("--from 2022-01-01 is after --to 2021-01-01"), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
    }

    func testADayThatDoesNotExistIsAUsageErrorThatSaysWhy() throws {
        let root = try diary()
        for (flag, day, why) in [("--on", "2021-02-30", "February 2021 has 28 days"), ("--from", "2021-13-01", "there is no month 13"),
                                 ("--to", "2023-02-29", "February 2023 has 28 days"), ("--on", "2025-04-31", "April 2025 has 30 days")] {
            let run = try runDaybook(["search", "-C", root.path, "walk", flag, day])
            XCTAssertEqual(run.status, 2, "\(flag) \(day): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains("\(flag): the date '\(day)' does not exist: \(why)"), run.standardError)
        }
        XCTAssertEqual(try lines(root, ["--on", "2024-02-29"]).status, 1, "a leap day exists: nothing matches it, no error")
        XCTAssertEqual(try runDaybook(["search", "-C", root.path, "walk", "--on", "2025-10-18 08:00"]).status, 2, "a day, not a time")
    }

    func testSearchPrintsNothingAboutTheDiarysOtherProblems() throws {
        let root = try diary()
        let odd = root.appendingPathComponent("Content/2025/10/21/odd.md")
        try FileManager.default.createDirectory(at: odd.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "---\ndate: 2025-10-21\nemotion: hapy\nmood: fine\n---\nA walk with a typo.\n".write(to: odd, atomically: true, encoding: .utf8)
        let broken = root.appendingPathComponent("Content/2025/10/22/broken.md")
        try FileManager.default.createDirectory(at: broken.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "---\ndate: 2025-10-22\nemotion: calm\nimages: [gone.png]\n---\nA walk.\n".write(to: broken, atomically: true, encoding: .utf8)
        let found = try runDaybook(["search", "-C", root.path, "typo"])
        XCTAssertEqual(found.status, 0, found.standardError)
        XCTAssertEqual(found.standardError, "", "the diary's warnings and errors are check's to print")
        XCTAssertTrue(found.standardOutput.contains("Content/2025/10/21/odd.md"), found.standardOutput)
        let none = try runDaybook(["search", "-C", root.path, "zebra"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.standardError, "no entry matches 'zebra'\n")
        // A daybook.yml that cannot be read stops the search: its emotions and addresses are the answers'.
        try "title: Test\nemotions: 5\n".write(to: root.appendingPathComponent("daybook.yml"), atomically: true, encoding: .utf8)
        let unread = try runDaybook(["search", "-C", root.path, "typo"])
        XCTAssertEqual(unread.status, 1)
        XCTAssertTrue(unread.standardError.hasPrefix("daybook.yml:2:11: error: 'emotions' must be a list"), unread.standardError)
        XCTAssertEqual(unread.standardOutput, "")
    }

    func testAWordStartingWithADashExcludesItWhereverItStands() throws {
        let root = try diary()
        let spelled = [["walk", "-rain"], ["--", "walk", "-rain"], ["-rain", "walk"], ["walk", "--", "-rain"]]
        for words in spelled {
            let run = try runDaybook(["search", "-C", root.path, "--sort", "date"] + words)
            XCTAssertEqual(run.status, 0, "\(words): \(run.standardError)")
            XCTAssertEqual(run.standardOutput.split(separator: "\n").map { $0.components(separatedBy: "  ")[2] }, ["가을 산책"],
                           "\(words): the walks with 'rain' in them are left out")
        }
        // The command's own options still parse around such words: -n with its value, --on, a value joined by '='.
        XCTAssertEqual(try lines(root, ["산책", "-walk", "-n", "1"]).titles, ["Café"])
        XCTAssertEqual(try lines(root, ["-night", "산책", "--sort", "date", "-n", "2"]).titles, ["비 오는 날", "Café"])
        XCTAssertEqual(try lines(root, ["-rain", "--on", "2025-10-19"]).titles, ["Café"])
        XCTAssertEqual(try lines(root, ["산책", "--limit=1", "-rain"]).titles, ["가을 산책"])
        // A value that starts with '-' is the option's, where the option takes one: here an emotion's alias.
        try "title: Test\nemotions:\n  - happy\n  - sad\n  - id: calm\n    aliases: [\"-_-\"]\n"
            .write(to: root.appendingPathComponent("daybook.yml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try lines(root, ["--emotion", "-_-", "--sort", "date"]).titles, ["밤 산책", "Café"])
        XCTAssertEqual(try lines(root, ["-night", "--emotion", "-_-"]).titles, ["Café"])
        // A word starting with '--' is an option: a mistyped one is named, not searched for.
        let mistyped = try runDaybook(["search", "-C", root.path, "walk", "--form", "2025-10-19"])
        XCTAssertEqual(mistyped.status, 2)
        XCTAssertTrue(mistyped.standardError.contains("unknown option '--form'; did you mean '--from'?"), mistyped.standardError)
    }

    func testAnUnknownEmotionIsAUsageErrorWithTheNearestName() throws {
        let root = try diary()
        let run = try runDaybook(["search", "-C", root.path, "walk", "--emotion", "hapy"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.standardError,
                       "error: unknown emotion 'hapy'; did you mean 'happy'? (known: happy, sad, angry, anxious, calm, grateful, tired, excited)\n",
                       "as check words it")
        XCTAssertEqual(try lines(root, ["--emotion", "Happy"]).titles, ["가을 산책"], "ids, labels and aliases in any case")
    }

    func testATagNoEntryHasIsSaidWithTheNearestTag() throws {
        let root = try diary()
        let near = try runDaybook(["search", "-C", root.path, "--tag", "wlak"])
        XCTAssertEqual(near.status, 1)
        XCTAssertEqual(near.standardError, "no entry has the tag 'wlak'; did you mean 'walk'?\n")
        let far = try runDaybook(["search", "-C", root.path, "산책", "--tag", "nosuchtag"])
        XCTAssertEqual(far.status, 1)
        XCTAssertEqual(far.standardError, "no entry has the tag 'nosuchtag'; the most used tags are walk, autumn, coffee, rain\n")
        let both = try runDaybook(["search", "-C", root.path, "zebra", "--tag", "walk", "--from", "2025-10-19"])
        XCTAssertEqual(both.standardError, "no entry matches 'zebra' --tag walk --from 2025-10-19\n", "a tag that exists: the search as asked")
    }

    func testTheBuiltIndexAnswersTheSameWordsAndProblems() throws {
        let root = try diary()
        let build = try runDaybook(["build", "-C", root.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        XCTAssertEqual(try lines(root, ["walk", "-rain", "--sort", "date"]).titles, ["가을 산책"])
        XCTAssertEqual(try runDaybook(["search", "-C", root.path, "--tag", "wlak"]).standardError, "no entry has the tag 'wlak'; did you mean 'walk'?\n")
        XCTAssertEqual(try runDaybook(["search", "-C", root.path, "--emotion", "hapy"]).status, 2)
    }

    func testTheArrangementKnowsEveryOptionTheParserDeclares() throws {
        let dump = try runDaybook(["search", "--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.standardError)
        let help = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        let arguments = try XCTUnwrap((help["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        let declared = arguments.compactMap { argument -> SearchArguments.Option? in
            guard let kind = argument["kind"] as? String, kind != "positional", let names = argument["names"] as? [[String: String]] else { return nil }
            return SearchArguments.Option(names: names.map { ($0["kind"] == "long" ? "--" : "-") + ($0["name"] ?? "") }, takesValue: kind == "option")
        }
        XCTAssertEqual(declared.sorted { $0.names[0] < $1.names[0] }, SearchArguments.searchOptions.sorted { $0.names[0] < $1.names[0] })
    }
}
