/// Keeps the candidates of a query that hold its phrases (`SearchQuery.phrases`), as the search
/// page does (search.js, `withPhrases`): from the places of the phrases' tokens in the index
/// (`PhrasePositions`), or from the candidates' records, whichever is expected to fetch fewer
/// bytes. Both give the same entries; the choice is only about what the page downloads.
///
/// The records are read when there are at most `recordCandidates` candidates: a page shows that
/// many results, so it fetches the records of those that match anyway. Otherwise the `positions`
/// manifest and the affix keys of each phrase's first and last words are read, which name the
/// tokens the words may be, and the files of those tokens are read unless they are expected to
/// weigh more than the candidates' records (heavy files by their size, shards as `shardBytes`,
/// records as `recordBytes` each). The words are then read from the lightest, each narrowing the
/// places where the phrase may start, and a phrase that can start nowhere ends the search.
struct PhraseCheck {
    /// How a phrase is checked.
    enum Method {
        /// Whichever is expected to fetch fewer bytes (the page's way).
        case cheaper
        /// From the index's positions, whatever the candidates.
        case positions
        /// From the candidates' records.
        case records
    }

    /// At most this many candidates are checked against their records.
    static let recordCandidates = 20
    /// What a shard of positions is expected to weigh, and a record (its chunk).
    static let shardBytes = SearchIndexBuilder.targetShardBytes
    static let recordBytes = SearchIndexBuilder.targetChunkBytes

    let engine: SearchEngine
    let records: SearchEngine.RecordCache
    let method: Method

    /// The candidates that hold every phrase (each its normalised text, words joined by one space).
    func matches(_ candidates: EntrySet, phrases: [String]) throws -> EntrySet {
        guard !phrases.isEmpty, !candidates.isEmpty else { return candidates }
        let count = candidates.count
        if method == .records || (method == .cheaper && count <= Self.recordCandidates) { return try fromRecords(candidates, phrases) }
        var files = try PositionFiles(engine: engine)
        let phraseWords = phrases.map { $0.split(separator: " ").map { Array($0.unicodeScalars) } }
        var lookups: [[WordLookup]] = []
        for words in phraseWords {
            lookups.append(try words.enumerated().map { index, word in try files.lookup(of: word, role: PhrasePositions.role(ofWord: index, count: words.count)) })
        }
        let paths = Set(lookups.joined().flatMap { $0.tokens.map { files.path(of: $0) } })
        if method == .cheaper, paths.reduce(0, { $0 + files.expectedBytes(of: $1) }) > count * Self.recordBytes {
            return try fromRecords(candidates, phrases)
        }
        var matches = candidates
        for words in lookups {
            matches = try files.entries(holding: words, among: matches)
            if matches.isEmpty { break }
        }
        return matches
    }

    /// The candidates whose title or visible text (normalised) holds every phrase, compared byte
    /// by byte (as JavaScript's `indexOf` compares well-formed UTF-16).
    private func fromRecords(_ candidates: EntrySet, _ phrases: [String]) throws -> EntrySet {
        let needles = phrases.map { Array($0.utf8) }
        return try candidates.filter { number in
            let record = try records.record(number)
            let texts = [record.title, record.text ?? ""].map { Array(SearchText.normalize($0).utf8) }
            return needles.allSatisfy { needle in texts.contains { SearchEngine.contains($0, needle) } }
        }
    }

    /// One word of a phrase: the tokens it may be.
    struct WordLookup {
        var tokens: [String]
    }

    /// The `positions` files read for one query, each once.
    private struct PositionFiles {
        let engine: SearchEngine
        let files: SearchEngine.KeyFiles
        /// The heavy keys' files → their sizes.
        let heavyBytes: [String: Int]
        var loaded: [String: [String: SearchEngine.ShardValue]] = [:]

        init(engine: SearchEngine) throws {
            self.engine = engine
            let files = try SearchEngine.keyFiles(of: .positions, with: engine.loadFile)
            self.files = files
            heavyBytes = Dictionary(files.heavyBytes.compactMap { key, bytes in
                files.heavy[key].map { (files.space.heavyKeyPath($0.file), bytes) }
            }, uniquingKeysWith: max)
        }

        func path(of key: String) -> String {
            SearchIndexLayout.path(of: key, in: .positions, shardCount: files.shardCount, heavy: files.heavy)
        }

        func expectedBytes(of path: String) -> Int {
            heavyBytes[path] ?? PhraseCheck.shardBytes
        }

        mutating func value(of key: String) throws -> SearchEngine.ShardValue? {
            let path = path(of: key)
            if loaded[path] == nil { loaded[path] = try SearchEngine.decode([String: SearchEngine.ShardValue].self, at: path, with: engine.loadFile) }
            return loaded[path]![key]
        }

        /// The tokens word `word` of `role` may be: itself for a whole token, else those its affix key lists that fit.
        mutating func lookup(of word: [Unicode.Scalar], role: PhrasePositions.Role) throws -> WordLookup {
            guard role != .whole else { return WordLookup(tokens: [SearchText.string(word)]) }
            let key = PhrasePositions.key(of: word, role: role)
            guard case .tokens(let listed)? = try value(of: key) else { return WordLookup(tokens: []) }
            let bytes = Array(SearchText.string(word).utf8)
            let tokens = stride(from: 0, to: listed.count - 1, by: 2).map { listed[$0] }
                .filter { PhrasePositions.fits(Array($0.utf8), bytes, role: role) }
            return WordLookup(tokens: tokens)
        }

        /// The entries of `candidates` in whose title or visible text the words stand one after
        /// the other (word n at place p + n), the words read from the one expected to weigh least.
        mutating func entries(holding words: [WordLookup], among candidates: EntrySet) throws -> EntrySet {
            let order = words.indices.sorted { a, b in
                let sizes = [a, b].map { Set(words[$0].tokens.map(path(of:))).reduce(0) { $0 + expectedBytes(of: $1) } }
                return sizes[0] != sizes[1] ? sizes[0] < sizes[1] : a < b
            }
            var starts: [Int: Set<Int>]?
            for index in order {
                var found: [Int: Set<Int>] = [:]
                for token in words[index].tokens {
                    guard case .entries(let text)? = try value(of: token) else { continue }
                    let list: [(entry: Int, item: [UInt8])]
                    do { list = try PhrasePositions.entries(inTokenValue: text) } catch {
                        throw SearchIndexError(path: path(of: token), reason: .unreadable("bad positions of \"\(token.prefix(20))\""))
                    }
                    for (entry, item) in list {
                        guard starts.map({ $0[entry] != nil }) ?? candidates.contains(entry) else { continue }
                        let places: PhrasePositions.Places
                        do { places = try PhrasePositions.places(inItem: item) } catch {
                            throw SearchIndexError(path: path(of: token), reason: .unreadable("bad positions of \"\(token.prefix(20))\""))
                        }
                        // A start is a place times two, plus one in the title.
                        for place in places.body where place >= index { found[entry, default: []].insert((place - index) * 2) }
                        for place in places.title where place >= index { found[entry, default: []].insert((place - index) * 2 + 1) }
                    }
                }
                if let previous = starts {
                    var kept: [Int: Set<Int>] = [:]
                    for (entry, places) in found {
                        let both = places.intersection(previous[entry] ?? [])
                        if !both.isEmpty { kept[entry] = both }
                    }
                    starts = kept
                } else {
                    starts = found
                }
                if starts!.isEmpty { break }
            }
            var entries = EntrySet(count: engine.entryCount)
            for entry in (starts ?? [:]).keys { entries.insert(entry) }
            return entries
        }
    }
}
