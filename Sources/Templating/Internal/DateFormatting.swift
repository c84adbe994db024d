import Foundation

/// Date formatters for one render at a time. `DateFormatter` is expensive to create and not
/// safe to share between threads, so each render borrows a set from `DateFormatterPool`.
final class DateFormatterSet {
    private let patterns: [String]
    private let locale: Locale
    private let timeZone: TimeZone
    private var formatters: [DateFormatter?]
    private var isoFormatter: DateFormatter?

    init(patterns: [String], locale: Locale, timeZone: TimeZone) {
        self.patterns = patterns
        self.locale = locale
        self.timeZone = timeZone
        self.formatters = Array(repeating: nil, count: patterns.count)
    }

    /// `date` formatted with the pattern the compiler numbered `patternIndex`.
    func string(from date: Date, patternIndex: Int) -> String {
        if let formatter = formatters[patternIndex] { return formatter.string(from: date) }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = patterns[patternIndex]
        formatters[patternIndex] = formatter
        return formatter.string(from: date)
    }

    /// `date` as ISO 8601 with the offset of the engine's timezone, for the `json` filter.
    func isoString(from date: Date) -> String {
        if let isoFormatter { return isoFormatter.string(from: date) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        isoFormatter = formatter
        return formatter.string(from: date)
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
