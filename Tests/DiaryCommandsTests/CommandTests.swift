@testable import DiaryCommands
import DiaryModel
import DiaryReader
import Foundation
import XCTest

final class CommandTests: XCTestCase {
    func testInitWritesADiaryThatChecksCleanly() throws {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        let written = try DiaryInitializer(root: root).create(now: Date(timeIntervalSince1970: 1_760_950_000),
                                                              timeZone: TimeZone(identifier: "Asia/Seoul")!)
        XCTAssertEqual(written, ["daybook.yml", "Content/2025/10/20/1746-hello-daybook.md"])
        let report = DiaryCheck.run(root: root, strict: true)
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(report.summary, "1 entry, 1 day, 1 emotion: 0 errors, 0 warnings")
    }

    func testInitRefusesToOverwriteADiary() throws {
        let root = temporaryFolder(self)
        _ = try DiaryInitializer(root: root).create()
        let before = try String(contentsOf: root.appendingPathComponent("daybook.yml"), encoding: .utf8)
        XCTAssertThrowsError(try DiaryInitializer(root: root).create())
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("daybook.yml"), encoding: .utf8), before)
    }

    func testNewWritesAnEntryThatReadsBackAsWritten() throws {
        let root = temporaryFolder(self)
        try Data("timezone: Asia/Seoul\n".utf8).write(to: root.appendingPathComponent("daybook.yml"))
        let writer = EntryFileWriter(root: root)
        let path = try writer.create(.init(title: "Autumn \"walk\": 가을", emotion: "Joy", date: "2025-10-20 09:30", tags: ["walk", "가을"]))
        XCTAssertEqual(path, "Content/2025/10/20/0930-autumn-walk-가을.md")
        let result = DiaryReader(root: root).read()
        XCTAssertEqual(result.diagnostics, [])
        let entry = try XCTUnwrap(result.diary.entries.first)
        XCTAssertEqual(entry.title, "Autumn \"walk\": 가을")
        XCTAssertEqual(entry.emotionIDs, ["happy"])
        XCTAssertEqual(entry.tags, ["walk", "가을"])
        XCTAssertEqual(entry.local.description, "2025-10-20 09:30")
    }

    func testNewDefaultsToNowInTheDiarysTimezoneAndTheFirstEmotion() throws {
        let root = temporaryFolder(self)
        try Data("timezone: Asia/Seoul\nemotions: [calm, happy]\n".utf8).write(to: root.appendingPathComponent("daybook.yml"))
        // 2025-10-20 23:50 UTC is 2025-10-21 08:50 in Seoul.
        let path = try EntryFileWriter(root: root).create(.init(), now: Date(timeIntervalSince1970: 1_761_004_200))
        XCTAssertEqual(path, "Content/2025/10/21/0850.md")
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        XCTAssertEqual(text, "---\ndate: 2025-10-21 08:50\nemotion: calm\n---\n\n")
    }

    func testNewNeverOverwritesAnEntry() throws {
        let root = temporaryFolder(self)
        let draft = EntryFileWriter.Draft(title: "Same", date: "2025-10-20 09:30")
        let path = try EntryFileWriter(root: root).create(draft)
        try Data("mine".utf8).write(to: root.appendingPathComponent(path))
        XCTAssertThrowsError(try EntryFileWriter(root: root).create(draft)) { error in
            XCTAssertEqual((error as? CommandError)?.isUsage, false)
        }
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), "mine")
    }

    func testNewRefusesAnUnknownEmotionWithASuggestion() throws {
        let root = temporaryFolder(self)
        XCTAssertThrowsError(try EntryFileWriter(root: root).create(.init(emotion: "gratefull"))) { error in
            let commandError = error as? CommandError
            XCTAssertEqual(commandError?.isUsage, true)
            XCTAssertEqual(commandError?.message,
                           "unknown emotion 'gratefull'; did you mean 'grateful'? (known: happy, sad, angry, anxious, calm, grateful, tired, excited)")
        }
    }

    func testCheckCountsEntriesDaysAndEmotions() throws {
        let root = temporaryFolder(self)
        let writer = EntryFileWriter(root: root)
        _ = try writer.create(.init(title: "a", emotion: "happy", date: "2025-10-20 09:00"))
        _ = try writer.create(.init(title: "b", emotion: "sad", date: "2025-10-20 10:00"))
        _ = try writer.create(.init(title: "c", emotion: "sad", date: "2025-10-21 10:00"))
        XCTAssertEqual(DiaryCheck.run(root: root, strict: false).summary, "3 entries, 2 days, 2 emotions: 0 errors, 0 warnings")
    }
}
