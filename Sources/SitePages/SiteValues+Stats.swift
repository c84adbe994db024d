import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// The values of the statistics page and of each year's review (Templates/README.md: stats,
/// year.review), from `DiaryStats`.
extension SiteValues {
    /// `stats` on stats.html.
    package func stats(_ stats: DiaryStats) -> TemplateValue {
        let names = CalendarNames(localeIdentifier: index.config.localeIdentifier)
        let titles = DateTitles(config: index.config)
        let word = { (key: String) in strings[key] ?? key }
        func emotionSegments(_ counts: DiaryStats.EmotionCounts) -> [(value: Int, color: String?)] {
            stats.emotionIDs.indices.map { (counts.counts[$0], index.emotion(stats.emotionIDs[$0]).color) }
        }

        let years: [TemplateValue] = stats.years.map { review in
            let months = review.months
            func column(_ month: DiaryStats.MonthStats, segments: [(value: Int, color: String?)], emotions: [TemplateValue]) -> BarChart.Column {
                BarChart.Column(label: names.monthLabel(month.month), name: titles.month(year: month.year, month: month.month),
                                url: month.entryCount > 0 ? urls.url(of: .month(year: month.year, month: month.month)) : nil,
                                segments: segments, emotions: emotions)
            }
            let entries = BarChart(id: "entries-\(review.year)", caption: "\(word("entries_per_month")) · \(review.year)",
                                   nameHeader: word("month"), countHeader: word("entries"), columns: months.map { month in
                column(month, segments: emotionSegments(month.emotions), emotions: emotionCounts(month.emotions, of: stats))
            })
            let words = BarChart(id: "words-\(review.year)", caption: "\(word("words_per_month")) · \(review.year)",
                                 nameHeader: word("month"), countHeader: word("words"), columns: months.map { month in
                column(month, segments: [(month.words, nil)], emotions: [])
            })
            return .map([
                "year": .int(review.year),
                "url": .string(urls.url(of: .year(review.year))),
                "count": .int(months.reduce(0) { $0 + $1.entryCount }),
                "words": .int(review.words),
                "charts": .list([entries.value(unit: word("entry_count")), words.value(unit: word("word_count"))]),
            ])
        }

        let weekdayOrder = (0..<7).map { (names.firstWeekday + $0) % 7 }
        let weekdays = BarChart(id: "weekdays", caption: word("by_weekday"), nameHeader: word("weekday"), countHeader: word("entries"),
                                columns: weekdayOrder.map { weekday in
            BarChart.Column(label: names.shortWeekday(weekday), name: names.weekday(weekday),
                            segments: emotionSegments(stats.weekdays[weekday]), emotions: emotionCounts(stats.weekdays[weekday], of: stats))
        })
        let hours = BarChart(id: "hours", caption: word("by_hour"), nameHeader: word("hour"), countHeader: word("entries"),
                             columns: (0..<24).map { hour in
            BarChart.Column(label: hour % 3 == 0 ? String(hour) : "", name: Self.hourName(hour),
                            segments: emotionSegments(stats.hours[hour]), emotions: emotionCounts(stats.hours[hour], of: stats))
        })

        let tags = tagMoods(stats)
        return .map([
            "entry_count": .int(stats.entryCount),
            "day_count": .int(stats.dayCount),
            "word_count": .int(stats.wordCount),
            "current_streak": stats.currentStreak.map(streak) ?? .null,
            "longest_streak": stats.longestStreak.map(streak) ?? .null,
            "emotions": .list(emotionCounts(DiaryStats.EmotionCounts(stats.emotionIDs.indices.map { emotion in
                stats.months.reduce(0) { $0 + $1.emotions.counts[emotion] }
            }), of: stats)),
            "years": .list(years),
            "time_charts": .list([weekdays.value(unit: word("entry_count")), hours.value(unit: word("entry_count"))]),
            "tags": .list(tags),
            "top_tags": .list(Array(tags.prefix(Self.unfoldedTagCount))),
            "more_tags": .list(Array(tags.dropFirst(Self.unfoldedTagCount))),
        ])
    }

    /// How many of the most used tags the statistics page shows before folding the rest: a tag
    /// takes a full-width bar, and a diary's many tags used once made the page thousands of
    /// pixels tall on a phone.
    static let unfoldedTagCount = 10

    /// Each tag of `stats` with the emotions of its entries, as a bar in percent.
    private func tagMoods(_ stats: DiaryStats) -> [TemplateValue] {
        stats.tags.map { tagStats in
            let group = index.tags[tagStats.tag]
            let total = max(1, tagStats.emotions.total)
            var left = 0.0
            let shares: [TemplateValue] = emotionCountPairs(tagStats.emotions, of: stats).map { id, count in
                let width = Double(count) * 100 / Double(total)
                defer { left += width }
                return .map(["emotion": emotionValues[id] ?? .null, "count": .int(count),
                             "x": .double(Self.rounded(left)), "width": .double(Self.rounded(left + width) - Self.rounded(left))])
            }
            return .map(["tag": tagValues[group.slug] ?? .null, "count": .int(tagStats.emotions.total), "emotions": .list(shares)])
        }
    }

    /// `year.review` on year.html: the year's main emotion month by month, its busiest day and
    /// its longest streak.
    func yearReview(_ review: DiaryStats.YearReview) -> TemplateValue {
        .map([
            "months": .list(review.months.map { month in
                .map([
                    "date": .date(date(of: Day(year: month.year, month: month.month, day: 1))),
                    "url": month.entryCount > 0 ? .string(urls.url(of: .month(year: month.year, month: month.month))) : .null,
                    "count": .int(month.entryCount),
                    "main_emotion": month.mainEmotionID.flatMap { emotionValues[$0] } ?? .null,
                ])
            }),
            "busiest_day": .map([
                "date": .date(date(of: review.busiestDay)),
                "url": .string(urls.url(of: .day(review.busiestDay))),
                "count": .int(review.busiestDayEntries),
            ]),
            "longest_streak": streak(review.longestStreak),
            "days_written": .int(review.daysWritten),
        ])
    }

    // MARK: - Parts

    private func streak(_ streak: DiaryStats.Streak) -> TemplateValue {
        .map([
            "days": .int(streak.days),
            "start": .date(date(of: streak.start)),
            "end": .date(date(of: streak.end)),
            "start_url": .string(urls.url(of: .day(streak.start))),
            "end_url": .string(urls.url(of: .day(streak.end))),
        ])
    }

    /// `[{emotion, count}]` for the emotions counted at least once, the most frequent first.
    private func emotionCounts(_ counts: DiaryStats.EmotionCounts, of stats: DiaryStats) -> [TemplateValue] {
        emotionCountPairs(counts, of: stats).map { id, count in
            .map(["emotion": emotionValues[id] ?? .null, "count": .int(count)])
        }
    }

    /// The emotions counted at least once with their counts, the most frequent first (then in
    /// the site's order).
    private func emotionCountPairs(_ counts: DiaryStats.EmotionCounts, of stats: DiaryStats) -> [(String, Int)] {
        counts.counts.indices.filter { counts.counts[$0] > 0 }
            .sorted { (counts.counts[$1], $0) < (counts.counts[$0], $1) }
            .map { (stats.emotionIDs[$0], counts.counts[$0]) }
    }

    /// `09:00`.
    private static func hourName(_ hour: Int) -> String {
        (hour < 10 ? "0" : "") + "\(hour):00"
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
