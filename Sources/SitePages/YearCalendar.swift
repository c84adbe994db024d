import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// The year in pixels: a day-number header and, for each month, 31 cells (the days the month
/// lacks are fillers), each day coloured by its main emotion. In this order a CSS grid draws it
/// with months as rows on a wide screen and as columns on a phone, from the same markup.
package struct YearCalendar {
    package let index: SiteIndex
    package let year: YearSection
    package let urls: URLMap

    package func value(emotions: [String: TemplateValue], names: CalendarNames, date: (Day) -> Date) -> TemplateValue {
        var sectionByDay: [Day: DaySection] = [:]
        for position in year.days { sectionByDay[index.days[position].day] = index.days[position] }
        var usedEmotions = Set<String>()
        let months: [TemplateValue] = (1...12).map { month in
            let length = Day.daysIn(month: month, year: year.year)
            let cells: [TemplateValue] = (1...31).map { dayNumber in
                guard dayNumber <= length else { return .map(["day": .int(dayNumber), "date": .null, "fill": .null, "url": .null, "label": .string("")]) }
                let day = Day(year: year.year, month: month, day: dayNumber)
                guard let section = sectionByDay[day] else {
                    return .map(["day": .int(dayNumber), "date": .date(date(day)), "fill": .null, "url": .null, "label": .string(day.description)])
                }
                let emotion = index.emotion(section.mainEmotionID)
                usedEmotions.insert(emotion.id)
                return .map([
                    "day": .int(dayNumber),
                    "date": .date(date(day)),
                    "fill": .string(emotion.color),
                    "url": .string(urls.url(of: .day(section.day))),
                    "label": .string("\(day.description) · \(emotion.label) · \(section.entries.count)"),
                ])
            }
            return .map(["date": .date(date(Day(year: year.year, month: month, day: 1))), "label": .string(names.monthLabel(month)),
                         "cells": .list(cells)])
        }
        let legend = index.emotions.filter { usedEmotions.contains($0.slug) }.compactMap { emotions[$0.slug] }
        return .map([
            "day_numbers": .list((1...31).map { .int($0) }),
            "months": .list(months),
            "legend": .list(legend),
        ])
    }
}
