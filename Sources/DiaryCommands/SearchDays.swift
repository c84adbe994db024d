import DiaryReader

/// The days `daybook search --from D --to D --on D` keeps (SPEC §4). Each flag names a day that
/// exists, as `YYYY-MM-DD`, by the rule that front matter's dates follow (`EntryDate`), so that
/// `2021-02-30` is refused with the reason rather than read as some day in March; `--from` must
/// not be after `--to`, and `--on` stands alone.
public struct SearchDays: Equatable, Sendable {
    /// The days kept, both ends included, as `YYYY-MM-DD`; nil when no flag was given.
    public let range: ClosedRange<String>?

    /// Reads the flags, or throws a usage error that names the flag, the day and what is wrong.
    public init(from: String?, to: String?, on: String?) throws {
        if on != nil, from != nil || to != nil {
            throw CommandError("--on cannot be combined with --from or --to", isUsage: true)
        }
        if let on {
            let day = try Self.day(on, flag: "--on")
            range = day...day
            return
        }
        guard from != nil || to != nil else {
            range = nil
            return
        }
        let first = try from.map { try Self.day($0, flag: "--from") } ?? Self.earliest
        let last = try to.map { try Self.day($0, flag: "--to") } ?? Self.latest
        guard first <= last else {
            throw CommandError("--from \(first) is after --to \(last), so no day is in between; give the earlier day to --from",
                               isUsage: true)
        }
        range = first...last
    }

    /// The ends of an open range: every entry's day is between them.
    static let earliest = "0000-01-01"
    static let latest = "9999-12-31"

    /// `text` when it is a day that exists, written `YYYY-MM-DD`.
    private static func day(_ text: String, flag: String) throws -> String {
        let expected = CommandError("\(flag) expects a day as YYYY-MM-DD, such as 2025-10-20; found '\(text)'", isUsage: true)
        guard text.utf8.count == 10 else { throw expected }
        switch EntryDate.parse(text) {
        case .success(let date): return date.wallClock.day.description
        case .failure(.unreadable): throw expected
        case .failure(let problem): throw CommandError("\(flag): \(problem.message(for: text))", isUsage: true)
        }
    }
}
