import DaybookTestSupport
@testable import DiaryReader
import DiaryModel
import Foundation
import XCTest

final class EntryDateTests: XCTestCase {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    func testEveryAcceptedFormReads() throws {
        let day = Day(year: 2025, month: 10, day: 20)
        XCTAssertEqual(try EntryDate.parse("2025-10-20").get(), EntryDate(wallClock: LocalDateTime(day: day), utcOffsetSeconds: nil))
        XCTAssertEqual(try EntryDate.parse("2025-10-20 09:30").get().wallClock, LocalDateTime(day: day, hour: 9, minute: 30))
        XCTAssertEqual(try EntryDate.parse("2025-10-20 09:30:15").get().wallClock, LocalDateTime(day: day, hour: 9, minute: 30, second: 15))
        XCTAssertEqual(try EntryDate.parse("2025-10-20T09:30:00Z").get().utcOffsetSeconds, 0)
        XCTAssertEqual(try EntryDate.parse("2025-10-20T09:30+09:00").get().utcOffsetSeconds, 9 * 3600)
        XCTAssertEqual(try EntryDate.parse("2025-10-20T09:30:00-05:30").get().utcOffsetSeconds, -(5 * 3600 + 1800))
    }

    func testImpossibleDatesAreRefusedWithAReason() {
        XCTAssertEqual(EntryDate.parse("2025-13-45").failure?.message(for: "2025-13-45"),
                       "the date '2025-13-45' does not exist: there is no month 13")
        XCTAssertEqual(EntryDate.parse("2025-02-30").failure?.message(for: "2025-02-30"),
                       "the date '2025-02-30' does not exist: February 2025 has 28 days")
        XCTAssertEqual(EntryDate.parse("2025-10-20 24:00").failure, .impossibleTime(hour: 24, minute: 0, second: 0))
        XCTAssertEqual(EntryDate.parse("20 October 2025").failure, .unreadable)
        XCTAssertEqual(EntryDate.parse("2025-10-20 9:30").failure, .unreadable)
        XCTAssertEqual(EntryDate.parse("2025-10-20T09:30+19:00").failure, .impossibleOffset)
    }

    func testADateWithoutOffsetIsReadInTheDiarysTimezone() throws {
        let (instant, local) = try EntryDate.parse("2025-10-20 09:30").get().resolve(in: seoul)
        XCTAssertEqual(local.description, "2025-10-20 09:30")
        XCTAssertEqual(instant, ISO8601DateFormatter().date(from: "2025-10-20T00:30:00Z"))
    }

    func testAnOffsetIsConvertedAndTheLocalDateDecidesTheDay() throws {
        // 23:30 in New York is 13:30 the next day in Seoul.
        let (_, local) = try EntryDate.parse("2025-10-20T23:30:00-05:00").get().resolve(in: seoul)
        XCTAssertEqual(local.description, "2025-10-21 13:30")
        XCTAssertEqual(local.day, Day(year: 2025, month: 10, day: 21))
    }

    func testDaylightSavingIsHonouredWithoutAnOffset() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        let (summer, _) = try EntryDate.parse("2025-07-01 12:00").get().resolve(in: newYork)
        let (winter, _) = try EntryDate.parse("2025-01-01 12:00").get().resolve(in: newYork)
        XCTAssertEqual(summer, ISO8601DateFormatter().date(from: "2025-07-01T16:00:00Z"))
        XCTAssertEqual(winter, ISO8601DateFormatter().date(from: "2025-01-01T17:00:00Z"))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
