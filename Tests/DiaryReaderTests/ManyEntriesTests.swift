import DaybookTestSupport
import DiaryModel
import Foundation
import XCTest

/// A diary of more entries than one core gathers at a time reads as a small one does: every
/// entry once, drafts left out, an unknown emotion named as first written, and two entries
/// with one id an error naming both, wherever in the listing they are.
final class ManyEntriesTests: XCTestCase {
    private static let count = 2_600

    /// Entry `number`'s file and text: ten a day from 2025-01-01, 28 days a month.
    private static func entry(_ number: Int, emotion: String = "calm", extra: String = "") -> (path: String, text: String) {
        let (month, day, minute) = (number / 10 / 28 + 1, number / 10 % 28 + 1, number % 10)
        let date = String(format: "2025-%02d-%02d", month, day)
        let path = String(format: "Content/2025/%02d/%02d/09%02d-e%d.md", month, day, minute, number)
        return (path, entryText("date: \(date) 09:0\(minute)\nemotion: \(emotion)\(extra)"))
    }

    private func makeDiary(_ changes: [Int: (emotion: String, extra: String)] = [:], more: [String: String] = [:]) throws -> TemporaryDiary {
        var files = more
        for number in 0..<Self.count {
            let (path, text) = Self.entry(number, emotion: changes[number]?.emotion ?? "calm", extra: changes[number]?.extra ?? "")
            files[path] = text
        }
        return try TemporaryDiary(files)
    }

    func testEveryEntryIsReadOnceAndDraftsAndUnknownEmotionsAreAsInASmallDiary() throws {
        let diary = try makeDiary([100: ("Wistful", ""), 2_300: ("WISTFUL", ""), 1_500: ("calm", "\ndraft: true")])
        defer { diary.remove() }
        let result = diary.read()
        XCTAssertEqual(result.diary.entries.count, Self.count - 1)
        XCTAssertEqual(Set(result.diary.entries.map(\.id)).count, Self.count - 1)
        XCTAssertFalse(result.diary.entries.contains { $0.sourcePath.hasSuffix("-e1500.md") })
        XCTAssertEqual(diary.read(drafts: true).diary.entries.count, Self.count)
        let wistful = try XCTUnwrap(result.diary.emotions.last)
        XCTAssertEqual([wistful.id, wistful.label], ["wistful", "Wistful"], "named as the first entry in the listing wrote it")
        XCTAssertEqual(result.diagnostics.map(\.location.path), [Self.entry(100).path, Self.entry(2_300).path])
    }

    func testTwoEntriesWithOneIdFarApartAreOneErrorNamingBoth() throws {
        // Listed after every Content/2025 file: the last run of entries, the other in the first.
        let duplicate = "Content/zz/2025-01-01-0903-e3.md"
        let diary = try makeDiary(more: [duplicate: entryText("date: 2025-01-01 18:00\nemotion: sad")])
        defer { diary.remove() }
        let result = diary.read()
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "\(duplicate):1:1: error: the entry id '2025-01-01-0903-e3' is also the id of \(Self.entry(3).path):1:1; rename one of the two files",
        ])
        XCTAssertEqual(result.diary.entries.count, Self.count)
        XCTAssertFalse(result.diary.entries.contains { $0.sourcePath == duplicate })
    }
}
