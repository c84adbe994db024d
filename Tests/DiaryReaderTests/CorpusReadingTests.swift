import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
@testable import DiaryReader
import Foundation
import XCTest

/// Whole synthetic diaries, read the way the build reads them.
final class CorpusReadingTests: XCTestCase {
    private func makeCorpus(days: Int, perDay: Int) throws -> (URL, CorpusGenerator.Summary) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-corpus-\(UUID().uuidString)")
        let summary = try CorpusGenerator(.init(days: days, entriesPerDay: perDay)).write(to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return (root, summary)
    }

    /// cmark-gfm is not thread-safe; the parallel reader must give exactly the HTML that
    /// rendering each entry alone, with every extension attached, gives.
    func testParallelReadingRendersMarkdownExactlyLikeOneAtATime() throws {
        let (root, summary) = try makeCorpus(days: 1095, perDay: 1)
        let parallel = DiaryReader(root: root).read()
        XCTAssertEqual(parallel.diagnostics.map(\.description), [])
        XCTAssertEqual(parallel.diary.entries.count, summary.entries)

        let files = try ContentFiles.list(root: root)
        let parser = EntryParser(config: parallel.diary.config, files: files, markdownFeatures: .all)
        var checked = 0
        for entry in parallel.diary.entries {
            let data = try Data(contentsOf: root.appendingPathComponent(entry.sourcePath))
            let alone = try XCTUnwrap(parser.parse(data, path: entry.sourcePath).entry)
            XCTAssertEqual(entry.body, alone.body, entry.sourcePath)
            checked += 1
        }
        XCTAssertEqual(checked, 1095)
        let html = parallel.diary.entries.map { URLMap(baseURL: "/").bodyHTML(of: $0, picture: sourceNamed) }.joined()
        for construct in ["<del>", "<a href=\"https://example.com/diary/", "<a href=\"http://www.example.org/notes", "<table>",
                          "<blockquote>", "<input type=\"checkbox\"", "<code>", "class=\"footnotes\"", "<img src=\"/images/"] {
            XCTAssertTrue(html.contains(construct), "the corpus should exercise \(construct)")
        }
    }

    func testReadingIsTheSameOnEveryRun() throws {
        let (root, _) = try makeCorpus(days: 60, perDay: 5)
        let first = DiaryReader(root: root).read().diary.entries
        let second = DiaryReader(root: root).read().diary.entries
        XCTAssertEqual(first.map(\.id), second.map(\.id))
        XCTAssertEqual(first.map(\.body), second.map(\.body))
        XCTAssertEqual(first.map(\.images), second.map(\.images))
    }

    func testATenThousandEntryDiaryIsReadWithTheRightCounts() throws {
        let (root, summary) = try makeCorpus(days: 1095, perDay: 10)
        let result = DiaryReader(root: root).read()
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let diary = result.diary
        XCTAssertEqual(diary.entries.count, 10_950)
        XCTAssertEqual(summary.entries, 10_950)
        XCTAssertEqual(diary.days.count, 1095)
        XCTAssertEqual(diary.days.first, Day(year: 2023, month: 1, day: 1))
        XCTAssertEqual(Set(diary.entries.flatMap(\.emotionIDs)), summary.emotionsUsed)
        XCTAssertEqual(Set(diary.entries.flatMap(\.emotionIDs)).count, 8)
        XCTAssertEqual(diary.images.count, summary.entryImages)
        XCTAssertGreaterThan(diary.images.count, 2000)
        XCTAssertEqual(Set(diary.images.map(\.id)).count, diary.images.count)
        for (earlier, later) in zip(diary.entries, diary.entries.dropFirst()) {
            XCTAssertTrue(Entry.diaryOrder(earlier, later))
        }
    }
}
