import DiaryModel
import Foundation

/// A `date:` value as written: a wall-clock reading, with a UTC offset when one was given.
public struct EntryDate: Equatable, Sendable {
    public var wallClock: LocalDateTime
    /// Seconds east of UTC, when the text carried `Z` or `±HH:MM`.
    public var utcOffsetSeconds: Int?

    /// Reads `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` and `YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]`,
    /// or says what is wrong with the text.
    public static func parse(_ text: String) -> Result<EntryDate, EntryDateError> {
        var reader = DigitReader(Array(text.trimmed.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2) else { return .failure(.unreadable) }
        guard Day.isValid(year: year, month: month, day: day) else {
            return .failure(.impossibleDay(year: year, month: month, day: day))
        }
        let calendarDay = Day(year: year, month: month, day: day)
        if reader.isAtEnd { return .success(EntryDate(wallClock: LocalDateTime(day: calendarDay), utcOffsetSeconds: nil)) }

        guard reader.skip(" ") || reader.skip("T") || reader.skip("t"),
              let hour = reader.number(digits: 2), reader.skip(":"),
              let minute = reader.number(digits: 2) else { return .failure(.unreadable) }
        var second = 0
        if reader.skip(":") {
            guard let value = reader.number(digits: 2) else { return .failure(.unreadable) }
            second = value
        }
        guard hour < 24, minute < 60, second < 60 else {
            return .failure(.impossibleTime(hour: hour, minute: minute, second: second))
        }
        let wallClock = LocalDateTime(day: calendarDay, hour: hour, minute: minute, second: second)
        if reader.isAtEnd { return .success(EntryDate(wallClock: wallClock, utcOffsetSeconds: nil)) }

        if reader.skip("Z") || reader.skip("z") {
            return reader.isAtEnd ? .success(EntryDate(wallClock: wallClock, utcOffsetSeconds: 0)) : .failure(.unreadable)
        }
        let sign: Int
        if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return .failure(.unreadable) }
        guard let offsetHours = reader.number(digits: 2) else { return .failure(.unreadable) }
        _ = reader.skip(":")
        guard let offsetMinutes = reader.number(digits: 2), reader.isAtEnd else { return .failure(.unreadable) }
        guard offsetHours <= 18, offsetMinutes < 60 else { return .failure(.impossibleOffset) }
        return .success(EntryDate(wallClock: wallClock, utcOffsetSeconds: sign * (offsetHours * 3600 + offsetMinutes * 60)))
    }

    /// The moment this date names, and the same moment on the diary's wall clock.
    public func resolve(in timeZone: TimeZone) -> (instant: Date, local: LocalDateTime) {
        if let offset = utcOffsetSeconds {
            let instant = Date(timeIntervalSince1970: TimeInterval(wallClock.wallClockSeconds - offset))
            let localSeconds = wallClock.wallClockSeconds - offset + timeZone.secondsFromGMT(for: instant)
            return (instant, LocalDateTime(wallClockSeconds: localSeconds))
        }
        // Guess the offset at the wall-clock reading, then correct it once for a DST change in between.
        let seconds = wallClock.wallClockSeconds
        var offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds - offset)))
        return (Date(timeIntervalSince1970: TimeInterval(seconds - offset)), wallClock)
    }
}

/// Why a `date:` value could not be read.
public enum EntryDateError: Error, Equatable, Sendable {
    case unreadable
    case impossibleDay(year: Int, month: Int, day: Int)
    case impossibleTime(hour: Int, minute: Int, second: Int)
    case impossibleOffset

    public func message(for text: String) -> String {
        switch self {
        case .unreadable:
            return "cannot read the date '\(text)'; write it as YYYY-MM-DD, YYYY-MM-DD HH:MM or 2025-10-20T09:30:00+09:00"
        case let .impossibleDay(year, month, _):
            guard (1...12).contains(month) else { return "the date '\(text)' does not exist: there is no month \(month)" }
            return "the date '\(text)' does not exist: \(Self.monthNames[month - 1]) \(year) has \(Day.daysIn(month: month, year: year)) days"
        case .impossibleTime:
            return "the time in '\(text)' does not exist; hours go from 00 to 23, minutes and seconds from 00 to 59"
        case .impossibleOffset:
            return "the UTC offset in '\(text)' is out of range; write it as +HH:MM between -18:00 and +18:00"
        }
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]
}

/// Reads fixed-width numbers and single characters from ASCII bytes.
private struct DigitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard position + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + digits] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += digits
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }
}
