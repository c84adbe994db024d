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
        var slugOfSpelling: [String: String] = [:]
        var tags: [String: (label: String, entries: [Int])] = [:]
        var years: [String: [Int]] = [:]
        for (number, entry) in entries.enumerated() {
            for id in entry.emotionIDs { emotions[id, default: []].append(number) }
            for tag in entry.tags {
                let slug = slugOfSpelling[tag] ?? Slug.make(from: tag)
                slugOfSpelling[tag] = slug
                guard !slug.isEmpty else { continue }
                if tags[slug] == nil { tags[slug] = (tag, []) }
                // An entry lists each slug once (`Entry.tags`); the check keeps it so for entries made otherwise.
                if tags[slug]!.entries.last != number { tags[slug]!.entries.append(number) }
            }
            years[String(entry.local.description.prefix(4)), default: []].append(number)
        }
        for (id, numbers) in emotions { emotions[id] = Self.distinct(numbers) }
        let kept = tags.keys.sorted { a, b in
            tags[a]!.entries.count != tags[b]!.entries.count ? tags[a]!.entries.count > tags[b]!.entries.count : UTF8Order.precedes(a, b)
        }.prefix(Self.tagLimit)
        for slug in kept { self.tags[slug] = tags[slug] }
        for (year, numbers) in years {
            let isTogether = numbers.last! - numbers.first! + 1 == numbers.count
            self.years[year] = isTogether ? .range(numbers.first!..<numbers.last! + 1) : .entries(numbers)
        }
    }

    /// Ascending numbers without repeats (an entry made in code may list an emotion twice).
    private static func distinct(_ numbers: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(numbers.count)
        for number in numbers where result.last != number { result.append(number) }
        return result
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
