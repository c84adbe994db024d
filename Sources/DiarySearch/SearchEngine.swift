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
    private let loadFile: (String) throws -> [UInt8]?
    /// Entry id → its Markdown file, for the results' `path`: the published index names no
    /// source file (SPEC §8), so the caller, who has the diary, supplies them.
    public var sourcePaths: [String: String] = [:]

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

    /// The entries that match `query` (up to `limit` of them), newest first. Reads each chunk
    /// file that holds one of them once.
    public func search(_ query: String, limit: Int? = nil) throws -> [SearchResult] {
        var numbers = try entryNumbers(matching: query)
        if let limit { numbers = Array(numbers.prefix(max(0, limit))) }
        var chunks: [Int: [EntryRecord]] = [:]
        return try numbers.map { number in
            let chunk = number / chunkEntries
            let path = SearchIndexLayout.chunkPath(chunk)
            if chunks[chunk] == nil { chunks[chunk] = try Self.decode([EntryRecord].self, at: path, with: loadFile) }
            let offset = number - chunk * chunkEntries
            guard offset < chunks[chunk]!.count else {
                throw SearchIndexError(path: path, reason: .unreadable("no record for entry \(number)"))
            }
            let entry = chunks[chunk]![offset]
            return SearchResult(id: entry.id, url: entry.url, title: entry.title, date: entry.date,
                                emotion: entry.emotions.first ?? "", path: sourcePaths[entry.id] ?? "")
        }
    }

    /// The numbers (diary order, 0 the oldest) of the entries that match `query` (`SearchQuery`),
    /// newest first. An empty query (or one with nothing but white space and invisible marks)
    /// matches nothing.
    public func entryNumbers(matching query: String) throws -> [Int] {
        let query = SearchQuery(query)
        guard !query.isEmpty else { return [] }
        var shards: [String: [String: ShardValue]] = [:]
        var initials: KeyFiles?
        var matches: EntrySet?
        func narrow(to found: EntrySet) {
            matches = matches.map { $0.intersection(found) } ?? found
        }
        for filter in query.filters {
            let key: String
            switch filter {
            case .tag(let slug): key = SearchIndexLayout.tagKey(slug: slug)
            case .period(let period): key = SearchIndexLayout.dateKey(period)
            case .emotion(let name):
                guard let id = SearchQuery.emotionID(named: name, among: emotions) else { return [] }
                key = SearchIndexLayout.emotionKey(id: id)
            }
            narrow(to: try entries(under: key, in: words, shards: &shards) { _ in false })
            if matches!.isEmpty { return [] }
        }
        for word in query.words {
            for part in SearchIndexLayout.parts(of: word) {
                let found: EntrySet
                if HangulInitials.hasInitial(part) {
                    if initials == nil { initials = try Self.initialsFiles(with: loadFile) }
                    let key = SearchIndexLayout.initialsKey(of: part, heavy: initials!.heavy)
                    found = try entries(under: key, in: initials!, shards: &shards) { HangulInitials.matches(part, in: Array($0.unicodeScalars)) }
                } else {
                    let needle = Array(SearchText.string(part).utf8)
                    found = try entries(under: SearchIndexLayout.key(of: part, heavy: words.heavy), in: words, shards: &shards) {
                        Self.contains(Array($0.utf8), needle)
                    }
                }
                narrow(to: found)
                if matches!.isEmpty { return [] }
            }
        }
        return matches?.numbersNewestFirst ?? []
    }

    // MARK: - Lookup

    /// The entries `key` (of the space `files` describes) lists, or those of its tokens that `isMatch` accepts.
    private func entries(under key: String, in files: KeyFiles, shards: inout [String: [String: ShardValue]],
                         isMatch: (String) -> Bool) throws -> EntrySet {
        let path = SearchIndexLayout.path(of: key, in: files.space, shardCount: files.shardCount, heavy: files.heavy)
        if shards[path] == nil { shards[path] = try Self.decode([String: ShardValue].self, at: path, with: loadFile) }
        var found = EntrySet(count: entryCount)
        switch shards[path]![key] {
        case nil:
            break
        case .entries(let postings)?:
            try found.insert(postings, path: path)
        case .tokens(let list)?:
            var position = 0
            while position + 1 < list.count {
                if isMatch(list[position]) { try found.insert(list[position + 1], path: path) }
                position += 2
            }
        }
        return found
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

    private static func decode<Value: Decodable>(_ type: Value.Type, at path: String,
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

        init(space: SearchIndexLayout.KeySpace, shards: Int, heavy: [String: [Int]]) {
            self.space = space
            shardCount = max(1, shards)
            self.heavy = [:]
            for (key, numbers) in heavy where numbers.count == 2 { self.heavy[key] = HeavyKey(file: numbers[0], bytes: numbers[1]) }
        }
    }

    /// The initials keys' files, from `search/initials.json`.
    private static func initialsFiles(with loadFile: (String) throws -> [UInt8]?) throws -> KeyFiles {
        let manifest = try decode(KeySpaceManifest.self, at: SearchIndexLayout.KeySpace.initials.manifestPath, with: loadFile)
        return KeyFiles(space: .initials, shards: manifest.shards, heavy: manifest.heavy)
    }

    private struct KeySpaceManifest: Decodable {
        var shards: Int
        var heavy: [String: [Int]]
    }

    private struct Manifest: Decodable {
        var version: Int
        /// Optional so that an older index gets the version error, not a decoding one.
        var chunk: Int?
        var entries: Int
        var shards: Int
        var heavy: [String: [Int]]
        /// Id → emoji, label, colour and aliases.
        var emotions: [String: [String]]?
    }

    private struct EntryRecord: Decodable {
        var id: String
        var url: String
        var title: String
        var date: String
        var emotions: [String]
    }

    /// A shard's value: the entries of a 1- or 2-character key, or the tokens (each followed by
    /// its entries) of a 3-character key.
    private enum ShardValue: Decodable {
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
    private let count: Int

    init(count: Int) {
        self.count = count
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    mutating func insert(_ postings: String, path: String) throws {
        let numbers: [Int]
        do { numbers = try PostingsCoding.decode(postings) } catch {
            throw SearchIndexError(path: path, reason: .unreadable("bad entry list \"\(postings.prefix(20))\""))
        }
        for number in numbers where number < count { words[number >> 6] |= 1 << UInt64(number & 63) }
    }

    func intersection(_ other: EntrySet) -> EntrySet {
        var result = self
        for index in words.indices { result.words[index] &= other.words[index] }
        return result
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    var numbersNewestFirst: [Int] {
        var numbers: [Int] = []
        for index in words.indices.reversed() where words[index] != 0 {
            for bit in (0..<64).reversed() where words[index] & (1 << UInt64(bit)) != 0 { numbers.append(index * 64 + bit) }
        }
        return numbers
    }
}
