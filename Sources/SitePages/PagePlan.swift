import BuildSupport
import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// One page of the site: where it goes, which template draws it, and the values it needs.
package struct PlannedPage: Sendable {
    /// Where the page is in the site.
    package var place: URLMap.Place
    /// Relative to the output folder: `2025/10/20/index.html`.
    package var path: String
    package var template: String
    package var kind: String
    package var title: String
    /// The entries whose content the page shows (in full or as cards), by index.
    package var entries: [Int] = []
    /// Those of `entries` the page shows in full (`SiteValues.fullEntry`), not only as cards.
    package var inFull: [Int] = []
    /// Anything else the page's values depend on besides those entries and the site-wide values
    /// (neighbouring days, page counts…), as text: a change in it re-renders the page.
    package var key: String = ""
    /// The page's own values (besides `site` and `page`), built when the page is rendered.
    package var values: @Sendable (SiteValues) -> [String: TemplateValue]
    /// When set, the page is its template drawn once per part and published as one file.
    package var parts: PageParts?

    package init(_ place: URLMap.Place, template: String, kind: String, title: String, entries: [Int] = [], inFull: [Int] = [],
         key: String = "", values: @escaping @Sendable (SiteValues) -> [String: TemplateValue]) {
        self.place = place
        self.path = URLMap.file(of: place)
        self.template = template
        self.kind = kind
        self.title = title
        self.entries = entries
        self.inFull = inFull
        self.key = key
        self.values = values
    }
}

/// A run of pages of one kind, in the plan's order: how many, and how to plan the page at a
/// position among them, so that a build can plan a few pages without planning them all.
package struct PageSection {
    package let count: Int
    package let page: (Int) -> PlannedPage

    package init(count: Int, page: @escaping (Int) -> PlannedPage) {
        self.count = count
        self.page = page
    }

    package init(_ page: @escaping () -> PlannedPage) {
        self.init(count: 1) { _ in page() }
    }
}

/// A page drawn as its template rendered once per part, each with values of its own, and
/// published as one file that holds every part by name (`OnThisDayCalendar`).
package struct PageParts: Sendable {
    /// Each part's name in the file, and where it would be as a page of its own (its `page.url`).
    package var names: [String]
    package var places: [URLMap.Place]
    package var values: @Sendable (_ part: Int, SiteValues) -> [String: TemplateValue]
}

/// Lists every page of SPEC §3 for a site index.
package struct PagePlan {
    package let index: SiteIndex
    package let stats: DiaryStats
    /// How "on this day" is published: a file per calendar day, of which the home page asks for
    /// its reader's today only, or (an encrypted site) one calendar file fetched whatever the date.
    package var onThisDayForm = OnThisDayForm.dayFiles

    package enum OnThisDayForm {
        case dayFiles
        case calendar
    }

    package init(index: SiteIndex, stats: DiaryStats) {
        self.index = index
        self.stats = stats
    }

    /// Every page, in the plan's order.
    package func pages() -> [PlannedPage] {
        var pages: [PlannedPage] = []
        for section in sections() {
            for position in 0..<section.count { pages.append(section.page(position)) }
        }
        return pages
    }

    /// The pages at `positions` in the plan's order (ascending), and none other.
    package func pages(at positions: [Int]) -> [PlannedPage] {
        var pages: [PlannedPage] = []
        pages.reserveCapacity(positions.count)
        var next = 0
        var start = 0
        for section in sections() {
            while next < positions.count, positions[next] < start + section.count {
                pages.append(section.page(positions[next] - start))
                next += 1
            }
            start += section.count
        }
        return pages
    }

    /// The plan as runs of pages, each working out its own pages only when asked.
    package func sections() -> [PageSection] {
        var sections: [PageSection] = []
        let index = self.index
        let titles = DateTitles(config: index.config)
        let pageSize = index.config.pageSize

        let words = SiteStrings.table(for: index.config.localeIdentifier, overrides: index.config.strings)
        // "On this day" is decided in the reader's browser: the home page lists only which
        // calendar days have a file, so it changes when a calendar day gains or loses its first entry.
        let onThisDay = OnThisDay(index: index)
        let daysWithEntries = onThisDay.daysWithEntries

        sections.append(PageSection {
            let recent = index.recentDays
            let homeEntries = (index.latestEntry.map { [$0] + [index.previous(of: $0)].compactMap { $0 } } ?? [])
                + recent.flatMap { index.days[$0].entries }
            // The oldest recent day links to the day before it.
            return PlannedPage(.home, template: "home.html", kind: "home", title: index.config.title, entries: homeEntries,
                               inFull: index.latestEntry.map { [$0] } ?? [],
                               key: dayKeys(0..<min(recent.upperBound + 1, index.days.count)) + "|" + daysWithEntries) { values in
                let index = values.index
                return [
                    "latest": index.latestEntry.map { values.fullEntry($0) } ?? .null,
                    "recent_days": .list(index.recentDays.map { values.day($0) }),
                    "on_this_day": .map(["days": .string(daysWithEntries), "files_url": .string(values.urls.url(of: .onThisDayFolder))]),
                ]
            }
        })
        sections.append(onThisDaySection(onThisDay))
        sections.append(PageSection(count: index.entries.count) { position in
            let entry = index.entries[position]
            let neighbours = [index.previous(of: position), index.next(of: position)].compactMap { $0 }
            return PlannedPage(.entry(entry), template: "entry.html", kind: "entry", title: entry.title,
                               entries: [position] + neighbours, inFull: [position]) { values in
                ["entry": values.fullEntry(position, anchored: true)]
            }
        })
        sections.append(PageSection(count: index.days.count) { position in
            let section = index.days[position]
            return PlannedPage(.day(section.day), template: "day.html", kind: "day",
                               title: titles.day(section.day), entries: section.entries.flatMap(neighboursIncluded),
                               inFull: section.entries,
                               key: dayKeys(max(0, position - 1)..<min(index.days.count, position + 2))) { values in
                ["day": values.day(position, full: true)]
            }
        })
        sections.append(PageSection(count: index.months.count) { position in
            let month = index.months[position]
            return PlannedPage(.month(year: month.year, month: month.month), template: "month.html", kind: "month",
                               title: titles.month(year: month.year, month: month.month),
                               entries: month.days.flatMap { index.days[$0].entries },
                               key: dayKeys(max(0, month.days.first! - 1)..<min(index.days.count, month.days.last! + 2))) { values in
                ["month": values.month(position)]
            }
        })
        sections.append(PageSection(count: index.years.count) { yearPage($0) })

        let archive = Pagination(count: index.days.count, size: pageSize)
        let jumpKey = index.months.map { "\($0.year)-\($0.month):\($0.entryCount)" }.joined(separator: ",")
        sections.append(PageSection(count: archive.pageCount) { position in
            let number = position + 1
            let shown = archive.range(ofPage: number)
            return PlannedPage(.archive(page: number), template: "archive.html",
                               kind: "archive", title: Self.numbered(words["archive"]!, number),
                               entries: shown.flatMap { index.days[$0].entries },
                               key: "\(archive.pageCount)|\(jumpKey)|" + dayKeys(max(0, shown.lowerBound - 1)..<min(index.days.count, shown.upperBound + 1))) { values in
                [
                    "days": .list(archive.range(ofPage: number).map { values.day($0) }),
                    "jump": values.jumpIndex(),
                    "pagination": values.pagination(archive, page: number) { .archive(page: $0) },
                ]
            }
        })

        sections.append(PageSection {
            PlannedPage(.emotions, template: "emotions.html", kind: "emotions", title: words["emotions"]!) { values in
                ["emotions": .list(values.index.emotions.map { values.emotionValues[$0.slug]! })]
            }
        })
        for group in index.emotions {
            let emotion = index.emotion(group.slug)
            sections.append(groupPages(group, place: { .emotion(id: group.slug, page: $0) }, template: "emotion.html", kind: "emotion",
                                       title: "\(emotion.emoji) \(emotion.label)", pageSize: pageSize) { values in
                ["emotion": values.emotionValues[group.slug]!]
            })
        }
        sections.append(PageSection {
            PlannedPage(.tags, template: "tags.html", kind: "tags", title: words["tags"]!) { values in
                ["tags": .list(values.index.tags.map { values.tagValues[$0.slug]! })]
            }
        })
        for group in index.tags {
            sections.append(groupPages(group, place: { .tag(slug: group.slug, page: $0) }, template: "tag.html", kind: "tag",
                                       title: "#\(group.name)", pageSize: pageSize) { values in
                ["tag": values.tagValues[group.slug]!]
            })
        }

        let gallery = Pagination(count: index.gallery.count, size: pageSize)
        sections.append(PageSection(count: gallery.pageCount) { position in
            let number = position + 1
            let shown = gallery.range(ofPage: number).map { index.gallery[$0] }
            return PlannedPage(.gallery(page: number), template: "gallery.html",
                               kind: "gallery", title: Self.numbered(words["gallery"]!, number),
                               entries: shown.map(\.entry), key: "\(gallery.pageCount)|" + shown.map { index.image(of: $0).id }.joined(separator: ",")) { values in
                [
                    "images": .list(gallery.range(ofPage: number).map { values.galleryImage($0) }),
                    "pagination": values.pagination(gallery, page: number) { .gallery(page: $0) },
                ]
            }
        })
        sections.append(PageSection { statsPage() })
        sections.append(PageSection {
            PlannedPage(.search, template: "search.html", kind: "search", title: words["search"]!) { _ in [:] }
        })
        sections.append(PageSection {
            PlannedPage(.notFound, template: "404.html", kind: "404", title: words["not_found"]!) { _ in [:] }
        })
        return sections
    }

    /// The pages drawn from the statistics (each year's page with its review, and the statistics
    /// page): the only ones an edit of an entry's words changes besides the entry's own, so a
    /// kept plan takes these anew (`isStatistics`).
    package func yearPages() -> [PlannedPage] {
        index.years.indices.map(yearPage)
    }

    private func yearPage(_ position: Int) -> PlannedPage {
        let year = index.years[position]
        // A year page shows no entry, only each day's count and main emotion: a changed entry
        // body leaves it as it is.
        // Its review adds each month's main emotion; the rest follows from the days' counts.
        let review = stats.years[position]
        let calendarKey = year.days.map { position -> String in
            let section = index.days[position]
            return "\(section.day.description):\(section.entries.count):\(section.mainEmotionID)"
        }.joined(separator: ",") + "|" + review.months.map { $0.mainEmotionID ?? "" }.joined(separator: ",")
        return PlannedPage(.year(year.year), template: "year.html", kind: "year", title: String(year.year),
                           key: calendarKey) { values in
            guard case .map(var map) = values.year(position) else { return [:] }
            map["review"] = values.yearReview(review)
            return ["year": .map(map)]
        }
    }

    /// "On this day": the days' files, or one calendar file of them all (`onThisDayForm`).
    private func onThisDaySection(_ onThisDay: OnThisDay) -> PageSection {
        let calendarDays = onThisDay.days
        @Sendable func dayValues(_ position: Int, _ values: SiteValues) -> [String: TemplateValue] {
            let entries = calendarDays[position].entries
            let emotions = Set(entries.map { values.index.entries[$0].primaryEmotionID })
            return [
                "entries": .list(entries.map { values.card($0) }),
                "emotions": .list(values.index.emotions.filter { emotions.contains($0.slug) }.compactMap { values.emotionValues[$0.slug] }),
            ]
        }
        switch onThisDayForm {
        case .dayFiles:
            return PageSection(count: calendarDays.count) { position in
                let (day, entries) = calendarDays[position]
                return PlannedPage(.onThisDay(day), template: "on-this-day.json", kind: "on-this-day",
                                   title: day.name, entries: entries) { values in dayValues(position, values) }
            }
        case .calendar:
            let names = calendarDays.map(\.day.name)
            return PageSection {
                var page = PlannedPage(.onThisDayCalendar, template: "on-this-day.json", kind: "on-this-day", title: "calendar",
                                       entries: calendarDays.flatMap(\.entries), key: names.joined(separator: ",")) { _ in [:] }
                page.parts = PageParts(names: names, places: calendarDays.map { .onThisDay($0.day) }, values: dayValues)
                return page
            }
        }
    }

    /// The statistics depend on every entry, but only through the numbers they show: an edit
    /// that changes none of them leaves the page as it is.
    package func statsPage() -> PlannedPage {
        let stats = self.stats
        var statsKey = StableHasher()
        stats.fingerprint(into: &statsKey)
        let words = SiteStrings.table(for: index.config.localeIdentifier, overrides: index.config.strings)
        return PlannedPage(.stats, template: "stats.html", kind: "stats", title: words["stats"]!,
                           key: String(statsKey.value, radix: 16)) { values in
            ["stats": values.stats(stats)]
        }
    }

    /// Whether `page` is one of those `yearPages()` and `statsPage()` make.
    package static func isStatistics(_ page: PlannedPage) -> Bool {
        page.kind == "year" || page.kind == "stats"
    }

    /// A list page's title: `Archive`, then `Archive · 2`.
    private static func numbered(_ title: String, _ page: Int) -> String {
        page == 1 ? title : "\(title) · \(page)"
    }

    /// The days at `positions`, as text for a page key.
    private func dayKeys(_ positions: Range<Int>) -> String {
        positions.map { index.days[$0].day.description }.joined(separator: ",")
    }

    /// An entry and its neighbours in time, whose cards its full form shows.
    private func neighboursIncluded(_ position: Int) -> [Int] {
        [position] + [index.previous(of: position), index.next(of: position)].compactMap { $0 }
    }

    /// The pages of an emotion or a tag: `page_size` entries each.
    private func groupPages(_ group: EntryGroup, place: @escaping @Sendable (Int) -> URLMap.Place, template: String, kind: String,
                            title: String, pageSize: Int,
                            own: @escaping @Sendable (SiteValues) -> [String: TemplateValue]) -> PageSection {
        let pagination = Pagination(count: group.entries.count, size: pageSize)
        return PageSection(count: pagination.pageCount) { position in
            let number = position + 1
            let shown = pagination.range(ofPage: number).map { group.entries[$0] }
            return PlannedPage(place(number), template: template, kind: kind,
                               title: Self.numbered(title, number), entries: shown,
                               key: "\(pagination.pageCount)|" + shown.map(String.init).joined(separator: ",")) { values in
                var map = own(values)
                map["entries"] = .list(shown.map { values.card($0) })
                map["pagination"] = values.pagination(pagination, page: number, place: place)
                return map
            }
        }
    }
}

extension SiteValues {
    /// The links of page `number` of `pagination`, whose page N is at `place(N)`.
    package func pagination(_ pagination: Pagination, page number: Int, place: (Int) -> URLMap.Place) -> TemplateValue {
        func url(_ page: Int) -> String { urls.url(of: place(page)) }
        return .map([
            "number": .int(number),
            "count": .int(pagination.pageCount),
            "previous_url": number > 1 ? .string(url(number - 1)) : .null,
            "next_url": number < pagination.pageCount ? .string(url(number + 1)) : .null,
            "pages": .list((1...pagination.pageCount).map { page in
                .map(["number": .int(page), "url": .string(url(page)), "current": .bool(page == number)])
            }),
        ])
    }

    func jumpIndex() -> TemplateValue {
        .list(index.years.map { year in
            .map([
                "year": .int(year.year),
                "url": .string(urls.url(of: .year(year.year))),
                "months": .list(year.months.map { position in
                    let month = index.months[position]
                    return .map([
                        "date": .date(date(of: Day(year: month.year, month: month.month, day: 1))),
                        "url": .string(urls.url(of: .month(year: month.year, month: month.month))),
                        "count": .int(month.entryCount),
                    ])
                }),
            ])
        })
    }

    func galleryImage(_ position: Int) -> TemplateValue {
        let item = index.gallery[position]
        guard case .map(let card) = card(item.entry), case .list(let images) = card["images"],
              case .map(var image) = images[index.image(of: item).number - 1] else { return .null }
        image["entry_title"] = card["title"]
        image["entry_untitled"] = card["untitled"]
        image["date"] = card["date"]
        image["emotion"] = card["emotion"]
        return .map(image)
    }
}

/// Page titles for dates, in the diary's locale ("2025년 10월 20일 월요일", "Monday, October 20, 2025").
package struct DateTitles {
    private let dayFormatter: DateFormatter
    private let monthFormatter: DateFormatter
    private let timeZone: TimeZone

    package init(config: DiaryConfig) {
        let locale = Locale(identifier: config.localeIdentifier)
        timeZone = config.timeZone
        dayFormatter = DateFormatter()
        dayFormatter.locale = locale
        dayFormatter.timeZone = config.timeZone
        dayFormatter.setLocalizedDateFormatFromTemplate("yMMMMdEEEE")
        monthFormatter = DateFormatter()
        monthFormatter.locale = locale
        monthFormatter.timeZone = config.timeZone
        monthFormatter.setLocalizedDateFormatFromTemplate("yMMMM")
    }

    package func day(_ day: Day) -> String {
        dayFormatter.string(from: EntryClock.noon(of: day, in: timeZone))
    }

    package func month(year: Int, month: Int) -> String {
        monthFormatter.string(from: EntryClock.noon(of: Day(year: year, month: month, day: 1), in: timeZone))
    }
}
