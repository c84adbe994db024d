import BuildSupport
import DiaryIndex
import DiaryModel
import Templating

/// What a page of the site is and shows besides the entries it lists, declared once as its kind
/// and typed inputs: `values(from:)` draws the page's template values from them and
/// `fingerprint(into:index:)` hashes them into the page's signature, so an input added to a
/// case is both shown and watched (as `ShownEntry` is for entries). Positions are into the site
/// index's arrays.
package enum PageContent: Sendable {
    /// The latest entry in full (among the page's entries), the days at `recentDays` and which
    /// calendar days have an "on this day" file, as `OnThisDay.daysWithEntries` lists them.
    case home(recentDays: Range<Int>, daysWithEntries: String)
    /// The "on this day" file of one calendar day: its entries, newest first.
    case onThisDay(entries: [Int])
    /// Every calendar day's "on this day" file in one, by name: the page's `PageParts` draw them.
    case onThisDayCalendar(names: [String])
    /// The entry at a position, in full.
    case entry(Int)
    /// The day at a position, its entries in full.
    case day(Int)
    case month(Int)
    /// The year at a position, with its review from the statistics. (Boxed, as `stats` is: a
    /// large payload would make every planned page as large.)
    indirect case year(Int, review: DiaryStats.YearReview)
    /// Page `page` of every day.
    case archive(page: Int, of: Pagination)
    case emotions
    /// Page `page` of the entries of the emotion at `group` in the index's emotions.
    case emotion(group: Int, page: Int, of: Pagination)
    case tags
    /// Page `page` of the entries of the tag at `group` in the index's tags.
    case tag(group: Int, page: Int, of: Pagination)
    /// Page `page` of every picture.
    case gallery(page: Int, of: Pagination)
    indirect case stats(DiaryStats)
    case search
    case notFound

    /// The page's kind as templates see it (`page.kind`, `<body class="kind-…">`).
    package var kind: String {
        switch self {
        case .home: "home"
        case .onThisDay, .onThisDayCalendar: "on-this-day"
        case .entry: "entry"
        case .day: "day"
        case .month: "month"
        case .year: "year"
        case .archive: "archive"
        case .emotions: "emotions"
        case .emotion: "emotion"
        case .tags: "tags"
        case .tag: "tag"
        case .gallery: "gallery"
        case .stats: "stats"
        case .search: "search"
        case .notFound: "404"
        }
    }

    /// The theme's template that draws the page (one of `SiteBuilder.pageTemplates`).
    package var template: String {
        switch self {
        case .home: "home.html"
        case .onThisDay, .onThisDayCalendar: "on-this-day.json"
        case .entry: "entry.html"
        case .day: "day.html"
        case .month: "month.html"
        case .year: "year.html"
        case .archive: "archive.html"
        case .emotions: "emotions.html"
        case .emotion: "emotion.html"
        case .tags: "tags.html"
        case .tag: "tag.html"
        case .gallery: "gallery.html"
        case .stats: "stats.html"
        case .search: "search.html"
        case .notFound: "404.html"
        }
    }

    /// Whether the page is drawn from the statistics (`PagePlan.yearPages()`, `statsPage()`): the
    /// only pages besides an entry's own that an edit of its words changes, so a kept plan takes
    /// them anew.
    package var isStatistics: Bool {
        switch self {
        case .year, .stats: true
        default: false
        }
    }

    // MARK: - Values

    /// The page's own values (besides `site` and `page`).
    package func values(from values: SiteValues) -> [String: TemplateValue] {
        let index = values.index
        switch self {
        case .home(let recentDays, let daysWithEntries):
            return [
                "latest": index.latestEntry.map { values.fullEntry($0) } ?? .null,
                "recent_days": .list(recentDays.map { values.day($0) }),
                "on_this_day": .map(["days": .string(daysWithEntries), "files_url": .string(values.urls.url(of: .onThisDayFolder))]),
            ]
        case .onThisDay(let entries):
            return Self.onThisDayValues(entries, values)
        case .onThisDayCalendar:
            return [:]
        case .entry(let position):
            return ["entry": values.fullEntry(position, anchored: true)]
        case .day(let position):
            return ["day": values.day(position, full: true)]
        case .month(let position):
            return ["month": values.month(position)]
        case .year(let position, let review):
            guard case .map(var map) = values.year(position) else { return [:] }
            map["review"] = values.yearReview(review)
            return ["year": .map(map)]
        case .archive(let number, let pagination):
            return [
                "days": .list(pagination.range(ofPage: number).map { values.day($0) }),
                "jump": values.jumpIndex(),
                "pagination": values.pagination(pagination, page: number) { .archive(page: $0) },
            ]
        case .emotions:
            return ["emotions": .list(index.emotions.map { values.emotionValues[$0.slug]! })]
        case .emotion(let group, let number, let pagination):
            let slug = index.emotions[group].slug
            return [
                "emotion": values.emotionValues[slug]!,
                "entries": .list(Self.shown(index.emotions[group], page: number, of: pagination).map { values.card($0) }),
                "pagination": values.pagination(pagination, page: number) { .emotion(id: slug, page: $0) },
            ]
        case .tags:
            return ["tags": .list(index.tags.map { values.tagValues[$0.slug]! })]
        case .tag(let group, let number, let pagination):
            let slug = index.tags[group].slug
            return [
                "tag": values.tagValues[slug]!,
                "entries": .list(Self.shown(index.tags[group], page: number, of: pagination).map { values.card($0) }),
                "pagination": values.pagination(pagination, page: number) { .tag(slug: slug, page: $0) },
            ]
        case .gallery(let number, let pagination):
            return [
                "images": .list(pagination.range(ofPage: number).map { values.galleryImage($0) }),
                "pagination": values.pagination(pagination, page: number) { .gallery(page: $0) },
            ]
        case .stats(let stats):
            return ["stats": values.stats(stats)]
        case .search, .notFound:
            return [:]
        }
    }

    /// The values of one calendar day's "on this day" file: its entries' cards and their emotions.
    static func onThisDayValues(_ entries: [Int], _ values: SiteValues) -> [String: TemplateValue] {
        let emotions = Set(entries.map { values.index.entries[$0].primaryEmotionID })
        return [
            "entries": .list(entries.map { values.card($0) }),
            "emotions": .list(values.index.emotions.filter { emotions.contains($0.slug) }.compactMap { values.emotionValues[$0.slug] }),
        ]
    }

    /// The entries page `number` of an emotion's or a tag's pages shows.
    package static func shown(_ group: EntryGroup, page number: Int, of pagination: Pagination) -> [Int] {
        pagination.range(ofPage: number).map { group.entries[$0] }
    }

    // MARK: - Signature

    /// Hashes the kind and every input the values are drawn from besides the site-wide values
    /// and the entries the page lists (which `PageSignatures` hashes by their versions).
    package func fingerprint(into hasher: inout StableHasher, index: SiteIndex) {
        hasher.combine(kind)
        switch self {
        case .home(let recentDays, let daysWithEntries):
            Self.combineDays(around: recentDays, of: index, into: &hasher)
            hasher.combine(daysWithEntries)
        case .onThisDay, .entry, .emotions, .tags, .search, .notFound:
            break
        case .onThisDayCalendar(let names):
            hasher.combine(names.count)
            for name in names { hasher.combine(name) }
        case .day(let position):
            Self.combineDays(around: position..<position + 1, of: index, into: &hasher)
        case .month(let position):
            let days = index.months[position].days
            Self.combineDays(around: days.first!..<days.last! + 1, of: index, into: &hasher)
        case .year(let position, let review):
            // A year page shows no entry, only each day's count and main emotion; its review adds
            // each month's main emotion, and the rest follows from the days' counts.
            let days = index.years[position].days
            hasher.combine(days.count)
            for position in days {
                let section = index.days[position]
                hasher.combine(section.day.daysSinceEpoch)
                hasher.combine(section.entries.count)
                hasher.combine(section.mainEmotionID)
            }
            hasher.combine(review.months.count)
            for month in review.months { hasher.combine(month.mainEmotionID ?? "\u{0}") }
        case .archive(let number, let pagination):
            hasher.combine(pagination.pageCount)
            // The jump index: every month with its count.
            hasher.combine(index.months.count)
            for month in index.months {
                hasher.combine(month.year)
                hasher.combine(month.month)
                hasher.combine(month.entryCount)
            }
            Self.combineDays(around: pagination.range(ofPage: number), of: index, into: &hasher)
        case .emotion(let group, let number, let pagination):
            Self.combine(index.emotions[group], page: number, of: pagination, into: &hasher)
        case .tag(let group, let number, let pagination):
            Self.combine(index.tags[group], page: number, of: pagination, into: &hasher)
        case .gallery(let number, let pagination):
            hasher.combine(pagination.pageCount)
            for position in pagination.range(ofPage: number) { hasher.combine(index.image(of: index.gallery[position]).id) }
        case .stats(let stats):
            // The statistics depend on every entry, but only through the numbers they show.
            stats.fingerprint(into: &hasher)
        }
    }

    /// The dates of the days at `shown` and of their neighbours, whose links each day shows
    /// (`SiteValues.day`).
    private static func combineDays(around shown: Range<Int>, of index: SiteIndex, into hasher: inout StableHasher) {
        let around = max(0, shown.lowerBound - 1)..<min(index.days.count, shown.upperBound + 1)
        hasher.combine(around.count)
        for position in around { hasher.combine(index.days[position].day.daysSinceEpoch) }
    }

    /// Page `number` of a group's entries: how many pages its pagination links, and which entries it shows.
    private static func combine(_ group: EntryGroup, page number: Int, of pagination: Pagination, into hasher: inout StableHasher) {
        let shown = pagination.range(ofPage: number)
        hasher.combine(pagination.pageCount)
        hasher.combine(shown.count)
        for position in shown { hasher.combine(group.entries[position]) }
    }
}
