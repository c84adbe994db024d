import DaybookTestSupport
import DiaryModel
@testable import DiaryReader
import Foundation
import XCTest

/// The entry cache: what it keeps, and which configuration changes make it read entries again.
final class EntryCacheTests: XCTestCase {
    private let body = "# 조용한 밤\n\n마음이 **편안했다**[^a] ![차 한 잔](tea.png).\n\n[^a]: 정말.\n"

    /// A diary of two entries whose files are older than the racy window, so a cache keeps them.
    private func makeDiary(config: String) throws -> TemporaryDiary {
        let diary = try TemporaryDiary([
            "Content/2025/10/20/0930-walk.md": entryText("date: 2025-10-20 09:30\nemotion: 기쁨\ntags: [walk]\nweather: sunny", body: body),
            "Content/2025/10/20/tea.png": pictureBytes,
            "Content/2025/10/21/0800-rain.md": entryText("date: 2025-10-21 08:00\nemotion: calm"),
        ], config: config)
        addTeardownBlock { diary.remove() }
        let past = Date().addingTimeInterval(-60)
        for path in ["Content/2025/10/20/0930-walk.md", "Content/2025/10/21/0800-rain.md"] {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: diary.root.appendingPathComponent(path).path)
        }
        return diary
    }

    private func reread(_ diary: TemporaryDiary, after first: DiaryReadResult) throws -> DiaryReadResult {
        let saved = try XCTUnwrap(EntryCache(decoding: first.cache.encoded()))
        return DiaryReader(root: diary.root).read(cache: saved)
    }

    /// Reads a diary of `files`, and decodes the cache that reading made.
    private func readThroughCache(_ files: [String: String]) throws -> (first: DiaryReadResult, saved: EntryCache) {
        let diary = try TemporaryDiary(files, config: config)
        addTeardownBlock { diary.remove() }
        let first = DiaryReader(root: diary.root).read()
        return (first, try XCTUnwrap(EntryCache(decoding: first.cache.encoded())))
    }

    private let config = "timezone: Asia/Seoul\nbase_url: /\ntitle: One\nemotions:\n  - id: happy\n    aliases: [기쁨]\n  - id: calm\n"

    func testACachedEntryIsTheEntryAsRead() throws {
        let diary = try makeDiary(config: config)
        let first = DiaryReader(root: diary.root).read()
        XCTAssertEqual(first.parsedCount, 2)
        let second = try reread(diary, after: first)
        XCTAssertEqual(second.parsedCount, 0)
        XCTAssertEqual(second.diagnostics, first.diagnostics)
        XCTAssertEqual(second.diary.entries.count, 2)
        for (cached, read) in zip(second.diary.entries, first.diary.entries) {
            XCTAssertEqual(cached.id, read.id)
            XCTAssertEqual(cached.title, read.title)
            XCTAssertEqual(cached.body, read.body)
            XCTAssertEqual(cached.images, read.images)
            XCTAssertEqual(cached.extra, read.extra)
            XCTAssertEqual(cached.shapeHash, read.shapeHash)
        }
        let walk = second.diary.entries[0]
        XCTAssertEqual(walk.body.text, "마음이 편안했다 차 한 잔.")
        XCTAssertEqual(walk.body.footnoteText, "정말.")
        XCTAssertEqual(walk.body.pictures.map(\.number), [1])
    }

    func testAFileThatGivesNoEntryKeepsThePicturesItNamesThroughTheCache() throws {
        let diary = try makeDiary(config: config)
        let path = "Content/2025/10/20/0930-walk.md"
        try entryText("date: 2025-10-20 09:30\nemotion: happy\nimages: [gone.png, tea.png]", body: "![again](tea.png)")
            .write(to: diary.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)],
                                              ofItemAtPath: diary.root.appendingPathComponent(path).path)
        let first = DiaryReader(root: diary.root).read()
        XCTAssertEqual(first.diary.entries.map(\.sourcePath), ["Content/2025/10/21/0800-rain.md"], "the entry with a missing picture is left out")
        let named = [PictureUse(sourcePath: "Content/2025/10/20/tea.png", location: SourceLocation(path: path, line: 4, column: 20)),
                     PictureUse(sourcePath: "Content/2025/10/20/tea.png", location: SourceLocation(path: path, line: 6, column: 10))]
        XCTAssertEqual(first.picturesWithoutEntry, named)
        let second = try reread(diary, after: first)
        XCTAssertEqual(second.parsedCount, 0)
        XCTAssertEqual(second.picturesWithoutEntry, named)
    }

    func testAFileThatGivesNoEntryKeepsItsIdThroughTheCache() throws {
        let diary = try makeDiary(config: config)
        let path = "Content/2025/10/20/0930-walk.md"
        let twin = "Content/other/2025-10-20-0930-Walk.md"
        try diary.write(entryText("date: 2025-10-20 09:30\nemotion: happy\nimages: [gone.png]"), to: path)
        try diary.write(entryText("date: 2025-10-20 10:00\nemotion: calm"), to: twin)
        for file in [path, twin] {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)],
                                                  ofItemAtPath: diary.root.appendingPathComponent(file).path)
        }
        let first = DiaryReader(root: diary.root).read()
        XCTAssertTrue(first.diagnostics.contains { $0.location.path == twin && $0.message.contains("is also the id of \(path)") },
                      "\(first.diagnostics)")
        let second = try reread(diary, after: first)
        XCTAssertEqual(second.parsedCount, 0)
        XCTAssertEqual(second.diagnostics, first.diagnostics)
    }

    func testACacheReadInPlaceBehindOtherBytesGivesTheSameEntries() throws {
        let diary = try makeDiary(config: config)
        let first = DiaryReader(root: diary.root).read()
        let encoded = first.cache.encoded()
        // As the build cache keeps it: behind a header, read without being copied out.
        let header: [UInt8] = Array("header of the file".utf8)
        let bytes = header + encoded + [7, 7, 7]
        let window = header.count..<header.count + encoded.count
        let saved = try XCTUnwrap(EntryCache(decoding: bytes, window: window))
        let second = DiaryReader(root: diary.root).read(cache: saved)
        XCTAssertEqual(second.parsedCount, 0)
        XCTAssertEqual(second.diary.entries.map(\.body), first.diary.entries.map(\.body))
        XCTAssertEqual(second.diary.entries[0].body.text, "마음이 편안했다 차 한 잔.")
        // A window one byte short, or one that takes in the bytes after it, is a damaged cache.
        XCTAssertNil(EntryCache(decoding: bytes, window: window.lowerBound..<window.upperBound - 1))
        XCTAssertNil(EntryCache(decoding: bytes, window: window.lowerBound..<bytes.count))
    }

    func testACacheOfManyEntriesGivesEveryBodyBack() throws {
        // Enough entries that each of the cache's parts holds several, their bodies kept apart from the rest.
        var files: [String: String] = [:]
        for number in 1...40 {
            // Two a day, at 07:00 and 08:00; every third with a footnote.
            let (day, hour) = ((number - 1) / 2 + 1, 7 + (number - 1) % 2)
            let footnote = number % 3 == 0 ? "[^n]\n\n[^n]: Note \(number)." : ""
            files[String(format: "Content/2025/09/%02d/%02d00-day.md", day, hour)] =
                entryText(String(format: "date: 2025-09-%02d %02d:00\nemotion: calm\ntags: [t%d]", day, hour, number),
                          body: "Day \(number), *word\(number)*.\(footnote)\n")
        }
        let (first, saved) = try readThroughCache(files)
        XCTAssertEqual(first.diary.entries.count, 40)
        XCTAssertEqual(saved.count, 40)
        for entry in first.diary.entries {
            let cached = try XCTUnwrap(saved.source(entry.sourcePath)?.parsed.entry)
            XCTAssertEqual(cached.title, entry.title)
            XCTAssertEqual(cached.tags, entry.tags)
            XCTAssertEqual(cached.body.html, entry.body.html)
            XCTAssertEqual(cached.body.text, entry.body.text)
            XCTAssertEqual(cached.body.footnoteText, entry.body.footnoteText)
        }
    }

    func testEntriesThatShareTagsEmotionsAndExtrasGetEachTheirOwnBackFromTheCache() throws {
        // Lists and extras that repeat (decoded once, then shared) among ones found once: more
        // distinct ones than the table of shared values first has room for.
        var files: [String: String] = [:]
        for number in 1...120 {
            let (day, hour) = ((number - 1) / 4 + 1, 6 + (number - 1) % 4)
            let tags = number % 3 == 0 ? "[walk, 주말]" : "[walk, t\(number)]"
            let emotion = number % 2 == 0 ? "기쁨" : "[calm, happy]"
            let weather = number % 5 == 0 ? "rain \(number)" : "sunny"
            files[String(format: "Content/2025/08/%02d/%02d00-day.md", day, hour)] =
                entryText(String(format: "date: 2025-08-%02d %02d:00\nemotion: %@\ntags: %@\nweather: %@", day, hour, emotion, tags, weather),
                          body: "Day \(number).\n")
        }
        let (first, saved) = try readThroughCache(files)
        XCTAssertEqual(first.diary.entries.count, 120)
        for entry in first.diary.entries {
            let cached = try XCTUnwrap(saved.source(entry.sourcePath)?.parsed.entry)
            XCTAssertEqual(cached.tags, entry.tags)
            XCTAssertEqual(cached.emotionIDs, entry.emotionIDs)
            XCTAssertEqual(cached.extra, entry.extra)
            XCTAssertEqual(cached.readingStamp, entry.readingStamp)
            XCTAssertEqual(cached.sourceKey, Entry.sourceKey(id: entry.id, sourcePath: entry.sourcePath))
        }
        let tagLists = Set(first.diary.entries.map { $0.tags.joined(separator: ",") })
        XCTAssertEqual(tagLists.count, 81, "40 entries share one list, 80 have one each")
    }

    func testADamagedCacheIsReadAgainNeverMisreadOutsideItsBytes() throws {
        let diary = try makeDiary(config: config)
        let encoded = DiaryReader(root: diary.root).read().cache.encoded()
        var refused = 0
        // Every byte changed in turn: the cache is refused, or its entries' texts lie within its bytes.
        for position in encoded.indices {
            for value: UInt8 in [0x00, 0xFF] where encoded[position] != value {
                var damaged = encoded
                damaged[position] = value
                guard let cache = EntryCache(decoding: damaged) else {
                    refused += 1
                    continue
                }
                for entry in cache.ordered.all.compactMap(\.source.parsed.entry) {
                    XCTAssertLessThanOrEqual(entry.body.html.utf8.count + entry.body.textUTF8.count, damaged.count)
                }
            }
        }
        XCTAssertGreaterThan(refused, 0)
    }

    func testAnEntryFromTheCacheHasTheStampOfTheReadingThatMadeItAndNoOtherEntryHasIt() throws {
        let diary = try makeDiary(config: config)
        let first = DiaryReader(root: diary.root).read()
        let second = try reread(diary, after: first)
        XCTAssertEqual(second.parsedCount, 0)
        let stamps = first.diary.entries.map(\.readingStamp)
        XCTAssertEqual(stamps.compactMap { $0 }.count, 2)
        XCTAssertNotEqual(stamps[0], stamps[1])
        XCTAssertEqual(second.diary.entries.map(\.readingStamp), stamps)

        // The same bytes at another path, at the same time: another reading.
        let walk = "Content/2025/10/20/0930-walk.md"
        let twin = "Content/2025/10/20/0930-stroll.md"
        let twinURL = diary.root.appendingPathComponent(twin)
        try FileManager.default.copyItem(at: diary.root.appendingPathComponent(walk), to: twinURL)
        try FileManager.default.setAttributes(FileManager.default.attributesOfItem(atPath: diary.root.appendingPathComponent(walk).path)
            .filter { $0.key == .modificationDate }, ofItemAtPath: twinURL.path)
        let withTwin = try reread(diary, after: first)
        XCTAssertEqual(withTwin.parsedCount, 1)
        let byPath = Dictionary(uniqueKeysWithValues: withTwin.diary.entries.map { ($0.sourcePath, $0.readingStamp) })
        XCTAssertEqual(byPath[walk], stamps[0])
        XCTAssertNotNil(byPath[twin] ?? nil)
        XCTAssertNotEqual(byPath[twin], byPath[walk])

        // A file just written may change again within its time's granularity: no stamp vouches for it.
        try diary.write(entryText("date: 2025-10-21 08:00\nemotion: calm", body: "Rain again.\n"), to: "Content/2025/10/21/0800-rain.md")
        let edited = try reread(diary, after: first)
        XCTAssertNil(edited.diary.entries.first { $0.sourcePath.hasSuffix("0800-rain.md") }?.readingStamp)
    }

    func testACacheKeptInMemoryServesTheNextReadingToo() throws {
        let diary = try makeDiary(config: config)
        let first = DiaryReader(root: diary.root).read()
        XCTAssertEqual(DiaryReader(root: diary.root).read(cache: first.cache).parsedCount, 0)
    }

    func testChangingWhatPagesAloneUseKeepsTheCache() throws {
        let diary = try makeDiary(config: config)
        let first = DiaryReader(root: diary.root).read()
        try diary.write(config.replacingOccurrences(of: "base_url: /", with: "base_url: /diary/")
            .replacingOccurrences(of: "title: One", with: "title: Two\nlocale: ko_KR\npage_size: 3"), to: "daybook.yml")
        let second = try reread(diary, after: first)
        XCTAssertEqual(second.diary.config.baseURL, "/diary/")
        XCTAssertEqual(second.parsedCount, 0)
    }

    func testChangingWhatReadingUsesReadsEveryEntryAgain() throws {
        for changed in [config.replacingOccurrences(of: "Asia/Seoul", with: "Europe/Paris"),
                        config.replacingOccurrences(of: "aliases: [기쁨]", with: "aliases: [joy]"),
                        config + "  - id: sad\n"] {
            let diary = try makeDiary(config: config)
            let first = DiaryReader(root: diary.root).read()
            try diary.write(changed, to: "daybook.yml")
            XCTAssertEqual(try reread(diary, after: first).parsedCount, 2, changed)
        }
    }

    func testAfterAnEditOrADeletionTheCacheHoldsEveryFileAsItIsNowAndNoOther() throws {
        var files: [String: String] = [:]
        let paths = (1...8).map { "Content/2025/10/\(10 + $0)/0800-day.md" }
        for (number, path) in zip(1..., paths) { files[path] = entryText("date: 2025-10-\(10 + number) 08:00\nemotion: calm", body: "Day \(number).\n") }
        let diary = try TemporaryDiary(files, config: config)
        addTeardownBlock { diary.remove() }
        func setBack() throws {
            for path in paths where FileManager.default.fileExists(atPath: diary.root.appendingPathComponent(path).path) {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
                                                      ofItemAtPath: diary.root.appendingPathComponent(path).path)
            }
        }
        try setBack()
        let first = DiaryReader(root: diary.root).read()

        try diary.write(entryText("date: 2025-10-13 08:00\nemotion: calm", body: "Day three, told again.\n"), to: paths[2])
        try setBack()
        let edited = try reread(diary, after: first)
        XCTAssertEqual(edited.parsedCount, 1)
        XCTAssertEqual(edited.cache.count, 8)
        XCTAssertEqual(edited.cache.source(paths[2])?.parsed.entry?.body.text, "Day three, told again.")
        let again = DiaryReader(root: diary.root).read(cache: try XCTUnwrap(EntryCache(decoding: edited.cache.encoded())))
        XCTAssertEqual(again.parsedCount, 0)
        XCTAssertEqual(again.diary.entries[2].body.text, "Day three, told again.")

        try FileManager.default.removeItem(at: diary.root.appendingPathComponent(paths[5]))
        let afterDeletion = try reread(diary, after: again)
        XCTAssertEqual(afterDeletion.parsedCount, 0)
        XCTAssertEqual(afterDeletion.cache.count, 7)
        XCTAssertNil(afterDeletion.cache.source(paths[5]))
        XCTAssertEqual(afterDeletion.diary.entries.map(\.sourcePath), paths.filter { $0 != paths[5] })

        // A file added between others: read alone, and saved in its place among them.
        let added = "Content/2025/10/13/0900-later.md"
        try diary.write(entryText("date: 2025-10-13 09:00\nemotion: calm", body: "Later that day.\n"), to: added)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
                                              ofItemAtPath: diary.root.appendingPathComponent(added).path)
        let afterAddition = DiaryReader(root: diary.root).read(cache: afterDeletion.cache)
        XCTAssertEqual(afterAddition.parsedCount, 1)
        XCTAssertEqual(afterAddition.cache.count, 8)
        let saved = try XCTUnwrap(EntryCache(decoding: afterAddition.cache.encoded()))
        XCTAssertEqual(saved.ordered.all.map(\.path), (paths.filter { $0 != paths[5] } + [added]).sorted())
        let fromSaved = DiaryReader(root: diary.root).read(cache: saved)
        XCTAssertEqual(fromSaved.parsedCount, 0)
        XCTAssertEqual(fromSaved.diary.entries.map(\.body.text), afterAddition.diary.entries.map(\.body.text))
    }
}
