import DiaryModel

/// What the diary adds up to, for the statistics page and each year's review: emotions per
/// month, weekday and hour, writing streaks, entries and words per month, and the emotions each
/// tag goes with. Pure: worked out from a site index, no I/O, no templates.
///
/// Counting rules (SPEC §10):
/// - each entry counts once, for its primary emotion, so a month's emotions add up to its entries;
/// - months, weekdays and hours are the entry's wall-clock time in the diary's timezone;
/// - a streak is a run of consecutive calendar days with at least one entry; the current streak
///   is the run that ends on the newest entry's day; of two equally long runs, the later counts;
/// - words are counted in the body's visible text (`WordCount`).
public struct DiaryStats: Sendable, Equatable {
    /// The emotions counts are kept for, in the site's order (configured first); every
    /// `EmotionCounts` lists its counts in this order.
    public let emotionIDs: [String]
    /// Every month from the oldest entry's to the newest entry's, oldest first (empty ones too).
    public internal(set) var months: [MonthStats]
    /// Monday first.
    public let weekdays: [EmotionCounts]
    /// Hour 0 (00:00–00:59) first.
    public let hours: [EmotionCounts]
    public let currentStreak: Streak?
    public let longestStreak: Streak?
    /// One per tag, the most used first (then in the site's tag order).
    public let tags: [TagStats]
    /// One per year with entries, newest first, like `SiteIndex.years`.
    public internal(set) var years: [YearReview]
    public let entryCount: Int
    public let dayCount: Int
    public internal(set) var wordCount: Int

    /// Entries per emotion, in `DiaryStats.emotionIDs` order.
    public struct EmotionCounts: Sendable, Equatable {
        public var counts: [Int]
        public var total: Int { counts.reduce(0, +) }

        init(emotions: Int) { counts = Array(repeating: 0, count: emotions) }

        public init(_ counts: [Int]) { self.counts = counts }
    }

    public struct MonthStats: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var emotions: EmotionCounts
        public var words: Int
        /// The most frequent primary emotion of the month (a tie goes to the later entry's), or
        /// nil for a month without entries.
        public var mainEmotionID: String?
        public var entryCount: Int { emotions.total }
    }

    /// Consecutive days with entries, both ends included.
    public struct Streak: Sendable, Equatable {
        public var start: Day
        public var end: Day
        public var days: Int { end.daysSinceEpoch - start.daysSinceEpoch + 1 }

        public init(start: Day, end: Day) {
            self.start = start
            self.end = end
        }
    }

    public struct TagStats: Sendable, Equatable {
        /// Position in `SiteIndex.tags`.
        public var tag: Int
        public var emotions: EmotionCounts
    }

    /// A year at a glance, for its year page.
    public struct YearReview: Sendable, Equatable {
        public var year: Int
        /// January to December (months without entries too).
        public var months: [MonthStats]
        /// The day with the most entries (a tie goes to the later day).
        public var busiestDay: Day
        public var busiestDayEntries: Int
        /// The longest run of days with entries inside the year.
        public var longestStreak: Streak
        public var daysWritten: Int
        public var words: Int
    }

    /// Works the statistics out; `words` gives the word count of an entry's body.
    public init(index: SiteIndex, words: (Entry) -> Int = { $0.wordCount }) {
        let emotionIDs = index.emotions.map(\.slug)
        self.emotionIDs = emotionIDs
        var emotionPosition: [String: Int] = [:]
        for (position, id) in emotionIDs.enumerated() { emotionPosition[id] = position }
        let entries = index.entries
        // One pass reads what is counted of each entry: at 109,500 entries each pass over them
        // costs a memory read per entry.
        var primary: [Int] = []
        var wordsPerEntry: [Int] = []
        var moments: [(day: Day, hour: Int)] = []
        primary.reserveCapacity(entries.count)
        wordsPerEntry.reserveCapacity(entries.count)
        moments.reserveCapacity(entries.count)
        for entry in entries {
            primary.append(emotionPosition[entry.primaryEmotionID] ?? 0)
            wordsPerEntry.append(words(entry))
            moments.append((entry.day, entry.local.hour))
        }

        // Months, weekdays and hours.
        var weekdays = Array(repeating: EmotionCounts(emotions: emotionIDs.count), count: 7)
        var hours = Array(repeating: EmotionCounts(emotions: emotionIDs.count), count: 24)
        var months: [MonthStats] = []
        // Per month, the position of the last entry of each emotion (-1: none), for the month's main emotion.
        var lastOfEmotion: [[Int]] = []
        if let first = moments.first?.day, let last = moments.last?.day {
            var (year, month) = (first.year, first.month)
            while (year, month) <= (last.year, last.month) {
                months.append(MonthStats(year: year, month: month, emotions: EmotionCounts(emotions: emotionIDs.count), words: 0))
                lastOfEmotion.append(Array(repeating: -1, count: emotionIDs.count))
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            }
        }
        for (position, (day, hour)) in moments.enumerated() {
            let emotion = primary[position]
            weekdays[Self.weekday(of: day)].counts[emotion] += 1
            hours[hour].counts[emotion] += 1
            if let first = moments.first?.day {
                let slot = (day.year - first.year) * 12 + day.month - first.month
                months[slot].emotions.counts[emotion] += 1
                months[slot].words += wordsPerEntry[position]
                lastOfEmotion[slot][emotion] = position
            }
        }
        // The most frequent emotion; of equally frequent ones, the later entry's (as `SiteIndex.mainEmotion`).
        for slot in months.indices {
            let counts = months[slot].emotions.counts
            let main = counts.indices.filter { counts[$0] > 0 }.max { (counts[$0], lastOfEmotion[slot][$0]) < (counts[$1], lastOfEmotion[slot][$1]) }
            months[slot].mainEmotionID = main.map { emotionIDs[$0] }
        }
        self.months = months
        self.weekdays = weekdays
        self.hours = hours

        // Streaks, over the days with entries (oldest first).
        let days = index.days.reversed().map(\.day)
        let runs = Self.runs(of: days)
        longestStreak = Self.longest(runs)
        currentStreak = runs.last

        tags = index.tags.indices.map { tag in
            var counts = EmotionCounts(emotions: emotionIDs.count)
            for entry in index.tags[tag].entries { counts.counts[primary[entry]] += 1 }
            return TagStats(tag: tag, emotions: counts)
        }.enumerated().sorted { a, b in
            (a.element.emotions.total, -a.offset) > (b.element.emotions.total, -b.offset)
        }.map(\.element)

        var monthByKey: [Int: MonthStats] = [:]
        for month in months { monthByKey[month.year * 100 + month.month] = month }
        years = index.years.map { year in
            let sections = year.days.map { index.days[$0] }
            let busiest = sections.max { a, b in (a.entries.count, a.day) < (b.entries.count, b.day) }!
            let yearMonths = (1...12).map { month in
                monthByKey[year.year * 100 + month]
                    ?? MonthStats(year: year.year, month: month, emotions: EmotionCounts(emotions: emotionIDs.count), words: 0)
            }
            return YearReview(year: year.year, months: yearMonths, busiestDay: busiest.day, busiestDayEntries: busiest.entries.count,
                              longestStreak: Self.longest(Self.runs(of: sections.map(\.day)))!, daysWritten: sections.count,
                              words: yearMonths.reduce(0) { $0 + $1.words })
        }

        entryCount = entries.count
        dayCount = days.count
        wordCount = wordsPerEntry.reduce(0, +)
    }

    /// The statistics of `entries`, which have the shape of `earlier` (`SiteIndex.haveSameShape`),
    /// the entries these were worked out from: only bodies differ, so only word counts can.
    public func updatingWords(from earlier: [Entry], to entries: [Entry]) -> DiaryStats {
        var stats = self
        guard let first = entries.first?.day else { return stats }
        for position in entries.indices where entries[position].identity != earlier[position].identity {
            let change = entries[position].wordCount - earlier[position].wordCount
            guard change != 0 else { continue }
            let day = entries[position].day
            stats.months[(day.year - first.year) * 12 + day.month - first.month].words += change
            if let year = stats.years.firstIndex(where: { $0.year == day.year }) {
                stats.years[year].months[day.month - 1].words += change
                stats.years[year].words += change
            }
            stats.wordCount += change
        }
        return stats
    }

    /// 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday).
    static func weekday(of day: Day) -> Int {
        ((day.daysSinceEpoch + 3) % 7 + 7) % 7
    }

    /// The runs of consecutive days in `days` (sorted, no repeats), oldest first.
    private static func runs(of days: [Day]) -> [Streak] {
        var runs: [Streak] = []
        var previous: Int?
        for day in days {
            let number = day.daysSinceEpoch
            if let previous, number == previous + 1 {
                runs[runs.count - 1].end = day
            } else {
                runs.append(Streak(start: day, end: day))
            }
            previous = number
        }
        return runs
    }

    /// The longest run; of equally long ones, the later.
    private static func longest(_ runs: [Streak]) -> Streak? {
        runs.max { a, b in a.days < b.days || (a.days == b.days && a.start < b.start) }
    }
}
