import Foundation

/// Date formatters for one render at a time. `DateFormatter` is expensive to create and not
/// safe to share between threads, so each render borrows a set from `DateFormatterPool`.
///
/// A site prints the same entry dates on many pages, and formatting through ICU cost about a
/// third of rendering, so each set remembers what it has formatted, by pattern and instant.
final class DateFormatterSet {
    private let patterns: [String]
    private let locale: Locale
    private let timeZone: TimeZone
    private var formatters: [DateFormatter?]
    private var isoFormatter: DateFormatter?
    private var formatted: [[Date: String]]
    private var isoFormatted: [Date: String] = [:]

    init(patterns: [String], locale: Locale, timeZone: TimeZone) {
        self.patterns = patterns
        self.locale = locale
        self.timeZone = timeZone
        self.formatters = Array(repeating: nil, count: patterns.count)
        self.formatted = Array(repeating: [:], count: patterns.count)
    }

    /// `date` formatted with the pattern the compiler numbered `patternIndex`.
    func string(from date: Date, patternIndex: Int) -> String {
        if let text = formatted[patternIndex][date] { return text }
        let text = formatter(patternIndex).string(from: date)
        formatted[patternIndex][date] = text
        return text
    }

    /// `date` as ISO 8601 with the offset of the engine's timezone, for the `json` filter.
    func isoString(from date: Date) -> String {
        if let text = isoFormatted[date] { return text }
        let formatter: DateFormatter
        if let isoFormatter {
            formatter = isoFormatter
        } else {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
            isoFormatter = formatter
        }
        let text = formatter.string(from: date)
        isoFormatted[date] = text
        return text
    }

    private func formatter(_ patternIndex: Int) -> DateFormatter {
        if let formatter = formatters[patternIndex] { return formatter }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = patterns[patternIndex]
        formatters[patternIndex] = formatter
        return formatter
    }
}

/// A locked pool of `DateFormatterSet`s: a render takes one, uses it alone, and gives it back.
final class DateFormatterPool: @unchecked Sendable {
    private let patterns: [String]
    private let locale: Locale
    private let timeZone: TimeZone
    private let lock = NSLock()
    private var idle: [DateFormatterSet] = []

    init(patterns: [String], locale: Locale, timeZone: TimeZone) {
        self.patterns = patterns
        self.locale = locale
        self.timeZone = timeZone
    }

    func borrow() -> DateFormatterSet {
        lock.lock()
        let set = idle.popLast()
        lock.unlock()
        return set ?? DateFormatterSet(patterns: patterns, locale: locale, timeZone: timeZone)
    }

    func giveBack(_ set: DateFormatterSet) {
        lock.lock()
        idle.append(set)
        lock.unlock()
    }
}
