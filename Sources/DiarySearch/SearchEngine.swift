import DiaryModel
import Foundation

/// Answers queries from the files `SearchIndexBuilder` writes, with the same algorithm as the
/// search page (search.js), so `daybook search` and `/search/` agree exactly.
///
///     let engine = try SearchEngine(files: SearchIndexBuilder(entries: diary.entries,
///                                                             emotions: diary.emotions, urls: URLMap(baseURL: "/")).files())
///     for result in try engine.search("산책 walk", limit: 20) { print(result.line) }
///
/// Every word of the query (after `SearchText` normalisation) must be a substring of the entry's
/// searchable text (a word with Korean initial consonants by the rule of `HangulInitials`), and
/// every filter must hold (`SearchQuery`); results are newest first.
public struct SearchEngine {
    /// How many entries the index holds.
    public let entryCount: Int
    /// How many consecutive entries share a chunk file.
    let chunkEntries: Int
    /// Where the ordinary keys are; the initials keys' manifest is read only by a query that needs it.
    let words: KeyFiles
    /// The manifest's emotions, to resolve `emotion:` filters.
    let emotions: [String: [String]]
    let loadFile: (String) throws -> [UInt8]?
    /// Entry id → its Markdown file, for the results' `path`: the published index names no
    /// source file (SPEC §8), so the caller, who has the diary, supplies them.
    public var sourcePaths: [String: String] = [:]
    /// How phrases are checked: as the page does, unless a test asks for one way (`PhraseCheck`).
    var phraseCheck = PhraseCheck.Method.cheaper

    /// An engine over index files in memory, keyed by their path under the site (`search/…`).
    public init(files: [String: [UInt8]]) throws {
        try self.init(loadFile: { files[$0] })
    }

    /// An engine that reads each file when it needs it: `loadFile` gets a path under the site
    /// (`search/index.json`) and returns the file's bytes, or nil when there is no such file.
    public init(loadFile: @escaping (String) throws -> [UInt8]?) throws {
        self.loadFile = loadFile
        let manifest = try Self.decode(Manifest.self, at: SearchIndexLayout.manifestPath, with: loadFile)
        guard manifest.version == SearchIndexLayout.version else {
            throw SearchIndexError(path: SearchIndexLayout.manifestPath, reason: .unsupportedVersion(manifest.version))
        }
        entryCount = manifest.entries
        chunkEntries = max(1, manifest.chunk ?? 1)
        words = KeyFiles(space: .words, shards: manifest.shards, heavy: manifest.heavy)
        emotions = manifest.emotions ?? [:]
    }

    /// The entries that match `query` (up to `limit` of them), best first (`SearchOptions`).
    /// Reads each chunk file that holds one of them once.
    public func search(_ query: String, limit: Int? = nil) throws -> [SearchResult] {
        try search(query, options: SearchOptions(limit: limit))
    }

    /// The entries that match `query` and `options`, in the order `options` asks for.
    public func search(_ query: String, options: SearchOptions) throws -> [SearchResult] {
        let records = RecordCache(engine: self)
        var numbers = try entryNumbers(matching: query, options: options, records: records)
        if let limit = options.limit { numbers = Array(numbers.prefix(max(0, limit))) }
        return try numbers.map { number in
            let entry = try records.record(number)
            return SearchResult(id: entry.id, url: entry.url, title: entry.title, date: entry.date,
                                emotion: entry.emotions.first ?? "", path: sourcePaths[entry.id] ?? "")
        }
    }

    /// The numbers (diary order, 0 the oldest) of the entries that match `query` (`SearchQuery`),
    /// best first: by score (`RankWeights`), then newest first. An empty query (or one with nothing
    /// but white space and invisible marks) matches nothing.
    public func entryNumbers(matching query: String, options: SearchOptions = SearchOptions()) throws -> [Int] {
        try entryNumbers(matching: query, options: options, records: RecordCache(engine: self))
    }

    private func entryNumbers(matching text: String, options: SearchOptions, records: RecordCache) throws -> [Int] {
        var query = SearchQuery(text)
        query.filters += options.tags.map { .tag(Slug.make(from: $0)) } + options.emotions.map { .emotion($0) }
        guard !query.isEmpty || options.dates != nil else { return [] }
        var lookup = Lookup(engine: self)
        guard var matches = try lookup.filtered(by: query.filters) else { return [] }
        if let dates = options.dates { matches = matches.intersection(try entries(in: dates, records: records)) }
        var scores: [PartMatch] = []
        for part in query.words.flatMap(SearchIndexLayout.parts(of:)) {
            let found = try lookup.matches(of: part)
            matches = matches.intersection(found.entries)
            scores.append(found)
            if matches.isEmpty { return [] }
        }
        for word in query.excluded { matches = matches.subtracting(try lookup.entries(containing: word)) }
        matches = try PhraseCheck(engine: self, records: records, method: phraseCheck).matches(matches, phrases: query.phrases)
        return ranked(matches, by: scores, order: options.order)
    }

    /// The matches best first: by the sum of the parts' contributions, newest first among equals
    /// (and always newest first when `order` is `.date`).
    private func ranked(_ matches: EntrySet, by parts: [PartMatch], order: SearchOrder) -> [Int] {
        let newestFirst = matches.numbersNewestFirst
        guard order == .rank, !parts.isEmpty else { return newestFirst }
        let contributions = parts.map { part in (part, RankWeights.contributions(df: part.entries.count, count: entryCount)) }
        let scored = newestFirst.map { number in
            (number, contributions.reduce(0) { $0 + $1.1.of(tf: $1.0.tf[number] ?? 0) })
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 > $1.0 }.map(\.0)
    }

    /// The entries written from `dates.lowerBound` to `dates.upperBound` (`YYYY-MM-DD`, both
    /// included): entries are in date order, so a binary search over their records finds them.
    private func entries(in dates: ClosedRange<String>, records: RecordCache) throws -> EntrySet {
        func firstEntry(where isAfter: (String) -> Bool) throws -> Int {
            var low = 0
            var high = entryCount
            while low < high {
                let middle = (low + high) / 2
                if isAfter(String(try records.record(middle).date.prefix(10))) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let start = try firstEntry { $0 >= dates.lowerBound }
        let end = try firstEntry { $0 > dates.upperBound }
        var set = EntrySet(count: entryCount)
        set.insert(start..<max(start, end))
        return set
    }

    // MARK: - Lookup

    /// What one query part matches: its entries, and per entry its frequency (`RankWeights`, 1/1024 units).
    struct PartMatch {
        var entries: EntrySet
        var tf: [Int: Int] = [:]
    }

    /// The files read for one query, each once.
    private struct Lookup {
        let engine: SearchEngine
        var shards: [String: [String: ShardValue]] = [:]
        var initials: KeyFiles?

        init(engine: SearchEngine) { self.engine = engine }

        /// The entries every filter accepts (all entries when there is none), nil when none does.
        mutating func filtered(by filters: [SearchQuery.Filter]) throws -> EntrySet? {
            var matches = EntrySet(count: engine.entryCount)
            matches.insert(0..<engine.entryCount)
            for filter in filters {
                let key: String
                switch filter {
                case .tag(let slug): key = SearchIndexLayout.tagKey(slug: slug)
                case .period(let period): key = SearchIndexLayout.dateKey(period)
                case .emotion(let name):
                    guard let id = SearchQuery.emotionID(named: name, among: engine.emotions) else { return nil }
                    key = SearchIndexLayout.emotionKey(id: id)
                }
                matches = matches.intersection(try lookUp(key, in: engine.words) { _ in 0 }.entries)
                if matches.isEmpty { return nil }
            }
            return matches
        }

        /// The entries a part matches, with their frequencies.
        mutating func matches(of part: ArraySlice<Unicode.Scalar>) throws -> PartMatch {
            if HangulInitials.hasInitial(part) {
                if initials == nil { initials = try SearchEngine.keyFiles(of: .initials, with: engine.loadFile) }
                let key = SearchIndexLayout.initialsKey(of: part, heavy: initials!.heavy)
                return try lookUp(key, in: initials!) { HangulInitials.occurrences(of: part, in: Array($0.unicodeScalars)) }
            }
            let needle = Array(SearchText.string(part).utf8)
            return try lookUp(SearchIndexLayout.key(of: part, heavy: engine.words.heavy), in: engine.words) {
                RankWeights.occurrences(of: needle, in: Array($0.utf8))
            }
        }

        /// The entries that contain every part of `word`.
        mutating func entries(containing word: [Unicode.Scalar]) throws -> EntrySet {
            var found: EntrySet?
            for part in SearchIndexLayout.parts(of: word) {
                let entries = try matches(of: part).entries
                found = found.map { $0.intersection(entries) } ?? entries
            }
            return found ?? EntrySet(count: engine.entryCount)
        }

        /// The entries `key` (of the space `files` describes) lists, or those of its tokens in
        /// which the part occurs (`occurrences` > 0), with their frequencies.
        private mutating func lookUp(_ key: String, in files: KeyFiles, occurrences: (String) -> Int) throws -> PartMatch {
            let path = SearchIndexLayout.path(of: key, in: files.space, shardCount: files.shardCount, heavy: files.heavy)
            if shards[path] == nil { shards[path] = try SearchEngine.decode([String: ShardValue].self, at: path, with: engine.loadFile) }
            var found = PartMatch(entries: EntrySet(count: engine.entryCount))
            switch shards[path]![key] {
            case nil:
                break
            case .entries(let postings)?:
                try found.add(postings, times: 1, path: path)
            case .tokens(let list)?:
                var position = 0
                while position + 1 < list.count {
                    let times = occurrences(list[position])
                    if times > 0 { try found.add(list[position + 1], times: times, path: path) }
                    position += 2
                }
            }
            return found
        }
    }

    /// Substring search on UTF-8 bytes, which is substring search on characters (Unicode scalars),
    /// as JavaScript's `indexOf` is on well-formed UTF-16.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        guard let first = needle.first else { return true }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first && haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    // MARK: - Files

    static func decode<Value: Decodable>(_ type: Value.Type, at path: String,
                                                 with loadFile: (String) throws -> [UInt8]?) throws -> Value {
        guard let bytes = try loadFile(path) else { throw SearchIndexError(path: path, reason: .missingFile) }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes))
        } catch {
            throw SearchIndexError(path: path, reason: .unreadable("\(error)"))
        }
    }

    /// Where the keys of one space are, from its manifest.
    struct KeyFiles {
        var space: SearchIndexLayout.KeySpace
        var shardCount: Int
        var heavy: [String: HeavyKey]
        /// The heavy keys' sizes, where the manifest gives them (`search/positions.json`).
        var heavyBytes: [String: Int] = [:]

        /// - Parameters:
        ///   - heavy: the space's heavy keys as its manifest lists them, lightest first.
        ///   - bytes: their sizes in the same order, when the manifest has them.
        init(space: SearchIndexLayout.KeySpace, shards: Int, heavy: [String], bytes: [Int]? = nil) {
            self.space = space
            shardCount = max(1, shards)
            self.heavy = SearchIndexLayout.heavyKeys(listed: heavy)
            if let bytes { heavyBytes = Dictionary(zip(heavy, bytes), uniquingKeysWith: max) }
        }
    }

    /// The files of the keys of `space` (not `words`), from its manifest (`search/initials.json`, `search/positions.json`).
    static func keyFiles(of space: SearchIndexLayout.KeySpace, with loadFile: (String) throws -> [UInt8]?) throws -> KeyFiles {
        let manifest = try decode(KeySpaceManifest.self, at: space.manifestPath, with: loadFile)
        return KeyFiles(space: space, shards: manifest.shards, heavy: manifest.heavy, bytes: manifest.bytes)
    }

    private struct KeySpaceManifest: Decodable {
        var shards: Int
        var heavy: [String]
        var bytes: [Int]?
    }

    private struct Manifest: Decodable {
        var version: Int
        /// Optional so that an older index gets the version error, not a decoding one.
        var chunk: Int?
        var entries: Int
        var shards: Int
        var heavy: [String]
        /// Id → emoji, label, colour and aliases.
        var emotions: [String: [String]]?
    }

    struct EntryRecord: Decodable {
        var id: String
        var url: String
        var title: String
        var date: String
        var emotions: [String]
        var tags: [String]?
        var text: String?
    }

    /// Records read from the chunk files, each chunk once.
    final class RecordCache {
        let engine: SearchEngine
        private var chunks: [Int: [EntryRecord]] = [:]

        init(engine: SearchEngine) { self.engine = engine }

        func record(_ number: Int) throws -> EntryRecord {
            let chunk = number / engine.chunkEntries
            let path = SearchIndexLayout.chunkPath(chunk)
            if chunks[chunk] == nil { chunks[chunk] = try SearchEngine.decode([EntryRecord].self, at: path, with: engine.loadFile) }
            let offset = number - chunk * engine.chunkEntries
            guard offset < chunks[chunk]!.count else {
                throw SearchIndexError(path: path, reason: .unreadable("no record for entry \(number)"))
            }
            return chunks[chunk]![offset]
        }
    }

    /// A shard's value: the entries of a 1- or 2-character key, or the tokens (each followed by
    /// its entries) of a 3-character key.
    enum ShardValue: Decodable {
        case entries(String)
        case tokens([String])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let postings = try? container.decode(String.self) {
                self = .entries(postings)
            } else {
                self = .tokens(try container.decode([String].self))
            }
        }
    }
}

/// A set of entry numbers as a bitmap.
struct EntrySet {
    private var words: [UInt64]
    private let size: Int

    init(count: Int) {
        size = count
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    mutating func insert(_ number: Int) {
        if number < size { words[number >> 6] |= 1 << UInt64(number & 63) }
    }

    func contains(_ number: Int) -> Bool {
        number >= 0 && number < size && words[number >> 6] & (1 << UInt64(number & 63)) != 0
    }

    mutating func insert(_ numbers: Range<Int>) {
        for number in numbers { insert(number) }
    }

    func intersection(_ other: EntrySet) -> EntrySet {
        var result = self
        for index in words.indices { result.words[index] &= other.words[index] }
        return result
    }

    func subtracting(_ other: EntrySet) -> EntrySet {
        var result = self
        for index in words.indices { result.words[index] &= ~other.words[index] }
        return result
    }

    func filter(_ isIncluded: (Int) throws -> Bool) rethrows -> EntrySet {
        var result = EntrySet(count: size)
        for number in numbersNewestFirst where try isIncluded(number) { result.insert(number) }
        return result
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    var numbersNewestFirst: [Int] {
        var numbers: [Int] = []
        for index in words.indices.reversed() where words[index] != 0 {
            for bit in (0..<64).reversed() where words[index] & (1 << UInt64(bit)) != 0 { numbers.append(index * 64 + bit) }
        }
        return numbers
    }
}

extension SearchEngine.PartMatch {
    /// Adds the entries of a list (`PostingsCoding.weighted`), each weight `times` over to its frequency.
    mutating func add(_ postings: String, times: Int, path: String) throws {
        let list: (numbers: [Int], weights: [UInt8]?)
        do { list = try PostingsCoding.decodeWeighted(postings) } catch {
            throw SearchIndexError(path: path, reason: .unreadable("bad entry list \"\(postings.prefix(20))\""))
        }
        for (offset, number) in list.numbers.enumerated() {
            entries.insert(number)
            if let weights = list.weights { tf[number, default: 0] += times * RankWeights.dequantised[Int(weights[offset])] }
        }
    }
}
