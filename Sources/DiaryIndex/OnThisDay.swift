import DiaryModel

/// The diary's entries by calendar day of the year (month and day, any year), for "on this day":
/// the site publishes one small file per calendar day that has entries, and the reader's browser
/// picks the file of its own today, so the section is right on any day without a rebuild.
public struct OnThisDay: Sendable {
    /// A month and day without a year.
    public struct CalendarDay: Hashable, Comparable, Sendable {
        public var month: Int
        public var day: Int

        public init(month: Int, day: Int) {
            self.month = month
            self.day = day
        }

        /// `03-02`: the name of the day's file.
        public var name: String { "\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)" }

        /// 0 for 1 January … 365 for 31 December, counted in a leap year (29 February is 59).
        public var dayOfLeapYear: Int { Day(year: 2000, month: month, day: day).daysSinceEpoch - Day(year: 2000, month: 1, day: 1).daysSinceEpoch }

        public static func < (a: CalendarDay, b: CalendarDay) -> Bool { (a.month, a.day) < (b.month, b.day) }
    }

    /// Each calendar day with entries, in calendar order, with its entries newest first.
    public let days: [(day: CalendarDay, entries: [Int])]

    public init(index: SiteIndex) {
        // Gone over by day, newest first, and by slot of month and day: at 109,500 entries, reading
        // each entry's date and hashing it cost 16 ms of every build.
        var slots = [[Int]](repeating: [], count: 12 * 31)
        for section in index.days {
            let slot = (section.day.month - 1) * 31 + section.day.day - 1
            slots[slot].append(contentsOf: section.entries.reversed())
        }
        days = slots.indices.compactMap { slot in
            slots[slot].isEmpty ? nil : (CalendarDay(month: slot / 31 + 1, day: slot % 31 + 1), slots[slot])
        }
    }

    /// Which calendar days have entries, as 92 hexadecimal digits: bit `n` (the `n % 4`th bit
    /// from the top of digit `n / 4`) is set when day `dayOfLeapYear == n` has a file. Small
    /// enough to put in the home page, so the browser asks only for a file that exists.
    public var daysWithEntries: String {
        var bits = [UInt8](repeating: 0, count: 92)
        for (day, _) in days {
            let position = day.dayOfLeapYear
            bits[position / 4] |= 8 >> UInt8(position % 4)
        }
        let digits = Array("0123456789abcdef")
        return String(bits.map { digits[Int($0)] })
    }
}
