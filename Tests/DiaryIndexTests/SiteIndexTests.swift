import DiaryIndex
import DiaryModel
import Foundation
import XCTest

final class SiteIndexTests: XCTestCase {
    /// An entry at `time` ("2025-10-20 09:30") with emotions and tags; entries need no files here.
    private func entry(_ time: String, _ emotions: [String], tags: [String] = [], images: Int = 0, path: String? = nil) -> Entry {
        let parts = time.split(separator: " ")
        let date = parts[0].split(separator: "-").map { Int($0)! }
        let clock = parts[1].split(separator: ":").map { Int($0)! }
        let local = LocalDateTime(day: Day(year: date[0], month: date[1], day: date[2]), hour: clock[0], minute: clock[1])
        let slug = Slug.make(from: path ?? time)
        let id = "\(local.day)-\(slug)"
        return Entry(id: id, slug: slug, sourcePath: path ?? "Content/\(slug).md", title: time,
                     instant: Date(timeIntervalSince1970: TimeInterval(local.wallClockSeconds)), local: local,
                     emotionIDs: emotions, tags: tags,
                     images: (0..<images).map { EntryImage(number: $0 + 1, entryID: id, sourcePath: "Content/p\($0).png", fileExtension: "png", alt: "", caption: nil, origin: .frontMatter) },
                     body: EntryBody(html: "<p>\(time)</p>\n", text: time), isDraft: false, extra: [:])
    }

    private func index(_ entries: [Entry], emotions: [Emotion] = Emotion.defaults) -> SiteIndex {
        SiteIndex(diary: Diary(config: DiaryConfig(emotions: emotions), entries: entries.sorted(by: Entry.diaryOrder), emotions: emotions))
    }

    func testTheShapeKeyChangesWithWhatTheIndexShowsOfAnEntryAndNotWithItsBody() {
        let entries = [entry("2025-10-20 08:00", ["happy", "calm"], tags: ["walk"], images: 1), entry("2025-10-21 09:00", ["sad"])]
        let key = SiteIndex.shapeKey(of: entries)
        func with(_ change: (Entry) -> Entry) -> UInt64 { SiteIndex.shapeKey(of: [change(entries[0]), entries[1]]) }
        func copy(_ old: Entry, title: String? = nil, local: LocalDateTime? = nil, emotions: [String]? = nil, tags: [String]? = nil,
                  images: [EntryImage]? = nil, body: EntryBody? = nil) -> Entry {
            Entry(id: old.id, slug: old.slug, sourcePath: old.sourcePath, title: title ?? old.title, instant: old.instant,
                  local: local ?? old.local, emotionIDs: emotions ?? old.emotionIDs, tags: tags ?? old.tags, images: images ?? old.images,
                  body: body ?? old.body, isDraft: old.isDraft, extra: old.extra)
        }
        XCTAssertEqual(with { copy($0, body: EntryBody(html: "<p>other</p>\n", text: "other")) }, key, "another body")
        XCTAssertEqual(with { $0.withReadingStamp(7) }, key)
        XCTAssertNotEqual(with { copy($0, title: "Another title") }, key)
        XCTAssertNotEqual(with { copy($0, local: LocalDateTime(day: Day(year: 2025, month: 10, day: 19), hour: 8)) }, key)
        XCTAssertNotEqual(with { copy($0, emotions: ["calm", "happy"]) }, key, "another primary emotion")
        XCTAssertNotEqual(with { copy($0, tags: ["walk", "rain"]) }, key)
        XCTAssertNotEqual(with { copy($0, images: []) }, key)
        XCTAssertNotEqual(SiteIndex.shapeKey(of: entries.reversed()), key, "another order")
        XCTAssertNotEqual(SiteIndex.shapeKey(of: [entries[0]]), key)
    }

    func testDaysAreNewestFirstAndEntriesInADayOldestFirst() {
        let site = index([entry("2025-10-20 21:00", ["sad"]), entry("2025-10-20 08:00", ["happy"]), entry("2025-10-22 10:00", ["calm"])])
        XCTAssertEqual(site.days.map(\.day.description), ["2025-10-22", "2025-10-20"])
        XCTAssertEqual(site.days[1].entries.map { site.entries[$0].title }, ["2025-10-20 08:00", "2025-10-20 21:00"])
    }

    func testMonthsAndYearsGroupTheirDaysNewestFirst() {
        let site = index([entry("2024-12-31 10:00", ["sad"]), entry("2025-01-01 10:00", ["happy"]), entry("2025-01-15 10:00", ["happy"]),
                          entry("2025-03-01 10:00", ["calm"])])
        XCTAssertEqual(site.months.map { URLMap.path(of: .month(year: $0.year, month: $0.month)) }, ["2025/03/", "2025/01/", "2024/12/"])
        XCTAssertEqual(site.months[1].days.map { site.days[$0].day.description }, ["2025-01-15", "2025-01-01"])
        XCTAssertEqual(site.years.map(\.year), [2025, 2024])
        XCTAssertEqual(site.years[0].months.map { site.months[$0].month }, [3, 1])
        XCTAssertEqual(site.years[0].days.map { site.days[$0].day.description }, ["2025-01-01", "2025-01-15", "2025-03-01"])
        XCTAssertEqual(site.years[0].entryCount, 3)
    }

    func testADaysMainEmotionIsTheMostFrequentWithTiesToTheLaterEntry() {
        let site = index([entry("2025-10-20 08:00", ["sad"]), entry("2025-10-20 09:00", ["happy"]), entry("2025-10-20 10:00", ["sad"]),
                          entry("2025-10-21 08:00", ["calm"]), entry("2025-10-21 20:00", ["tired", "calm"])])
        XCTAssertEqual(site.days.map(\.mainEmotionID), ["tired", "sad"])
    }

    func testEveryListedEmotionCountsAndConfiguredOnesAppearAtZero() {
        let site = index([entry("2025-10-20 08:00", ["sad", "calm"]), entry("2025-10-21 09:00", ["calm"])])
        let counts = Dictionary(uniqueKeysWithValues: site.emotions.map { ($0.slug, $0.entries.count) })
        XCTAssertEqual(counts["calm"], 2)
        XCTAssertEqual(counts["sad"], 1)
        XCTAssertEqual(counts["happy"], 0)
        XCTAssertEqual(site.emotions.map(\.slug), Emotion.defaults.map(\.id))
        XCTAssertEqual(site.emotions.first { $0.slug == "calm" }!.entries.map { site.entries[$0].title }, ["2025-10-21 09:00", "2025-10-20 08:00"])
    }

    func testTagsCompareWithoutCaseAndKeepTheirFirstSpelling() {
        let site = index([entry("2025-10-20 08:00", ["sad"], tags: ["Walk"]), entry("2025-10-21 09:00", ["calm"], tags: ["walk", "산책"])])
        XCTAssertEqual(site.tags.map(\.slug), ["walk", "산책"])
        XCTAssertEqual(site.tags[0].name, "Walk")
        XCTAssertEqual(site.tags[0].entries.count, 2)
    }

    func testTagsSpelledWithOtherCodePointsAreOneTag() {
        // "산책" as Hangul syllables and as conjoining jamo, "Café" with é as one code point and as e + U+0301.
        let jamo = "\u{1109}\u{1161}\u{11AB}\u{110E}\u{1162}\u{11A8}"
        let site = index([entry("2025-10-20 08:00", ["sad"], tags: [jamo, "Cafe\u{301}"]),
                          entry("2025-10-21 09:00", ["calm"], tags: ["산책", "café"]),
                          entry("2025-10-22 09:00", ["calm"], tags: ["cafe", "산책"])])
        XCTAssertEqual(site.tags.map(\.slug), ["cafe", "café", "산책"])
        XCTAssertEqual(site.tags.map { $0.entries.count }, [1, 2, 3])
        // The oldest spelling names each tag, as it was written.
        XCTAssertEqual(site.tags[1].name.unicodeScalars.count, 5)
        XCTAssertEqual(site.tags[2].name.unicodeScalars.count, 6)
        XCTAssertEqual(site.tags[2].entries, [2, 1, 0])
    }

    func testTheGalleryIsNewestFirstWithEachEntrysPicturesInOrder() {
        let site = index([entry("2025-10-20 08:00", ["sad"], images: 2), entry("2025-10-21 09:00", ["calm"], images: 1)])
        XCTAssertEqual(site.gallery.map { site.image(of: $0).id }, ["2025-10-21-2025-10-21-09-00_image_1", "2025-10-20-2025-10-20-08-00_image_1", "2025-10-20-2025-10-20-08-00_image_2"])
    }

    func testNeighboursFollowTimeOrder() {
        let site = index([entry("2023-10-21 08:00", ["sad"]), entry("2024-10-21 09:00", ["calm"]), entry("2024-10-22 09:00", ["calm"]),
                          entry("2025-10-21 07:00", ["happy"])])
        XCTAssertEqual(site.latestEntry, 3)
        XCTAssertNil(site.previous(of: 0))
        XCTAssertEqual(site.next(of: 0), 1)
        XCTAssertNil(site.next(of: 3))
    }

    func testPagesSplitByPageSize() {
        let pages = Pagination(count: 61, size: 30)
        XCTAssertEqual(pages.pageCount, 3)
        XCTAssertEqual(pages.range(ofPage: 3), 60..<61)
        XCTAssertEqual(Pagination(count: 0, size: 30).pageCount, 1)
    }

    func testTheHomePageShowsTheSevenNewestDays() {
        let site = index((1...9).map { entry("2025-10-0\($0) 10:00", ["happy"]) })
        XCTAssertEqual(site.recentDays.map { site.days[$0].day.description }, (3...9).reversed().map { "2025-10-0\($0)" })
        XCTAssertEqual(index([entry("2025-10-01 10:00", ["happy"])]).recentDays, 0..<1)
        XCTAssertEqual(index([]).recentDays, 0..<0)
    }

    func testAnUnknownEmotionIdGetsAPlaceholder() {
        let emotion = index([entry("2025-10-01 10:00", ["wistful"])]).emotion("wistful")
        XCTAssertEqual(emotion, Emotion.placeholder(id: "wistful"))
        XCTAssertEqual(emotion.label, "wistful")
        XCTAssertFalse(emotion.isConfigured)
    }

    func testAnExcerptEndsAtAWordNearItsLimit() {
        XCTAssertEqual(Excerpt.of(String(repeating: "word ", count: 100), limit: 20), "word word word word…")
        XCTAssertEqual(Excerpt.of("Short enough.", limit: 20), "Short enough.")
        XCTAssertEqual(Excerpt.of("마음이 편안했다. 오늘은 정말로 좋은 날이었다.", limit: 12), "마음이 편안했다…")
    }

    func testAnExcerptOfALongTextReadsOnlyItsOpening() {
        let korean = String(repeating: "오늘은 정말로 좋은 날이었다. ", count: 40)
        XCTAssertGreaterThan(korean.utf8.count, Excerpt.sourceBytes)
        XCTAssertEqual(Excerpt.of(utf8: Array(korean.utf8)), Excerpt.of(korean))
        XCTAssertEqual(Excerpt.source(ofUTF8: Array(String(repeating: "가", count: 400).utf8)).count, 1023, "cut where a character starts")
        let family = String(repeating: "👨‍👩‍👧 ", count: 100)
        let excerpt = Excerpt.of(utf8: Array(family.utf8))
        XCTAssertTrue(excerpt.hasSuffix("👨‍👩‍👧…"), excerpt)
        XCTAssertLessThan(excerpt.count, 200)
        XCTAssertEqual(Excerpt.of(utf8: Array("Short.".utf8)), "Short.")
    }
}
