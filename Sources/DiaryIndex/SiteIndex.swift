import BuildSupport
import DiaryModel

/// Everything the site shows, worked out once from a diary: days, months, years, emotions,
/// tags, the gallery, neighbours and the home page's picks. Pure: no I/O, no templates.
public struct SiteIndex: Sendable {
    public let config: DiaryConfig
    /// Every entry in diary order (oldest first).
    public let entries: [Entry]
    /// Newest first.
    public let days: [DaySection]
    /// Newest first.
    public let months: [MonthSection]
    /// Newest first.
    public let years: [YearSection]
    /// Configured emotions in their order (empty ones too), then emotions met only in entries.
    public let emotions: [EntryGroup]
    /// Every emotion by id, configured or made up for an unknown name.
    public let emotionsByID: [String: Emotion]
    /// Sorted by name.
    public let tags: [EntryGroup]
    /// Every picture, newest entry first, each entry's pictures in their order.
    public let gallery: [GalleryItem]

    public init(diary: Diary) {
        config = diary.config
        entries = diary.entries
        var emotionsByID: [String: Emotion] = [:]
        for emotion in diary.emotions where emotionsByID[emotion.id] == nil { emotionsByID[emotion.id] = emotion }
        self.emotionsByID = emotionsByID
        // The entries by emotion and tag, and the gallery, are gathered on another core while this
        // one lays out the days, months and years: two passes over every entry, neither needing the other.
        let allEntries = diary.entries
        let groups = BackgroundValue(working: { Self.groups(of: allEntries) })

        var days: [DaySection] = []
        for index in entries.indices {
            if let last = days.last, last.day == entries[index].day {
                days[days.count - 1].entries.append(index)
            } else {
                days.append(DaySection(day: entries[index].day, entries: [index], mainEmotionID: ""))
            }
        }
        for position in days.indices {
            days[position].mainEmotionID = Self.mainEmotion(of: days[position].entries.map { allEntries[$0] })
        }
        self.days = days.reversed()

        var months: [MonthSection] = []
        for (position, section) in self.days.enumerated() {
            let count = section.entries.count
            if let last = months.last, last.year == section.day.year, last.month == section.day.month {
                months[months.count - 1].days.append(position)
                months[months.count - 1].entryCount += count
            } else {
                months.append(MonthSection(year: section.day.year, month: section.day.month, days: [position], entryCount: count))
            }
        }
        self.months = months

        var years: [YearSection] = []
        for (position, month) in months.enumerated() {
            let monthDays = month.days.reversed()
            if let last = years.last, last.year == month.year {
                years[years.count - 1].months.append(position)
                years[years.count - 1].days.insert(contentsOf: monthDays, at: 0)
                years[years.count - 1].entryCount += month.entryCount
            } else {
                years.append(YearSection(year: month.year, months: [position], days: Array(monthDays), entryCount: month.entryCount))
            }
        }
        self.years = years

        let (byEmotion, byTag, tagNames, gallery) = groups.value
        self.gallery = gallery
        self.emotions = diary.emotions.map { emotion in
            EntryGroup(slug: emotion.id, name: emotion.label, entries: byEmotion[emotion.id] ?? [])
        }
        self.tags = byTag.keys.sorted { (tagNames[$0]!.lowercased(), $0) < (tagNames[$1]!.lowercased(), $1) }.map { slug in
            EntryGroup(slug: slug, name: tagNames[slug]!, entries: byTag[slug]!)
        }
    }

    /// Each emotion's and tag's entries (positions in `entries`, newest first), each tag's name (its
    /// oldest spelling), and every picture.
    private static func groups(of entries: [Entry]) -> (byEmotion: [String: [Int]], byTag: [String: [Int]], tagNames: [String: String],
                                                        gallery: [GalleryItem]) {
        var byEmotion: [String: [Int]] = [:]
        var gallery: [GalleryItem] = []
        // A diary uses a few hundred tag spellings thousands of times: each spelling is made a slug
        // once, and found again by its bytes (a `String` key that is not ASCII is normalised on
        // every lookup). A slug is NFC, so two slugs are the same text when their bytes are.
        var groupOfSpelling: [UTF8Key: Int] = [:]
        var groupOfSlug: [UTF8Key: Int] = [:]
        var slugs: [String] = []
        var members: [[Int]] = []
        var names: [String] = []
        for index in entries.indices.reversed() {
            let entry = entries[index]
            for id in entry.emotionIDs { byEmotion[id, default: []].append(index) }
            for tag in entry.tags {
                let spelling = UTF8Key(tag)
                let group: Int
                if let known = groupOfSpelling[spelling] {
                    group = known
                } else {
                    let slug = Slug.make(from: tag)
                    if let known = groupOfSlug[UTF8Key(slug)] {
                        group = known
                    } else {
                        group = slugs.count
                        groupOfSlug[UTF8Key(slug)] = group
                        slugs.append(slug)
                        members.append([])
                        names.append(tag)
                    }
                    groupOfSpelling[spelling] = group
                }
                members[group].append(index)
                // The oldest spelling names the tag: it was there first.
                names[group] = tag
            }
            for image in 0..<entry.images.count { gallery.append(GalleryItem(entry: index, image: image)) }
        }
        return (byEmotion, Dictionary(uniqueKeysWithValues: zip(slugs, members)), Dictionary(uniqueKeysWithValues: zip(slugs, names)), gallery)
    }

    /// `other` with `entries` in place of its own: its days, months, years, groups and gallery
    /// stay. Right when `entries` have the shape of `other.entries` (`haveSameShape`), with the
    /// same configuration and emotions: only what the index does not look at (bodies) differs.
    public init(_ other: SiteIndex, entries: [Entry]) {
        config = other.config
        self.entries = entries
        days = other.days
        months = other.months
        years = other.years
        emotions = other.emotions
        emotionsByID = other.emotionsByID
        tags = other.tags
        gallery = other.gallery
    }

    /// Whether the index of `entries` would be the same as that of `earlier` (same configuration
    /// and emotions): the same entries in the same order, each with the same id, day, title,
    /// emotions, tags and pictures. Bodies may differ. An entry that is the very same as before
    /// (`Entry.identity`, taken unchanged from the cache) is not looked into.
    public static func haveSameShape(_ entries: [Entry], _ earlier: [Entry]) -> Bool {
        guard entries.count == earlier.count else { return false }
        for position in entries.indices where entries[position].identity != earlier[position].identity {
            let entry = entries[position], old = earlier[position]
            guard entry.id == old.id, entry.slug == old.slug, entry.title == old.title, entry.day == old.day,
                  entry.emotionIDs == old.emotionIDs, entry.tags == old.tags, entry.images.count == old.images.count else { return false }
            for (image, oldImage) in zip(entry.images, old.images) {
                guard image.id == oldImage.id, image.sourcePath == oldImage.sourcePath, image.fileExtension == oldImage.fileExtension,
                      image.alt == oldImage.alt, image.caption == oldImage.caption, image.origin == oldImage.origin else { return false }
            }
        }
        return true
    }

    /// A fingerprint of what `haveSameShape` compares, for a build in another process: entries
    /// with the same shape key as earlier ones have, but for a hash collision, the same shape.
    public static func shapeKey(of entries: [Entry]) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(entries.count)
        for entry in entries { hasher.combine(entry.shapeHash) }
        return hasher.value
    }

    /// The most frequent primary emotion; a tie goes to the emotion of the later entry.
    static func mainEmotion(of dayEntries: [Entry]) -> String {
        // A day has a handful of entries: a list beats a dictionary.
        var tally: [(id: String, count: Int, lastSeen: Int)] = []
        for (position, entry) in dayEntries.enumerated() {
            let id = entry.primaryEmotionID
            if let found = tally.firstIndex(where: { $0.id == id }) {
                tally[found].count += 1
                tally[found].lastSeen = position
            } else {
                tally.append((id, 1, position))
            }
        }
        return tally.max { ($0.count, $0.lastSeen) < ($1.count, $1.lastSeen) }?.id ?? ""
    }

    /// The picture a gallery item names.
    public func image(of item: GalleryItem) -> EntryImage {
        entries[item.entry].images[item.image]
    }

    // MARK: - Neighbours and picks

    /// The entry before `index` in time, if any.
    public func previous(of index: Int) -> Int? { index > 0 ? index - 1 : nil }

    /// The entry after `index` in time, if any.
    public func next(of index: Int) -> Int? { index + 1 < entries.count ? index + 1 : nil }

    /// The newest entry, shown in full on the home page.
    public var latestEntry: Int? { entries.isEmpty ? nil : entries.count - 1 }

    /// How many of the newest days the home page shows.
    public static let recentDayCount = 7

    /// Where the home page's newest days are in `days`.
    public var recentDays: Range<Int> { 0..<min(Self.recentDayCount, days.count) }

    public func emotion(_ id: String) -> Emotion {
        emotionsByID[id] ?? .placeholder(id: id)
    }
}
