import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// The year in pixels: 12 rows (months) × 31 columns (days), each day coloured by its main emotion.
struct YearCalendar {
    static let cell = 14
    static let labelWidth = 44

    let index: SiteIndex
    let year: YearSection
    let urls: URLMap

    func value(emotions: [String: TemplateValue], date: (Day) -> Date) -> TemplateValue {
        var sectionByDay: [Day: DaySection] = [:]
        for position in year.days { sectionByDay[index.days[position].day] = index.days[position] }
        var cells: [TemplateValue] = []
        var usedEmotions = Set<String>()
        for month in 1...12 {
            for dayNumber in 1...Day.daysIn(month: month, year: year.year) {
                let day = Day(year: year.year, month: month, day: dayNumber)
                let section = sectionByDay[day]
                var label = day.description
                var fill: TemplateValue = .null
                if let section {
                    let emotion = index.emotion(section.mainEmotionID)
                    usedEmotions.insert(emotion.id)
                    fill = .string(emotion.color)
                    label += " · \(emotion.label) · \(section.entries.count)"
                }
                cells.append(.map([
                    "x": .int(Self.labelWidth + (dayNumber - 1) * Self.cell),
                    "y": .int((month - 1) * Self.cell),
                    "date": .date(date(day)),
                    "fill": fill,
                    "url": section.map { .string(urls.url(of: .day($0.day))) } ?? .null,
                    "label": .string(label),
                ]))
            }
        }
        let rows: [TemplateValue] = (1...12).map { month in
            .map(["y": .int((month - 1) * Self.cell), "date": .date(date(Day(year: year.year, month: month, day: 1)))])
        }
        let legend = index.emotions.filter { usedEmotions.contains($0.slug) }.compactMap { emotions[$0.slug] }
        return .map([
            "width": .int(Self.labelWidth + 31 * Self.cell),
            "height": .int(12 * Self.cell),
            "cell": .int(Self.cell),
            "cells": .list(cells),
            "rows": .list(rows),
            "legend": .list(legend),
        ])
    }
}
