import DiaryModel
import XCTest

final class DayTests: XCTestCase {
    func testLeapYearsFollowTheGregorianRules() {
        XCTAssertTrue(Day.isValid(year: 2024, month: 2, day: 29))
        XCTAssertFalse(Day.isValid(year: 2025, month: 2, day: 29))
        XCTAssertFalse(Day.isValid(year: 1900, month: 2, day: 29))
        XCTAssertTrue(Day.isValid(year: 2000, month: 2, day: 29))
        XCTAssertFalse(Day.isValid(year: 2025, month: 13, day: 1))
        XCTAssertFalse(Day.isValid(year: 2025, month: 4, day: 31))
    }

    func testDaysSinceEpochRoundTripsOverCenturies() {
        XCTAssertEqual(Day(year: 1970, month: 1, day: 1).daysSinceEpoch, 0)
        XCTAssertEqual(Day(year: 2025, month: 10, day: 20).daysSinceEpoch, 20381)
        for days in stride(from: -50_000, through: 50_000, by: 37) {
            XCTAssertEqual(Day(daysSinceEpoch: days).daysSinceEpoch, days)
        }
    }

    func testDayPrintsAsDateAndFolderPath() {
        let day = Day(year: 2025, month: 3, day: 7)
        XCTAssertEqual(day.description, "2025-03-07")
        XCTAssertEqual(day.path, "2025/03/07")
    }

    func testLocalTimesOrderByWallClock() {
        let early = LocalDateTime(day: Day(year: 2025, month: 1, day: 1), hour: 23, minute: 59)
        let late = LocalDateTime(day: Day(year: 2025, month: 1, day: 2), hour: 0, minute: 0)
        XCTAssertLessThan(early, late)
        XCTAssertEqual(LocalDateTime(wallClockSeconds: late.wallClockSeconds), late)
        XCTAssertEqual(early.description, "2025-01-01 23:59")
    }
}
