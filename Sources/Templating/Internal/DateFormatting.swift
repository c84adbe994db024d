import Foundation

/// Date formatters for one render at a time. `DateFormatter` is expensive to create and not
/// safe to share between threads, so each render borrows a set with its `RenderKit`.
///
/// A site prints the same entry dates on many pages, and formatting through ICU cost about a
/// third of rendering, so each set remembers what it has formatted, by pattern and instant, and
/// what any set formats is also kept in `FormattedDates` for the others.
final class DateFormatterSet {
    private let patterns: [String]
    private let locale: Locale
    private let timeZone: TimeZone
    private let shared: FormattedDates
    private var formatters: [DateFormatter?]
    private var isoFormatter: DateFormatter?
    /// This set's own copy of what it has used, read without a lock; the ISO pattern comes last.
    private var known: [[Date: String]]
    /// Between groups of three digits in a number, in the library's locale (`12,345`).
    let groupingSeparator: String
    /// Per pattern: how many instants it has formatted, and its parts once it has formatted enough.
    private var misses: [Int]
    private var parts: [DatePatternParts?]
    static let missesBeforeParts = 32

    init(patterns: [String], locale: Locale, timeZone: TimeZone, shared: FormattedDates) {
        self.patterns = patterns
        self.locale = locale
        self.timeZone = timeZone
        self.shared = shared
        self.formatters = Array(repeating: nil, count: patterns.count)
        self.known = Array(repeating: [:], count: patterns.count + 1)
        self.misses = Array(repeating: 0, count: patterns.count)
        self.parts = Array(repeating: nil, count: patterns.count)
        self.groupingSeparator = locale.groupingSeparator ?? ","
    }

    /// `date` formatted with the pattern the compiler numbered `patternIndex`.
    func string(from date: Date, patternIndex: Int) -> String {
        text(for: date, patternIndex: patternIndex) {
            // A pattern that keeps meeting new instants is worth cutting into parts (`DatePatternParts`).
            misses[patternIndex] += 1
            if misses[patternIndex] == Self.missesBeforeParts {
                parts[patternIndex] = DatePatternParts(pattern: patterns[patternIndex], locale: locale, timeZone: timeZone,
                                                       whole: formatter(patternIndex))
            }
            return parts[patternIndex]?.string(from: date) ?? formatter(patternIndex).string(from: date)
        }
    }

    /// `date` as ISO 8601 with the offset of the engine's timezone, for the `json` filter.
    func isoString(from date: Date) -> String {
        text(for: date, patternIndex: patterns.count) {
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
            return formatter.string(from: date)
        }
    }

    /// The text of `date` in pattern `patternIndex`: remembered by this set, else by another
    /// set, else made by `format` and shared.
    private func text(for date: Date, patternIndex: Int, format: () -> String) -> String {
        if let text = known[patternIndex][date] { return text }
        let text: String
        if let sharedText = shared.string(for: date, patternIndex: patternIndex) {
            text = sharedText
        } else {
            text = format()
            shared.remember(text, for: date, patternIndex: patternIndex)
        }
        known[patternIndex][date] = text
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

/// Dates already formatted, by pattern number (the ISO pattern after the compiler's) and instant,
/// shared by every set of one library under a lock: when each set kept only its own, every
/// thread formatted the same entry dates again through ICU.
final class FormattedDates: @unchecked Sendable {
    private let lock = NSLock()
    private var strings: [[Date: String]]

    init(patternCount: Int) {
        strings = Array(repeating: [:], count: patternCount + 1)
    }

    func string(for date: Date, patternIndex: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return strings[patternIndex][date]
    }

    func remember(_ text: String, for date: Date, patternIndex: Int) {
        lock.lock()
        strings[patternIndex][date] = text
        lock.unlock()
    }
}
