import Foundation

/// Month and weekday names in the diary's locale, and the weekday its weeks start on.
package struct CalendarNames {
    private let shortMonths: [String]
    private let shortMonthsFit: Bool
    private let weekdays: [String]
    private let shortWeekdays: [String]
    /// 0 for Monday … 6 for Sunday, like `DiaryStats.weekdays`.
    let firstWeekday: Int

    package init(localeIdentifier: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: localeIdentifier)
        shortMonths = formatter.shortStandaloneMonthSymbols
        shortMonthsFit = shortMonths.allSatisfy { $0.count <= 3 && $0.allSatisfy(\.isASCII) }
        weekdays = formatter.standaloneWeekdaySymbols
        shortWeekdays = formatter.shortStandaloneWeekdaySymbols
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: localeIdentifier)
        // Calendar counts from Sunday = 1.
        firstWeekday = (calendar.firstWeekday + 5) % 7
    }

    /// A month's name on a narrow axis: `Mar` where every short name is at most three plain
    /// letters (English), else its number (`10월` would not fit).
    func monthLabel(_ month: Int) -> String {
        shortMonthsFit ? shortMonths[month - 1] : String(month)
    }

    /// `Monday`, `월요일`, for 0 (Monday) … 6 (Sunday).
    package func weekday(_ weekday: Int) -> String { weekdays[(weekday + 1) % 7] }

    func shortWeekday(_ weekday: Int) -> String { shortWeekdays[(weekday + 1) % 7] }
}
