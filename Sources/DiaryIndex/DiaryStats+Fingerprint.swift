import BuildSupport
import DiaryModel

extension DiaryStats {
    /// Feeds every number of the statistics into `hasher`: equal statistics hash equally, so a
    /// page drawn from them needs drawing again only when this changes. A new stored property
    /// must be added here too.
    public func fingerprint(into hasher: inout StableHasher) {
        hasher.combine(emotionIDs.joined(separator: "\n"))
        hasher.combine(months.count)
        for month in months { month.fingerprint(into: &hasher) }
        for counts in weekdays + hours { counts.fingerprint(into: &hasher) }
        for streak in [currentStreak, longestStreak] { Self.fingerprint(streak, into: &hasher) }
        hasher.combine(tags.count)
        for tag in tags {
            hasher.combine(tag.tag)
            tag.emotions.fingerprint(into: &hasher)
        }
        hasher.combine(years.count)
        for year in years {
            hasher.combine(year.year)
            for month in year.months { month.fingerprint(into: &hasher) }
            hasher.combine(year.busiestDay.daysSinceEpoch)
            hasher.combine(year.busiestDayEntries)
            Self.fingerprint(year.longestStreak, into: &hasher)
            hasher.combine(year.daysWritten)
            hasher.combine(year.words)
        }
        hasher.combine(entryCount)
        hasher.combine(dayCount)
        hasher.combine(wordCount)
    }

    private static func fingerprint(_ streak: Streak?, into hasher: inout StableHasher) {
        hasher.combine(streak?.start.daysSinceEpoch ?? Int.min)
        hasher.combine(streak?.end.daysSinceEpoch ?? Int.min)
    }
}

extension DiaryStats.EmotionCounts {
    func fingerprint(into hasher: inout StableHasher) {
        hasher.combine(counts.count)
        for count in counts { hasher.combine(count) }
    }
}

extension DiaryStats.MonthStats {
    func fingerprint(into hasher: inout StableHasher) {
        hasher.combine(year * 100 + month)
        emotions.fingerprint(into: &hasher)
        hasher.combine(words)
        hasher.combine(mainEmotionID ?? "\u{0}")
    }
}
