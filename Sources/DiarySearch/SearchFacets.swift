import BuildSupport
import DiaryModel

/// What the search page counts its results by (`search/facets.json`, SPEC §4): each emotion's
/// entries, each year's, and those of the diary's most used tags, each the set a filter term
/// (`emotion:calm`, `2025`, `#walk`) narrows a query to. The page counts a result set against
/// them; the file is fetched once a page session, never with a query (see `SearchIndexBuilder`).
///
/// `{"emotions": {id: "entries"}, "tags": {slug: [label, "entries"]}, "years": {year: [start, end] or "entries"}}`,
/// entry lists as `PostingsCoding` writes a filter key's (no weights). A year is the half-open
/// range of entry numbers it spans: entries are numbered in diary order, by moment, and a year is
/// one of the diary's wall clock, which follows the moments; a year whose entries are not all
/// together (a diary's time zone that moved its clock back across New Year, entries made in code)
/// is written as its entry list instead, so the counts stay exact whatever the dates.
struct SearchFacets {
    /// The most used tags listed, ties broken by slug in UTF-8 order: enough for the tags a page of
    /// results mostly has, and few enough that the file stays small whatever the diary's tags.
    static let tagLimit = 24

    /// Entry numbers by emotion id.
    var emotions: [String: [Int]] = [:]
    /// The listed tags by slug: the tag's label (its oldest spelling) and its entries.
    var tags: [String: (label: String, entries: [Int])] = [:]
    /// Entry numbers by year (`2025`).
    var years: [String: Years] = [:]

    /// A year's entries.
    enum Years: Equatable {
        /// Every entry numbered from `start` up to (not including) `end`.
        case range(Range<Int>)
        /// Entries not all together, in ascending order.
        case entries([Int])
    }

    /// The facets of `entries`, in diary order: the same keys as the entries' filter keys
    /// (`SearchDocument.filterKeys`), so that a count is what its filter would narrow to.
    init(entries: [Entry]) {
        // Texts are told apart by their bytes (ids, spellings and slugs are NFC already), and each
        // tag spelling is made a slug once: a diary uses a few hundred thousands of times.
        var emotionOfID: [UTF8Key: Int] = [:]
        var emotionIDs: [String] = []
        var emotionLists: [[Int]] = []
        var tagOfSpelling: [UTF8Key: Int] = [:]
        var tagOfSlug: [UTF8Key: Int] = [:]
        var tagSlugs: [String] = []
        var tagLabels: [String] = []
        var tagLists: [[Int]] = []
        var yearOfNumber: [Int: Int] = [:]
        var yearNames: [String] = []
        var yearLists: [[Int]] = []
        var lastYear = (number: Int.min, group: -1)
        for (number, entry) in entries.enumerated() {
            for id in entry.emotionIDs {
                let key = UTF8Key(id)
                let group = emotionOfID[key] ?? {
                    emotionOfID[key] = emotionLists.count
                    emotionIDs.append(id)
                    emotionLists.append([])
                    return emotionLists.count - 1
                }()
                // An entry lists each emotion once (`Entry.emotionIDs`); the check keeps it so for entries made otherwise.
                if emotionLists[group].last != number { emotionLists[group].append(number) }
            }
            for tag in entry.tags {
                let spelling = UTF8Key(tag)
                let group = tagOfSpelling[spelling] ?? {
                    let slug = Slug.make(from: tag)
                    let group = slug.isEmpty ? -1 : tagOfSlug[UTF8Key(slug)] ?? {
                        tagOfSlug[UTF8Key(slug)] = tagLists.count
                        tagSlugs.append(slug)
                        tagLabels.append(tag)
                        tagLists.append([])
                        return tagLists.count - 1
                    }()
                    tagOfSpelling[spelling] = group
                    return group
                }()
                if group >= 0, tagLists[group].last != number { tagLists[group].append(number) }
            }
            let year = entry.day.year
            if year != lastYear.number {
                // The filter key's year: the first four characters of the record's date.
                lastYear = (year, yearOfNumber[year] ?? {
                    yearOfNumber[year] = yearLists.count
                    yearNames.append(String(entry.local.description.prefix(4)))
                    yearLists.append([])
                    return yearLists.count - 1
                }())
            }
            yearLists[lastYear.group].append(number)
        }
        emotions = Dictionary(uniqueKeysWithValues: zip(emotionIDs, emotionLists))
        let kept = tagLists.indices.sorted { a, b in
            tagLists[a].count != tagLists[b].count ? tagLists[a].count > tagLists[b].count : UTF8Order.precedes(tagSlugs[a], tagSlugs[b])
        }.prefix(Self.tagLimit)
        for group in kept { tags[tagSlugs[group]] = (tagLabels[group], tagLists[group]) }
        for (year, numbers) in zip(yearNames, yearLists) {
            let isTogether = numbers.last! - numbers.first! + 1 == numbers.count
            years[year] = isTogether ? .range(numbers.first!..<numbers.last! + 1) : .entries(numbers)
        }
    }

    /// The file's bytes: deterministic JSON, keys in UTF-8 order.
    func encoded() -> [UInt8] {
        var json = JSONWriter()
        json.object(["emotions", "tags", "years"]) { json, name in
            json.key(name)
            switch name {
            case "emotions":
                json.object(emotions.keys.sorted(by: UTF8Order.precedes)) { json, id in
                    json.key(id)
                    json.rawString(PostingsCoding.encode(emotions[id]!))
                }
            case "tags":
                json.object(tags.keys.sorted(by: UTF8Order.precedes)) { json, slug in
                    json.key(slug)
                    json.raw([UInt8(ascii: "[")])
                    json.string(tags[slug]!.label)
                    json.separator()
                    json.rawString(PostingsCoding.encode(tags[slug]!.entries))
                    json.raw([UInt8(ascii: "]")])
                }
            default:
                json.object(years.keys.sorted(by: UTF8Order.precedes)) { json, year in
                    json.key(year)
                    switch years[year]! {
                    case .range(let range): json.array([range.lowerBound, range.upperBound]) { $0.number($1) }
                    case .entries(let numbers): json.rawString(PostingsCoding.encode(numbers))
                    }
                }
            }
        }
        return json.bytes
    }
}
