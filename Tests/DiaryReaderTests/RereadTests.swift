import DaybookTestSupport
import DiaryFiles
import DiaryModel
@testable import DiaryReader
import Foundation
import XCTest

/// Reading again only the entry files a watcher saw change (`daybook serve`): the same diary as
/// a whole reading, or nil when only a whole reading can tell.
final class RereadTests: XCTestCase {
    private let walk = "Content/2025/10/20/0930-walk.md"
    private let rain = "Content/2025/10/21/0800-rain.md"

    private func makeDiary(_ extra: [String: String] = [:]) throws -> TemporaryDiary {
        let diary = try TemporaryDiary([
            walk: entryText("date: 2025-10-20 09:30\nemotion: calm\ntags: [walk]", body: "Along the river.\n"),
            rain: entryText("date: 2025-10-21 08:00\nemotion: calm\ntittle: Rain", body: "Rain all day.\n"),
            "Content/2025/10/22/0700-tea.md": entryText("date: 2025-10-22 07:00\nemotion: calm", body: "Tea.\n"),
        ].merging(extra) { $1 }, config: "timezone: Asia/Seoul\nemotions:\n  - id: calm\n")
        addTeardownBlock { diary.remove() }
        return diary
    }

    private func reread(_ diary: TemporaryDiary, _ paths: [String], after last: DiaryReadResult,
                        strict: Bool = false, drafts: Bool = false) throws -> DiaryReadResult? {
        DiaryReader(root: diary.root).reread(paths, after: last, among: try ContentFiles.list(root: diary.root),
                                             configFile: ConfigFile.load(root: diary.root),
                                             options: .init(includeDrafts: drafts, strict: strict))
    }

    private func assertSame(_ reread: DiaryReadResult, _ whole: DiaryReadResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(reread.diagnostics.map(\.description), whole.diagnostics.map(\.description), file: file, line: line)
        XCTAssertEqual(reread.diary.entries.map(\.id), whole.diary.entries.map(\.id), file: file, line: line)
        XCTAssertEqual(reread.diary.entries.map(\.title), whole.diary.entries.map(\.title), file: file, line: line)
        XCTAssertEqual(reread.diary.entries.map(\.body), whole.diary.entries.map(\.body), file: file, line: line)
        XCTAssertEqual(reread.diary.entries.map(\.tags), whole.diary.entries.map(\.tags), file: file, line: line)
        XCTAssertEqual(reread.diary.emotions.map(\.id), whole.diary.emotions.map(\.id), file: file, line: line)
    }

    func testAnEditedEntryIsReadAgainAndNothingElse() throws {
        let diary = try makeDiary()
        let first = diary.read()
        XCTAssertEqual(first.diagnostics.count, 1, "the misspelt key in the rain entry")
        try diary.write(entryText("date: 2025-10-20 09:30\nemotion: calm\ntags: [walk, river]\ntittle: Walk",
                                  body: "Along the river, then home.\n"), to: walk)
        let second = try XCTUnwrap(try reread(diary, [walk, "Content/2025/10/20/.0930-walk.md.swp"], after: first))
        XCTAssertEqual(second.parsedCount, 1)
        assertSame(second, diary.read())
        XCTAssertEqual(second.diagnostics.map(\.location.path), [walk, rain], "the walk's new warning, the rain's old one")
        XCTAssertEqual(second.diary.entries[1].identity, first.diary.entries[1].identity, "the rain entry was not read again")
        XCTAssertEqual(second.diary.entries[2].identity, first.diary.entries[2].identity)

        // The warning fixed, in a strict reading: warnings are errors there.
        let strictFirst = diary.read(strict: true)
        try diary.write(entryText("date: 2025-10-21 08:00\nemotion: calm", body: "Rain, then sun.\n"), to: rain)
        let third = try XCTUnwrap(try reread(diary, [rain], after: strictFirst, strict: true))
        assertSame(third, diary.read(strict: true))
        XCTAssertTrue(third.diagnostics.allSatisfy(\.isError))
    }

    func testManyRereadingsKeepTheLatestReadingOfEachFileInTheSavedCache() throws {
        let diary = try makeDiary()
        var result = diary.read()
        for step in 0...EntryCache.replacedLimit + 10 {
            let path = step % 2 == 0 ? walk : rain
            try diary.write(entryText("date: \(path == walk ? "2025-10-20 09:30" : "2025-10-21 08:00")\nemotion: calm",
                                      body: "Step \(step).\n"), to: path)
            result = try XCTUnwrap(try reread(diary, [path], after: result))
        }
        let saved = try XCTUnwrap(EntryCache(decoding: result.cache.encoded()))
        XCTAssertEqual(saved.count, 3)
        let last = EntryCache.replacedLimit + 10
        XCTAssertEqual(saved.source(walk)?.parsed.entry?.body.text, "Step \(last % 2 == 0 ? last : last - 1).")
        XCTAssertEqual(saved.source(rain)?.parsed.entry?.body.text, "Step \(last % 2 == 1 ? last : last - 1).")
        XCTAssertEqual(result.diary.entries.map(\.body.text), diary.read().diary.entries.map(\.body.text))
    }

    func testAnEditThatMovesOrRenamesAnEntryIsLeftToAWholeReading() throws {
        let diary = try makeDiary()
        let first = diary.read()
        let edits = [
            ("another date", entryText("date: 2025-10-23 09:30\nemotion: calm")),
            ("a draft", entryText("date: 2025-10-20 09:30\nemotion: calm\ndraft: true")),
            ("an unknown emotion", entryText("date: 2025-10-20 09:30\nemotion: wistful")),
            ("no entry at all", "---\ndate: [\n---\nBroken.\n"),
        ]
        for (what, text) in edits {
            try diary.write(text, to: walk)
            XCTAssertNil(try reread(diary, [walk], after: first), what)
        }
    }

    func testAnEntryWhoseIDIsTakenIsLeftToAWholeReading() throws {
        // Same day and name: the same id. The later path loses, with an error at it.
        let copy = "Content/other/2025-10-20-0930-walk.md"
        let diary = try makeDiary([copy: entryText("date: 2025-10-20 10:00\nemotion: calm", body: "Again.\n")])
        let first = diary.read()
        XCTAssertTrue(first.diagnostics.contains { $0.location.path == copy && $0.isError })
        try diary.write(entryText("date: 2025-10-20 10:00\nemotion: calm", body: "Again and again.\n"), to: copy)
        XCTAssertNil(try reread(diary, [copy], after: first))
    }

    func testAListingIsBroughtUpToDateForTheChangedPathsAlone() throws {
        let diary = try makeDiary(["Content/2025/10/20.md": "not an entry\n", "Content/2025/10/20-x/note.md": "neither\n"])
        let folder = diary.root.appendingPathComponent("Content").path
        let listing = try XCTUnwrap(FileStatus.list(folder))
        try FileManager.default.removeItem(at: diary.root.appendingPathComponent("Content/2025/10/20"))
        try diary.write("new\n", to: "Content/2025/10/23/0900-new.md")
        let updated = FileStatus.updating(listing, folder: folder, changed: ["2025/10/20", "2025/10/23/0900-new.md"])
        XCTAssertEqual(updated, try XCTUnwrap(FileStatus.list(folder)), "as listed anew; the neighbours named like the folder stay")
        XCTAssertEqual(updated.map(\.path), ["2025/10/20-x/note.md", "2025/10/20.md", "2025/10/21/0800-rain.md",
                                             "2025/10/22/0700-tea.md", "2025/10/23/0900-new.md"])
    }

    func testAListingKeepsItsPathsOnlyWhenNoFileCameOrWent() {
        func files(_ paths: [String]) -> [FileStatus] { paths.sorted().map { FileStatus(path: $0, size: 1, modified: 1) } }
        let listing = files(["2025/10/20/0930-walk.md", "2025/10/20/tea.png", "2025/10/21/0800-rain.md"])
        var touched = listing
        touched[0].size = 2
        XCTAssertTrue(FileStatus.haveSamePaths(listing, touched, changed: ["2025/10/20/0930-walk.md", "2025/10/20/gone.tmp"]))
        // A folder renamed: as many files as before, under another name.
        let renamed = files(["2025/10/19/0930-walk.md", "2025/10/19/tea.png", "2025/10/21/0800-rain.md"])
        XCTAssertFalse(FileStatus.haveSamePaths(listing, renamed, changed: ["2025/10/20", "2025/10/19"]))
        let replaced = files(["2025/10/20/0930-walk.md", "2025/10/20/tea.jpg", "2025/10/21/0800-rain.md"])
        XCTAssertFalse(FileStatus.haveSamePaths(listing, replaced, changed: ["2025/10/20/tea.png", "2025/10/20/tea.jpg"]))
        XCTAssertFalse(FileStatus.haveSamePaths(listing, Array(listing.dropLast()), changed: ["2025/10/21/0800-rain.md"]))
    }
}
