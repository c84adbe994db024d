import DiaryIndex
import DiaryModel
import Foundation
import XCTest

final class OnThisDayTests: XCTestCase {
    private func entry(_ day: Day, hour: Int = 9) -> Entry {
        let local = LocalDateTime(day: day, hour: hour)
        let slug = "e\(hour)"
        return Entry(id: "\(day)-\(slug)", slug: slug, sourcePath: "Content/\(day)-\(hour).md", title: "\(day) \(hour)",
                     instant: Date(timeIntervalSince1970: TimeInterval(local.wallClockSeconds)), local: local,
                     emotionIDs: ["calm"], tags: [], images: [], body: EntryBody(html: "", text: ""), isDraft: false, extra: [:])
    }

    private func onThisDay(_ entries: [Entry]) -> (OnThisDay, SiteIndex) {
        let index = SiteIndex(diary: Diary(config: DiaryConfig(), entries: entries.sorted(by: Entry.diaryOrder), emotions: Emotion.defaults))
        return (OnThisDay(index: index), index)
    }

    func testEntriesAreGroupedByMonthAndDayOfAnyYearNewestFirst() {
        let (days, index) = onThisDay([
            entry(Day(year: 2023, month: 3, day: 2)), entry(Day(year: 2025, month: 3, day: 2), hour: 8),
            entry(Day(year: 2025, month: 3, day: 2), hour: 21), entry(Day(year: 2024, month: 3, day: 1)),
            entry(Day(year: 2024, month: 3, day: 2)),
        ])
        XCTAssertEqual(days.days.map(\.day.name), ["03-01", "03-02"])
        XCTAssertEqual(days.days[1].entries.map { index.entries[$0].title },
                       ["2025-03-02 21", "2025-03-02 8", "2024-03-02 9", "2023-03-02 9"])
    }

    func testTheDaysWithEntriesAreOneBitPerDayOfALeapYear() {
        let (days, _) = onThisDay([entry(Day(year: 2025, month: 1, day: 1)), entry(Day(year: 2024, month: 2, day: 29)),
                                   entry(Day(year: 2025, month: 12, day: 31))])
        let bits = days.daysWithEntries
        XCTAssertEqual(bits.count, 92)
        XCTAssertEqual(Array(bits)[0], "8", "1 January is the top bit of the first digit")
        XCTAssertEqual(Array(bits)[14], "1", "29 February is day 59: digit 14, lowest bit")
        XCTAssertEqual(Array(bits)[91], "4", "31 December is day 365: digit 91, second bit")
        XCTAssertEqual(bits.filter { $0 != "0" }.count, 3)
        XCTAssertEqual(OnThisDay.CalendarDay(month: 3, day: 1).dayOfLeapYear, 60)
    }
}
