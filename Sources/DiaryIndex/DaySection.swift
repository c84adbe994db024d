import DiaryModel

/// One day of the diary: its entries, oldest first (SPEC §3).
public struct DaySection: Sendable {
    public var day: Day
    /// Indexes into `SiteIndex.entries`, in time order.
    public var entries: [Int]
    /// The day's most frequent primary emotion; a tie goes to the later entry's.
    public var mainEmotionID: String
}

/// One month: its days, newest first.
public struct MonthSection: Sendable {
    public var year: Int
    public var month: Int
    /// Indexes into `SiteIndex.days`, newest first.
    public var days: [Int]
    public var entryCount: Int
}

/// One year: its months, newest first, and every day for the year-in-pixels calendar.
public struct YearSection: Sendable {
    public var year: Int
    /// Indexes into `SiteIndex.months`, newest first.
    public var months: [Int]
    /// Indexes into `SiteIndex.days`, oldest first.
    public var days: [Int]
    public var entryCount: Int
}
