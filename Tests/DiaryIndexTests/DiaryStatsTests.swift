import DiaryIndex
import DiaryModel
import DiaryReader
import Foundation
import XCTest

/// The statistics of a small diary, read from Markdown files in Seoul time, against numbers
/// worked out by hand.
final class DiaryStatsTests: XCTestCase {
    /// Nine entries over a year boundary and a month boundary; one day has three entries, and one
    /// entry dated in UTC falls just after midnight in Seoul (so on the next day there).
    private static let files: [String: String] = [
        "Content/a.md": "---\ndate: 2024-12-31 22:00\nemotion: happy\ntags: [walk]\n---\nSnow at night.\n",
        "Content/b.md": "---\ndate: 2025-01-01 07:30\nemotion: tired\ntags: [walk]\n---\n첫 해가 떴다\n",
        "Content/c.md": "---\ndate: 2025-01-30 09:00\nemotion: happy\n---\nOne two three four\n",
        "Content/d.md": "---\ndate: 2025-01-31 21:00\nemotion: sad\ntags: [work]\n---\nLong day — again.\n",
        "Content/e.md": "---\ndate: 2025-02-01 08:00\nemotion: [happy, calm]\ntags: [walk]\n---\nMorning walk.\n",
        "Content/f.md": "---\ndate: 2025-02-01 12:00\nemotion: calm\ntags: [work]\n---\nLunch.\n",
        "Content/g.md": "---\ndate: 2025-02-01 20:00\nemotion: calm\n---\nTea and **a book**. [link](https://example.com/long/url)\n",
        "Content/h.md": "---\ndate: 2025-02-01T15:10:00Z\nemotion: anxious\n---\nCan't sleep.\n",
        "Content/i.md": "---\ndate: 2025-02-10 10:00\nemotion: happy\ntags: [work]\n---\nBack to it.\n",
    ]

    private var stats: DiaryStats!
    private var index: SiteIndex!

    override func setUpWithError() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-stats-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        for (path, text) in Self.files.merging(["daybook.yml": "timezone: Asia/Seoul\n"], uniquingKeysWith: { $1 }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let reading = DiaryReader(root: root).read()
        XCTAssertEqual(reading.diagnostics.map(\.description), [])
        index = SiteIndex(diary: reading.diary)
        stats = DiaryStats(index: index)
    }

    private func counts(_ counts: DiaryStats.EmotionCounts) -> [String: Int] {
        var named: [String: Int] = [:]
        for (position, count) in counts.counts.enumerated() where count > 0 { named[stats.emotionIDs[position]] = count }
        return named
    }

    private func day(_ text: String) -> Day {
        let parts = text.split(separator: "-").map { Int($0)! }
        return Day(year: parts[0], month: parts[1], day: parts[2])
    }

    func testTotalsCountEntriesDaysAndWords() {
        XCTAssertEqual(stats.entryCount, 9)
        XCTAssertEqual(stats.dayCount, 7, "12-31, 01-01, 01-30, 01-31, 02-01, 02-02 (the entry after midnight) and 02-10")
        // 3 + 3 (eojeol) + 4 + 3 (not the dash) + 2 + 1 + 5 (link text, not its URL) + 2 + 3
        XCTAssertEqual(stats.wordCount, 26)
    }

    func testEachMonthCountsItsEntriesByPrimaryEmotionWithItsWordsAndMainEmotion() {
        XCTAssertEqual(stats.months.map { "\($0.year)-\($0.month)" }, ["2024-12", "2025-1", "2025-2"])
        XCTAssertEqual(stats.months.map(\.entryCount), [1, 3, 5])
        XCTAssertEqual(counts(stats.months[1].emotions), ["tired": 1, "happy": 1, "sad": 1])
        XCTAssertEqual(counts(stats.months[2].emotions), ["happy": 2, "calm": 2, "anxious": 1], "e counts once, for happy")
        XCTAssertEqual(stats.months.map(\.words), [3, 10, 13])
        // January: a three-way tie goes to the latest entry (sad, 01-31); February: happy and calm
        // tie at two, and happy has the later entry (02-10).
        XCTAssertEqual(stats.months.map(\.mainEmotionID), ["happy", "sad", "happy"])
    }

    func testMonthsWithoutEntriesBetweenTwoOthersAreKeptAtZero() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-stats-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try Data("---\ndate: 2025-01-05\nemotion: happy\n---\nA\n".utf8).write(to: root.appendingPathComponent("Content/a.md"))
        try Data("---\ndate: 2025-04-05\nemotion: sad\n---\nB\n".utf8).write(to: root.appendingPathComponent("Content/b.md"))
        let stats = DiaryStats(index: SiteIndex(diary: DiaryReader(root: root).read().diary))
        XCTAssertEqual(stats.months.map(\.month), [1, 2, 3, 4])
        XCTAssertEqual(stats.months.map(\.entryCount), [1, 0, 0, 1])
        XCTAssertEqual(stats.months.map(\.mainEmotionID), ["happy", nil, nil, "sad"])
    }

    func testWeekdaysAndHoursAreTheDiarysWallClock() {
        // Monday first: 02-10 Mon; 12-31 Tue; 01-01 Wed; 01-30 Thu; 01-31 Fri; 02-01 Sat ×3; 02-02 Sun.
        XCTAssertEqual(stats.weekdays.map(\.total), [1, 1, 1, 1, 1, 3, 1])
        XCTAssertEqual(counts(stats.weekdays[5]), ["happy": 1, "calm": 2])
        XCTAssertEqual(counts(stats.weekdays[6]), ["anxious": 1], "15:10 UTC on Saturday is 00:10 on Sunday in Seoul")
        var hours: [Int: Int] = [:]
        for (hour, counts) in stats.hours.enumerated() where counts.total > 0 { hours[hour] = counts.total }
        XCTAssertEqual(hours, [0: 1, 7: 1, 8: 1, 9: 1, 10: 1, 12: 1, 20: 1, 21: 1, 22: 1])
        XCTAssertEqual(counts(stats.hours[0]), ["anxious": 1])
    }

    func testStreaksRunAcrossAMonthBoundaryAndTheCurrentOneEndsOnTheNewestDay() {
        XCTAssertEqual(stats.longestStreak, DiaryStats.Streak(start: day("2025-01-30"), end: day("2025-02-02")))
        XCTAssertEqual(stats.longestStreak?.days, 4)
        XCTAssertEqual(stats.currentStreak, DiaryStats.Streak(start: day("2025-02-10"), end: day("2025-02-10")))
    }

    func testOfTwoEquallyLongStreaksTheLaterIsTheLongest() {
        let runs = [day("2025-03-01"), day("2025-03-02"), day("2025-03-05"), day("2025-03-06"), day("2025-03-09")]
        let diary = Diary(config: DiaryConfig(), entries: runs.map { entry(on: $0) }, emotions: Emotion.defaults)
        let stats = DiaryStats(index: SiteIndex(diary: diary))
        XCTAssertEqual(stats.longestStreak, DiaryStats.Streak(start: day("2025-03-05"), end: day("2025-03-06")))
        XCTAssertEqual(stats.currentStreak?.days, 1)
    }

    func testEachYearsReviewStaysInsideItsYear() {
        XCTAssertEqual(stats.years.map(\.year), [2025, 2024])
        let review = stats.years[0]
        XCTAssertEqual(review.months.count, 12)
        XCTAssertEqual(review.months.map(\.mainEmotionID), ["sad", "happy"] + Array(repeating: nil, count: 10))
        XCTAssertEqual(review.busiestDay, day("2025-02-01"))
        XCTAssertEqual(review.busiestDayEntries, 3)
        XCTAssertEqual(review.longestStreak.days, 4)
        XCTAssertEqual(review.daysWritten, 6)
        // 12-31 and 01-01 are a two-day streak, but inside 2024 it is one day.
        XCTAssertEqual(stats.years[1].longestStreak, DiaryStats.Streak(start: day("2024-12-31"), end: day("2024-12-31")))
        XCTAssertEqual(stats.years[1].busiestDayEntries, 1)
    }

    func testEachTagListsTheEmotionsOfItsEntriesMostUsedTagFirst() {
        let names = stats.tags.map { index.tags[$0.tag].name }
        XCTAssertEqual(names, ["walk", "work"], "both have three entries: the site's order decides")
        XCTAssertEqual(counts(stats.tags[0].emotions), ["happy": 2, "tired": 1])
        XCTAssertEqual(counts(stats.tags[1].emotions), ["sad": 1, "calm": 1, "happy": 1])
    }

    func testAnEmptyDiaryHasNoMonthsAndNoStreaks() {
        let stats = DiaryStats(index: SiteIndex(diary: Diary(config: DiaryConfig(), entries: [], emotions: Emotion.defaults)))
        XCTAssertEqual(stats.months, [])
        XCTAssertNil(stats.currentStreak)
        XCTAssertNil(stats.longestStreak)
        XCTAssertEqual(stats.years, [])
        XCTAssertEqual(stats.weekdays.map(\.total), [0, 0, 0, 0, 0, 0, 0])
    }

    func testEntriesOfTheSameShapeWithOtherWordsAddUpAsIfCountedAfresh() {
        // Two entries' texts rewritten (one in each year): only their bodies differ.
        var entries = index.entries
        for position in [0, 6] {
            let old = entries[position]
            entries[position] = Entry(id: old.id, slug: old.slug, sourcePath: old.sourcePath, title: old.title, instant: old.instant,
                                      local: old.local, emotionIDs: old.emotionIDs, tags: old.tags, images: old.images,
                                      body: EntryBody(html: "", text: "one two three four five six seven"), isDraft: false, extra: old.extra)
        }
        XCTAssertTrue(SiteIndex.haveSameShape(entries, index.entries))
        let updated = stats.updatingWords(from: index.entries, to: entries)
        XCTAssertEqual(updated, DiaryStats(index: SiteIndex(index, entries: entries)))
        XCTAssertEqual(updated.wordCount, stats.wordCount - index.entries[0].body.wordCount - index.entries[6].body.wordCount + 14)
        XCTAssertNotEqual(updated.years.map(\.words), stats.years.map(\.words))
    }

    func testWordsAreRunsWithALetterOrDigitBetweenSpaces() {
        XCTAssertEqual(WordCount.of("오늘은 비가 왔다"), 3)
        XCTAssertEqual(WordCount.of("  one  — two\n3 … "), 3)
        XCTAssertEqual(WordCount.of(""), 0)
        XCTAssertEqual(WordCount.of("rainy 비가\u{00A0}왔다 & end"), 4)
        XCTAssertEqual(WordCount.of(EntryBody(html: "", text: "Tea & cake", footnoteText: "see page 3")), 5)
    }

    private func entry(on day: Day) -> Entry {
        let local = LocalDateTime(day: day, hour: 9)
        return Entry(id: "\(day)-e", slug: "e", sourcePath: "Content/\(day).md", title: "\(day)",
                     instant: Date(timeIntervalSince1970: TimeInterval(local.wallClockSeconds)), local: local,
                     emotionIDs: ["happy"], tags: [], images: [], body: EntryBody(html: "<p>x</p>\n", text: "x"), isDraft: false, extra: [:])
    }
}
