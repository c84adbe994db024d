import Foundation
@testable import Templating
import XCTest

/// Dates formatted a part at a time (day, time of day, offset) read exactly as formatted whole,
/// in every locale, timezone and pattern, daylight saving changes and dates before 1970 included.
final class DatePatternPartsTests: XCTestCase {
    private let patterns = ["yyyy-MM-dd", "yyyy-MM-dd (EEE) HH:mm", "yyyy-MM-dd'T'HH:mmXXX", "HH:mm", "MMMM d, yyyy 'at' h:mm a",
                            "EEEE, d MMMM y G, hh:mm:ss a xxx", "d.MM.yy H:mm Z", "yyyy-MM-dd HH:mm zzzz", "'It''s' h 'o''clock'"]

    func testEveryPatternReadsAsFormattedWhole() {
        var generator = SystemRandomNumberGenerator()
        for (localeID, zoneID) in [("en_US_POSIX", "Asia/Seoul"), ("ko_KR", "Asia/Seoul"), ("fr_FR", "Europe/Paris"),
                                   ("ar_EG", "Africa/Cairo"), ("ja_JP@calendar=japanese", "Asia/Tokyo"), ("en_US", "America/New_York"),
                                   ("de_DE", "UTC"), ("en_AU", "Australia/Lord_Howe")] {
            let locale = Locale(identifier: localeID)
            let timeZone = TimeZone(identifier: zoneID)!
            let set = DateFormatterSet(patterns: patterns, locale: locale, timeZone: timeZone, shared: FormattedDates(patternCount: patterns.count))
            for (index, pattern) in patterns.enumerated() {
                let whole = DateFormatter()
                whole.locale = locale
                whole.timeZone = timeZone
                whole.dateFormat = pattern
                // Minutes over 150 years, then many within a few days (shared days and times of day).
                let dates = (0..<150).map { _ in Date(timeIntervalSince1970: Double(Int.random(in: -1_500_000_000...3_200_000_000, using: &generator) / 60 * 60)) }
                    + (0..<150).map { _ in Date(timeIntervalSince1970: 1_711_846_800 + Double(Int.random(in: 0...400, using: &generator) * 900)) }
                for date in dates {
                    XCTAssertEqual(set.string(from: date, patternIndex: index), whole.string(from: date), "\(localeID) \(zoneID) \(pattern) \(date)")
                }
            }
        }
    }
}
