/// A wall-clock time in the diary's timezone: what the diary writer sees on the page.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var day: Day
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(day: Day, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `2025-10-20 09:30`, the form `daybook search` prints and the fallback title uses.
    public var description: String { "\(day) \(Day.pad(hour, 2)):\(Day.pad(minute, 2))" }

    /// Seconds since 1970-01-01 00:00 of the same wall-clock reading (not an instant).
    public var wallClockSeconds: Int {
        day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
    }

    public init(wallClockSeconds seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        self.init(day: Day(daysSinceEpoch: days), hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.wallClockSeconds < rhs.wallClockSeconds
    }
}
