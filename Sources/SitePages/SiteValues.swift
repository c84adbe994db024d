import BuildSupport
import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// Builds the values templates see (documented in Templates/README.md) from the site index.
/// Values shared by many pages — emotions, tags, entry cards — are built once.
package struct SiteValues: Sendable {
    package let index: SiteIndex
    package let urls: URLMap
    /// The published pictures, by picture id.
    package let pictures: PublishedPictures
    /// The site's words in the diary's language, with daybook.yml's `strings:` applied.
    package let strings: [String: String]

    package let site: TemplateValue
    package let emotionValues: [String: TemplateValue]
    package let tagValues: [String: TemplateValue]
    /// Entry cards built ahead, by entry index; others are built when asked for.
    package private(set) var cards: [Int: Card]

    /// An entry's card, with the entry it shows (`Entry.identity`): it holds while that entry is
    /// the one at its index.
    package struct Card: Sendable {
        package var entry: ObjectIdentifier
        package var map: [String: TemplateValue]
    }

    /// Builds the shared values; cards ahead of time for the entries in `cardsFor` (all when nil).
    /// `earlier`: the cards of a build with the same index shape, configuration and pictures
    /// (`daybook serve`); those whose entry is still the same are kept instead of built again.
    package init(index: SiteIndex, pictures: PublishedPictures, cardsFor: Set<Int>? = nil, earlier: [Int: Card] = [:]) {
        self.index = index
        self.pictures = pictures
        let urls = URLMap(baseURL: index.config.baseURL)
        self.urls = urls
        let strings = SiteStrings.table(for: index.config.localeIdentifier, overrides: index.config.strings)
        self.strings = strings

        var emotionValues: [String: TemplateValue] = [:]
        for group in index.emotions {
            let emotion = index.emotion(group.slug)
            emotionValues[group.slug] = .map([
                "id": .string(emotion.id), "label": .string(emotion.label), "emoji": .string(emotion.emoji),
                "color": .string(emotion.color), "url": .string(urls.url(of: .emotion(id: group.slug, page: 1))),
                "count": .int(group.entries.count), "configured": .bool(emotion.isConfigured),
            ])
        }
        self.emotionValues = emotionValues

        var tagValues: [String: TemplateValue] = [:]
        for group in index.tags {
            tagValues[group.slug] = .map([
                "name": .string(group.name), "slug": .string(group.slug),
                "url": .string(urls.url(of: .tag(slug: group.slug, page: 1))), "count": .int(group.entries.count),
            ])
        }
        self.tagValues = tagValues

        cards = [:]

        site = .map([
            "title": .string(index.config.title),
            "base_url": .string(index.config.baseURL),
            "lang": .string(SiteStrings.language(of: index.config.localeIdentifier)),
            "locale": .string(index.config.localeIdentifier),
            "entry_count": .int(index.entries.count),
            "emotions": .list(index.emotions.map { emotionValues[$0.slug]! }),
            "years": .list(index.years.map { year in
                .map(["year": .int(year.year), "url": .string(urls.url(of: .year(year.year))), "count": .int(year.entryCount)])
            }),
            "css_url": .string(urls.url(of: .asset("assets/style.css"))),
            "offline": .bool(index.config.offline),
            "manifest_url": .string(urls.url(of: .asset(WebAppManifest.path))),
            "urls": .map([
                "home": .string(urls.url(of: .home)), "archive": .string(urls.url(of: .archive(page: 1))),
                "emotions": .string(urls.url(of: .emotions)), "tags": .string(urls.url(of: .tags)),
                "gallery": .string(urls.url(of: .gallery(page: 1))), "search": .string(urls.url(of: .search)),
                "stats": .string(urls.url(of: .stats)),
            ]),
            "strings": .map(strings.mapValues(TemplateValue.string)),
        ])
        cards = makeCards(for: cardsFor, earlier: earlier)
    }

    /// The same values with cards built ahead for the entries in `entries` only: a batch of pages
    /// holds the cards it shows, not every entry's (`earlier`: as for `init`).
    package func withCards(for entries: Set<Int>, earlier: [Int: Card] = [:]) -> SiteValues {
        var values = self
        values.cards = [:]
        values.cards = values.makeCards(for: entries, earlier: earlier)
        return values
    }

    private func makeCards(for entries: Set<Int>?, earlier: [Int: Card]) -> [Int: Card] {
        let wanted = (entries.map { Array($0).sorted() } ?? Array(index.entries.indices)).filter { position in
            earlier[position]?.entry != index.entries[position].identity
        }
        let maps = ParallelMap.map(wanted, chunkSize: 256) { position in
            Self.cardMap(for: index.entries[position], urls: urls, emotions: emotionValues, tags: tagValues, pictures: pictures)
        }
        var cards = earlier
        for (position, map) in zip(wanted, maps) { cards[position] = Card(entry: index.entries[position].identity, map: map) }
        return cards
    }

    // MARK: - Entries

    private static func cardMap(for entry: Entry, urls: URLMap, emotions: [String: TemplateValue],
                                tags: [String: TemplateValue], pictures: PublishedPictures) -> [String: TemplateValue] {
        var values = EntryValues(urls: urls, emotionValues: emotions, tagValues: tags, pictures: pictures)
        ShownEntry.card(entry, into: &values)
        return values.map
    }

    /// An entry as a card (Templates/README.md: entry card).
    package func card(_ position: Int) -> TemplateValue {
        .map(cardMap(position))
    }

    private func cardMap(_ position: Int) -> [String: TemplateValue] {
        if let card = cards[position], card.entry == index.entries[position].identity { return card.map }
        return Self.cardMap(for: index.entries[position], urls: urls, emotions: emotionValues, tags: tagValues, pictures: pictures)
    }

    /// An entry with its body, extra front matter and neighbours (Templates/README.md: full entry).
    /// On its own page (`anchored`) the body's pictures carry their anchors (`image-<n>`), which a
    /// page of several entries cannot repeat, and may load their display versions.
    package func fullEntry(_ position: Int, anchored: Bool = false) -> TemplateValue {
        var values = EntryValues(urls: urls, emotionValues: emotionValues, tagValues: tagValues, pictures: pictures)
        values.isEntryPage = anchored
        values.footnoteBackLabel = strings["footnote_back"]
        values.taskLabels = strings["task_done"].flatMap { done in strings["task_open"].map { (done, $0) } }
        values.map = cardMap(position)
        ShownEntry.fullEntry(index.entries[position], into: &values)
        values.map["previous"] = index.previous(of: position).map(card) ?? .null
        values.map["next"] = index.next(of: position).map(card) ?? .null
        return .map(values.map)
    }

    // MARK: - Days, months, years

    /// A day; `full` puts full entries in it instead of cards.
    package func day(_ position: Int, full: Bool = false) -> TemplateValue {
        let section = index.days[position]
        // Days are newest first: the previous (older) day is the next position.
        let older = position + 1 < index.days.count ? index.days[position + 1] : nil
        let newer = position > 0 ? index.days[position - 1] : nil
        return .map([
            "date": .date(date(of: section.day)),
            "url": .string(urls.url(of: .day(section.day))),
            "count": .int(section.entries.count),
            "main_emotion": emotionValues[section.mainEmotionID] ?? .null,
            "entries": .list(section.entries.map { full ? fullEntry($0) : card($0) }),
            "previous": older.map { dayLink($0) } ?? .null,
            "next": newer.map { dayLink($0) } ?? .null,
            "month_url": .string(urls.url(of: .month(year: section.day.year, month: section.day.month))),
            "year_url": .string(urls.url(of: .year(section.day.year))),
        ])
    }

    private func dayLink(_ section: DaySection) -> TemplateValue {
        .map(["date": .date(date(of: section.day)), "url": .string(urls.url(of: .day(section.day)))])
    }

    package func month(_ position: Int) -> TemplateValue {
        let month = index.months[position]
        return .map([
            "date": .date(date(of: Day(year: month.year, month: month.month, day: 1))),
            "url": .string(urls.url(of: .month(year: month.year, month: month.month))),
            "count": .int(month.entryCount),
            "days": .list(month.days.map { day($0) }),
            "year_url": .string(urls.url(of: .year(month.year))),
        ])
    }

    func monthSummary(_ position: Int) -> TemplateValue {
        let month = index.months[position]
        return .map([
            "date": .date(date(of: Day(year: month.year, month: month.month, day: 1))),
            "url": .string(urls.url(of: .month(year: month.year, month: month.month))),
            "count": .int(month.entryCount),
            "day_count": .int(month.days.count),
        ])
    }

    package func year(_ position: Int) -> TemplateValue {
        let year = index.years[position]
        return .map([
            "year": .int(year.year),
            "date": .date(date(of: Day(year: year.year, month: 1, day: 1))),
            "url": .string(urls.url(of: .year(year.year))),
            "count": .int(year.entryCount),
            "months": .list(year.months.map(monthSummary)),
            "calendar": YearCalendar(index: index, year: year, urls: urls)
                .value(emotions: emotionValues, names: CalendarNames(localeIdentifier: index.config.localeIdentifier), date: date(of:)),
        ])
    }

    /// Noon of `day` in the diary's timezone: formats as that day in any pattern.
    package func date(of day: Day) -> Date {
        EntryClock.noon(of: day, in: index.config.timeZone)
    }
}

/// Moments for calendar days, for the `date` filter.
package enum EntryClock {
    static func noon(of day: Day, in timeZone: TimeZone) -> Date {
        let seconds = day.daysSinceEpoch * 86_400 + 12 * 3600
        return Date(timeIntervalSince1970: TimeInterval(seconds - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))))
    }
}
