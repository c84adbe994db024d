import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// One page of the site: where it goes, what it is and shows (`PageContent`), and the entries it shows.
package struct PlannedPage: Sendable {
    /// Where the page is in the site.
    package var place: URLMap.Place
    /// Relative to the output folder: `2025/10/20/index.html`.
    package var path: String
    package var content: PageContent
    package var title: String
    /// The entries whose content the page shows (in full or as cards), by index.
    package var entries: [Int] = []
    /// Those of `entries` the page shows in full (`SiteValues.fullEntry`), not only as cards.
    package var inFull: [Int] = []
    /// When set, the page is its template drawn once per part and published as one file.
    package var parts: PageParts?

    package init(_ place: URLMap.Place, _ content: PageContent, title: String, entries: [Int] = [], inFull: [Int] = []) {
        self.place = place
        self.path = URLMap.file(of: place)
        self.content = content
        self.title = title
        self.entries = entries
        self.inFull = inFull
    }

    package var template: String { content.template }

    /// The page's kind as templates see it (`page.kind`).
    package var kind: String { content.kind }

    /// The page's own values (besides `site` and `page`), built when the page is rendered.
    package func values(_ values: SiteValues) -> [String: TemplateValue] {
        content.values(from: values)
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
/// published as one file that holds every part by name (`OnThisDayCalendar`): each part is a
/// calendar day's "on this day" file.
package struct PageParts: Sendable {
    /// Each part's name in the file, and where it would be as a page of its own (its `page.url`).
    package var names: [String]
    package var places: [URLMap.Place]
    /// Each part's entries, newest first.
    package var entries: [[Int]]

    package func values(_ part: Int, _ values: SiteValues) -> [String: TemplateValue] {
        PageContent.onThisDayValues(entries[part], values)
    }
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

        sections.append(PageSection {
            let recent = index.recentDays
            let homeEntries = (index.latestEntry.map { [$0] + [index.previous(of: $0)].compactMap { $0 } } ?? [])
                + recent.flatMap { index.days[$0].entries }
            return PlannedPage(.home, .home(recentDays: recent, daysWithEntries: onThisDay.daysWithEntries), title: index.config.title,
                               entries: homeEntries, inFull: index.latestEntry.map { [$0] } ?? [])
        })
        sections.append(onThisDaySection(onThisDay))
        sections.append(PageSection(count: index.entries.count) { position in
            let entry = index.entries[position]
            let neighbours = [index.previous(of: position), index.next(of: position)].compactMap { $0 }
            return PlannedPage(.entry(entry), .entry(position), title: entry.title, entries: [position] + neighbours, inFull: [position])
        })
        sections.append(PageSection(count: index.days.count) { position in
            let section = index.days[position]
            return PlannedPage(.day(section.day), .day(position), title: titles.day(section.day),
                               entries: section.entries.flatMap(neighboursIncluded), inFull: section.entries)
        })
        sections.append(PageSection(count: index.months.count) { position in
            let month = index.months[position]
            return PlannedPage(.month(year: month.year, month: month.month), .month(position),
                               title: titles.month(year: month.year, month: month.month),
                               entries: month.days.flatMap { index.days[$0].entries })
        })
        sections.append(PageSection(count: index.years.count) { yearPage($0) })

        let archive = Pagination(count: index.days.count, size: pageSize)
        sections.append(PageSection(count: archive.pageCount) { position in
            let number = position + 1
            return PlannedPage(.archive(page: number), .archive(page: number, of: archive), title: Self.numbered(words["archive"]!, number),
                               entries: archive.range(ofPage: number).flatMap { index.days[$0].entries })
        })

        sections.append(PageSection { PlannedPage(.emotions, .emotions, title: words["emotions"]!) })
        for (group, emotionGroup) in index.emotions.enumerated() {
            let emotion = index.emotion(emotionGroup.slug)
            sections.append(groupPages(emotionGroup, title: "\(emotion.emoji) \(emotion.label)", pageSize: pageSize) { number, pagination in
                (.emotion(id: emotionGroup.slug, page: number), .emotion(group: group, page: number, of: pagination))
            })
        }
        sections.append(PageSection { PlannedPage(.tags, .tags, title: words["tags"]!) })
        for (group, tagGroup) in index.tags.enumerated() {
            sections.append(groupPages(tagGroup, title: "#\(tagGroup.name)", pageSize: pageSize) { number, pagination in
                (.tag(slug: tagGroup.slug, page: number), .tag(group: group, page: number, of: pagination))
            })
        }

        let gallery = Pagination(count: index.gallery.count, size: pageSize)
        sections.append(PageSection(count: gallery.pageCount) { position in
            let number = position + 1
            return PlannedPage(.gallery(page: number), .gallery(page: number, of: gallery), title: Self.numbered(words["gallery"]!, number),
                               entries: gallery.range(ofPage: number).map { index.gallery[$0].entry })
        })
        sections.append(PageSection { statsPage() })
        sections.append(PageSection { PlannedPage(.search, .search, title: words["search"]!) })
        sections.append(PageSection { PlannedPage(.notFound, .notFound, title: words["not_found"]!) })
        return sections
    }

    /// The pages drawn from the statistics (each year's page with its review, and the statistics
    /// page): the only ones an edit of an entry's words changes besides the entry's own, so a
    /// kept plan takes these anew (`PageContent.isStatistics`).
    package func yearPages() -> [PlannedPage] {
        index.years.indices.map(yearPage)
    }

    private func yearPage(_ position: Int) -> PlannedPage {
        let year = index.years[position]
        return PlannedPage(.year(year.year), .year(position, review: stats.years[position]), title: String(year.year))
    }

    /// "On this day": the days' files, or one calendar file of them all (`onThisDayForm`).
    private func onThisDaySection(_ onThisDay: OnThisDay) -> PageSection {
        let calendarDays = onThisDay.days
        switch onThisDayForm {
        case .dayFiles:
            return PageSection(count: calendarDays.count) { position in
                let (day, entries) = calendarDays[position]
                return PlannedPage(.onThisDay(day), .onThisDay(entries: entries), title: day.name, entries: entries)
            }
        case .calendar:
            let names = calendarDays.map(\.day.name)
            return PageSection {
                var page = PlannedPage(.onThisDayCalendar, .onThisDayCalendar(names: names), title: "calendar",
                                       entries: calendarDays.flatMap(\.entries))
                page.parts = PageParts(names: names, places: calendarDays.map { .onThisDay($0.day) }, entries: calendarDays.map(\.entries))
                return page
            }
        }
    }

    /// The statistics page: it depends on every entry, but only through the numbers it shows.
    package func statsPage() -> PlannedPage {
        let words = SiteStrings.table(for: index.config.localeIdentifier, overrides: index.config.strings)
        return PlannedPage(.stats, .stats(stats), title: words["stats"]!)
    }

    /// A list page's title: `Archive`, then `Archive · 2`.
    private static func numbered(_ title: String, _ page: Int) -> String {
        page == 1 ? title : "\(title) · \(page)"
    }

    /// An entry and its neighbours in time, whose cards its full form shows.
    private func neighboursIncluded(_ position: Int) -> [Int] {
        [position] + [index.previous(of: position), index.next(of: position)].compactMap { $0 }
    }

    /// The pages of an emotion or a tag, `page_size` entries each: page N is at `page(N, pagination).place`
    /// and shows `page(N, pagination).content`.
    private func groupPages(_ group: EntryGroup, title: String, pageSize: Int,
                            page: @escaping (Int, Pagination) -> (place: URLMap.Place, content: PageContent)) -> PageSection {
        let pagination = Pagination(count: group.entries.count, size: pageSize)
        return PageSection(count: pagination.pageCount) { position in
            let number = position + 1
            let (place, content) = page(number, pagination)
            return PlannedPage(place, content, title: Self.numbered(title, number),
                               entries: PageContent.shown(group, page: number, of: pagination))
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
