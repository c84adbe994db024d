import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// Builds the values templates see (documented in Templates/README.md) from the site index.
/// Values shared by many pages — emotions, tags, entry cards — are built once.
struct SiteValues: Sendable {
    let index: SiteIndex
    let urls: SiteURLs
    /// Per picture id: its size, when its header could be read.
    let imageSizes: [String: ImageSize]
    /// The site's words in the diary's language, with daybook.yml's `strings:` applied.
    let strings: [String: String]

    let site: TemplateValue
    let emotionValues: [String: TemplateValue]
    let tagValues: [String: TemplateValue]
    /// Entry cards built ahead, by entry index; others are built when asked for.
    private let cardMaps: [Int: [String: TemplateValue]]

    /// Builds the shared values; cards ahead of time for the entries in `cardsFor` (all when nil).
    init(index: SiteIndex, imageSizes: [String: ImageSize], cardsFor: Set<Int>? = nil) {
        self.index = index
        self.imageSizes = imageSizes
        let urls = SiteURLs(baseURL: index.config.baseURL)
        self.urls = urls
        let strings = SiteStrings.table(for: index.config.localeIdentifier, overrides: index.config.strings)
        self.strings = strings

        var emotionValues: [String: TemplateValue] = [:]
        for group in index.emotions {
            let emotion = index.emotion(group.slug)
            emotionValues[group.slug] = .map([
                "id": .string(emotion.id), "label": .string(emotion.label), "emoji": .string(emotion.emoji),
                "color": .string(emotion.color), "url": .string(urls.page(group.urlPath(in: "emotions"))),
                "count": .int(group.entries.count), "configured": .bool(emotion.isConfigured),
            ])
        }
        self.emotionValues = emotionValues

        var tagValues: [String: TemplateValue] = [:]
        for group in index.tags {
            tagValues[group.slug] = .map([
                "name": .string(group.name), "slug": .string(group.slug),
                "url": .string(urls.page(group.urlPath(in: "tags"))), "count": .int(group.entries.count),
            ])
        }
        self.tagValues = tagValues

        let wanted = cardsFor.map { Array($0).sorted() } ?? Array(index.entries.indices)
        let maps = ParallelMap.map(wanted, chunkSize: 256) { position in
            Self.cardMap(for: index.entries[position], urls: urls, emotions: emotionValues, tags: tagValues, sizes: imageSizes)
        }
        cardMaps = Dictionary(uniqueKeysWithValues: zip(wanted, maps))

        site = .map([
            "title": .string(index.config.title),
            "base_url": .string(index.config.baseURL),
            "lang": .string(SiteStrings.language(of: index.config.localeIdentifier)),
            "locale": .string(index.config.localeIdentifier),
            "entry_count": .int(index.entries.count),
            "emotions": .list(index.emotions.map { emotionValues[$0.slug]! }),
            "years": .list(index.years.map { year in
                .map(["year": .int(year.year), "url": .string(urls.page(year.urlPath)), "count": .int(year.entryCount)])
            }),
            "css_url": .string(urls.page("assets/style.css")),
            "urls": .map([
                "home": .string(urls.page("")), "archive": .string(urls.page("archive/")),
                "emotions": .string(urls.page("emotions/")), "tags": .string(urls.page("tags/")),
                "gallery": .string(urls.page("gallery/")), "search": .string(urls.page("search/")),
                "stats": .string(urls.page("stats/")),
            ]),
            "strings": .map(strings.mapValues(TemplateValue.string)),
        ])
    }

    // MARK: - Entries

    private static func cardMap(for entry: Entry, urls: SiteURLs, emotions: [String: TemplateValue],
                                tags: [String: TemplateValue], sizes: [String: ImageSize]) -> [String: TemplateValue] {
        let entryURL = urls.page(entry.urlPath)
        let images: [TemplateValue] = entry.images.map { image in
            let size = sizes[image.id]
            return .map([
                "number": .int(image.number), "anchor": .string(image.anchor), "url": .string(urls.page(image.outputPath)),
                "alt": .string(image.alt), "caption": image.caption.map(TemplateValue.string) ?? .null,
                "width": size.map { .int($0.width) } ?? .null, "height": size.map { .int($0.height) } ?? .null,
                "entry_url": .string(entryURL + "#" + image.anchor),
            ])
        }
        return [
            "id": .string(entry.id),
            "title": .string(entry.title),
            "url": .string(entryURL),
            "date": .date(entry.instant),
            "day_url": .string(urls.page(entry.day.path + "/")),
            "emotion": emotions[entry.primaryEmotionID] ?? .null,
            "emotions": .list(entry.emotionIDs.map { emotions[$0] ?? .null }),
            "tags": .list(entry.tags.map { tags[Slug.make(from: $0)] ?? .null }),
            "excerpt": .string(VisibleText.excerpt(VisibleText.of(html: entry.bodyHTML, limit: 200), limit: 200)),
            "images": .list(images),
            "cover": images.first ?? .null,
            "draft": .bool(entry.isDraft),
        ]
    }

    /// An entry as a card (Templates/README.md: entry card).
    func card(_ position: Int) -> TemplateValue {
        .map(cardMap(position))
    }

    private func cardMap(_ position: Int) -> [String: TemplateValue] {
        cardMaps[position] ?? Self.cardMap(for: index.entries[position], urls: urls, emotions: emotionValues, tags: tagValues, sizes: imageSizes)
    }

    /// An entry with its body, extra front matter and neighbours (Templates/README.md: full entry).
    func fullEntry(_ position: Int) -> TemplateValue {
        let entry = index.entries[position]
        var map = cardMap(position)
        map["body"] = .html(entry.bodyHTML)
        map["extra"] = .map(entry.extra.mapValues(Self.value(of:)))
        map["source"] = .string(entry.sourcePath)
        map["previous"] = index.previous(of: position).map(card) ?? .null
        map["next"] = index.next(of: position).map(card) ?? .null
        return .map(map)
    }

    static func value(of metadata: MetadataValue) -> TemplateValue {
        switch metadata {
        case .string(let text): return .string(text)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .list(let items): return .list(items.map(value(of:)))
        case .map(let pairs): return .map(pairs.mapValues(value(of:)))
        }
    }

    // MARK: - Days, months, years

    /// A day; `full` puts full entries in it instead of cards.
    func day(_ position: Int, full: Bool = false) -> TemplateValue {
        let section = index.days[position]
        // Days are newest first: the previous (older) day is the next position.
        let older = position + 1 < index.days.count ? index.days[position + 1] : nil
        let newer = position > 0 ? index.days[position - 1] : nil
        return .map([
            "date": .date(date(of: section.day)),
            "url": .string(urls.page(section.urlPath)),
            "count": .int(section.entries.count),
            "main_emotion": emotionValues[section.mainEmotionID] ?? .null,
            "entries": .list(section.entries.map { full ? fullEntry($0) : card($0) }),
            "previous": older.map { dayLink($0) } ?? .null,
            "next": newer.map { dayLink($0) } ?? .null,
            "month_url": .string(urls.page(MonthSection.urlPath(year: section.day.year, month: section.day.month))),
            "year_url": .string(urls.page("\(section.day.year)/")),
        ])
    }

    private func dayLink(_ section: DaySection) -> TemplateValue {
        .map(["date": .date(date(of: section.day)), "url": .string(urls.page(section.urlPath))])
    }

    func month(_ position: Int) -> TemplateValue {
        let month = index.months[position]
        return .map([
            "date": .date(date(of: Day(year: month.year, month: month.month, day: 1))),
            "url": .string(urls.page(month.urlPath)),
            "count": .int(month.entryCount),
            "days": .list(month.days.map { day($0) }),
            "year_url": .string(urls.page("\(month.year)/")),
        ])
    }

    func monthSummary(_ position: Int) -> TemplateValue {
        let month = index.months[position]
        return .map([
            "date": .date(date(of: Day(year: month.year, month: month.month, day: 1))),
            "url": .string(urls.page(month.urlPath)),
            "count": .int(month.entryCount),
            "day_count": .int(month.days.count),
        ])
    }

    func year(_ position: Int) -> TemplateValue {
        let year = index.years[position]
        return .map([
            "year": .int(year.year),
            "date": .date(date(of: Day(year: year.year, month: 1, day: 1))),
            "url": .string(urls.page(year.urlPath)),
            "count": .int(year.entryCount),
            "months": .list(year.months.map(monthSummary)),
            "calendar": YearCalendar(index: index, year: year, urls: urls)
                .value(emotions: emotionValues, names: CalendarNames(localeIdentifier: index.config.localeIdentifier), date: date(of:)),
        ])
    }

    /// Noon of `day` in the diary's timezone: formats as that day in any pattern.
    func date(of day: Day) -> Date {
        EntryClock.noon(of: day, in: index.config.timeZone)
    }
}

/// Turns site paths into URLs under `base_url`.
struct SiteURLs: Sendable {
    let baseURL: String

    /// `base_url` + `path`, where `path` is relative (`2025/10/20/`).
    func page(_ path: String) -> String { baseURL + path }
}

/// Moments for calendar days, for the `date` filter.
enum EntryClock {
    static func noon(of day: Day, in timeZone: TimeZone) -> Date {
        let seconds = day.daysSinceEpoch * 86_400 + 12 * 3600
        return Date(timeIntervalSince1970: TimeInterval(seconds - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))))
    }
}
