/// A calendar day in the diary's timezone: the unit of day sections, the calendar and "on this day".
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2025-10-20`.
    public var description: String { joined(by: UInt8(ascii: "-")) }

    /// `2025/10/20`: the day as nested folders (of the site's day page, of `daybook new`'s entries).
    public var path: String { joined(by: UInt8(ascii: "/")) }

    /// The year, month and day, zero-padded, between `separator`s. Digit by digit: a build makes
    /// these for every day and entry, and string interpolation costs ten times as much.
    private func joined(by separator: UInt8) -> String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            let mark = String(UnicodeScalar(separator))
            return Self.pad(year, 4) + mark + Self.pad(month, 2) + mark + Self.pad(day, 2)
        }
        let zero = UInt8(ascii: "0")
        return String(unsafeUninitializedCapacity: 10) { buffer in
            buffer[0] = zero + UInt8(year / 1000)
            buffer[1] = zero + UInt8(year / 100 % 10)
            buffer[2] = zero + UInt8(year / 10 % 10)
            buffer[3] = zero + UInt8(year % 10)
            buffer[4] = separator
            buffer[5] = zero + UInt8(month / 10)
            buffer[6] = zero + UInt8(month % 10)
            buffer[7] = separator
            buffer[8] = zero + UInt8(day / 10)
            buffer[9] = zero + UInt8(day % 10)
            return 10
        }
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Whether `day` exists in `month` of `year` (proleptic Gregorian calendar).
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= daysIn(month: month, year: year)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Days since 1970-01-01 (negative before), for arithmetic without a Calendar.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day that is `days` after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let d = dayOfYear - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// `value` in decimal, zero-padded to `width` digits.
    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
