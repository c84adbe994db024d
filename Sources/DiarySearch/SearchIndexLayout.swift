import BuildSupport
import DiaryModel

/// Where the search index's files live in the site and how a query word finds its key.
/// Everything here has a twin in search.js; change both together (and `version`).
enum SearchIndexLayout {
    /// The format's version, written into `search/index.json`.
    static let version = 9
    static let manifestPath = KeySpace.words.manifestPath

    /// The spaces of keys, each with its own shards, heavy-key files and manifest. Every
    /// query fetches the manifest of `words`; only a query word with an initial consonant
    /// fetches anything of `initials`, and only a phrase anything of `positions`, so those keys
    /// cost the other queries nothing.
    enum KeySpace: CaseIterable, Sendable {
        /// Characters of tokens and the filter keys: named in `search/index.json`.
        case words
        /// Characters of tokens' initials forms (keys that start with `initialsPrefix`): named
        /// in `search/initials.json`.
        case initials
        /// Where each token of the entries' titles and visible text stands, and which tokens
        /// start or end with a character or two (`PhrasePositions`): named in `search/positions.json`.
        case positions

        /// The space of a key of `words` or `initials` (the two are told apart by their names;
        /// the `positions` keys are made by themselves).
        init(of key: String) {
            self = key.utf8.starts(with: SearchIndexLayout.initialsPrefix.utf8) ? .initials : .words
        }

        /// The file that names the space's shard count and heavy keys.
        var manifestPath: String {
            switch self {
            case .words: return "search/index.json"
            case .initials: return "search/initials.json"
            case .positions: return "search/positions.json"
            }
        }

        func shardPath(_ number: Int) -> String {
            switch self {
            case .words: return "search/shards/\(number).json"
            case .initials: return "search/initials/shards/\(number).json"
            case .positions: return "search/positions/shards/\(number).json"
            }
        }

        func heavyKeyPath(_ number: Int) -> String {
            switch self {
            case .words: return "search/keys/\(number).json"
            case .initials: return "search/initials/keys/\(number).json"
            case .positions: return "search/positions/keys/\(number).json"
            }
        }
    }

    /// Heavy-key files are numbered from 1,000,000 to 1,999,999: every number has 7 digits, so
    /// that the paths of a space's heavy files are all as long (an edit's build then writes the
    /// path of a key that became heavy over that of one that stopped being so in its manifest).
    static let heavyFileNumberRange = 1_000_000..<2_000_000

    /// The file number of each of a space's heavy keys (`heavy`, in UTF-8 order), from the key's
    /// FNV-1a hash (as for shards): a key keeps its file while it stays heavy, whichever other keys
    /// come and go, so an edit rewrites only the files of the keys it changed. Of keys with the
    /// same number, each after the first in UTF-8 order takes the next free one. The manifest names
    /// the heavy keys only; the page and the command work out their numbers from the names.
    static func heavyFileNumbers(of heavy: [SearchIndexState.KeySize]) -> [Int] {
        heavyFileNumbers(ofKeys: heavy.map(\.key))
    }

    /// `heavyFileNumbers(of:)` from the keys alone, in UTF-8 order.
    static func heavyFileNumbers(ofKeys keys: [String]) -> [Int] {
        let count = UInt32(heavyFileNumberRange.count)
        var taken = Set<Int>()
        return keys.map { key in
            var number = Int(hash(key) % count)
            while !taken.insert(number).inserted { number = (number + 1) % Int(count) }
            return heavyFileNumberRange.lowerBound + number
        }
    }

    /// The heavy keys a manifest lists (lightest first, `SearchIndexBuilder`), each with its file
    /// and its place in that list.
    static func heavyKeys(listed: [String]) -> [String: HeavyKey] {
        let byName = Array(Set(listed)).sorted { UTF8Order.precedes($0, $1) }
        let files = Dictionary(uniqueKeysWithValues: zip(byName, heavyFileNumbers(ofKeys: byName)))
        var heavy: [String: HeavyKey] = [:]
        for (rank, key) in listed.enumerated() where heavy[key] == nil { heavy[key] = HeavyKey(file: files[key]!, rank: rank) }
        return heavy
    }

    /// What the search page counts its results by (`SearchFacets`), fetched once a page session.
    static let facetsPath = "search/facets.json"

    /// The file that holds the records of entries `number * chunkEntries ..< (number + 1) * chunkEntries`.
    static func chunkPath(_ number: Int) -> String { "search/chunks/\(number).json" }

    /// How many consecutive entries share a chunk file: as many as make about `targetBytes`
    /// on average (at least one), so that a chunk stays about that size whatever the entries' length.
    static func chunkEntries(averageRecordBytes: Int, targetBytes: Int) -> Int {
        max(1, targetBytes / max(1, averageRecordBytes))
    }

    /// Tokens longer than this many characters are indexed as overlapping pieces of this length,
    /// starting every `pieceStep` characters, so one long token (a URL, a run of CJK text) cannot
    /// make the index grow with the square of its length.
    static let pieceLength = 32
    static let pieceStep = 16
    /// The longest query word matched as one: any substring of at most this length lies wholly
    /// inside one piece. A longer word is matched as overlapping parts of this length, all of
    /// which must occur in the entry.
    static let longestWord = pieceLength - pieceStep + 1

    /// The pieces a normalised token is indexed as (the token itself when it is short).
    static func pieces(of token: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        guard token.count > pieceLength else { return [token[...]] }
        var pieces: [ArraySlice<Unicode.Scalar>] = []
        var start = 0
        while true {
            let end = min(token.count, start + pieceLength)
            pieces.append(token[start..<end])
            if end == token.count { return pieces }
            start += pieceStep
        }
    }

    /// The parts a query word is looked up as: itself, or overlapping parts of `longestWord`
    /// characters when it is longer.
    static func parts(of word: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        guard word.count > longestWord else { return [word[...]] }
        var parts: [ArraySlice<Unicode.Scalar>] = []
        var start = 0
        while true {
            let end = min(word.count, start + longestWord)
            parts.append(word[max(0, end - longestWord)..<end])
            if end == word.count { return parts }
            start += longestWord - 1
        }
    }

    /// The key a query part is looked up under. A part of one or two characters is its own key
    /// (its value lists entries). A longer part uses one of its three-character runs (whose
    /// values list tokens): the first that is not a heavy key, else the lightest heavy one.
    /// `heavy` is the `words` space's.
    static func key(of part: ArraySlice<Unicode.Scalar>, heavy: [String: HeavyKey]) -> String {
        guard part.count > 2 else { return SearchText.string(part) }
        var best: (key: String, rank: Int)?
        for start in part.startIndex...(part.endIndex - 3) {
            let key = SearchText.string(part[start..<start + 3])
            guard let known = heavy[key] else { return key }
            if best == nil || known.rank < best!.rank { best = (key, known.rank) }
        }
        return best!.key
    }

    /// The key an initials lookup (`HangulInitials`) of a part that holds an initial uses: the
    /// part's initials form when it has one or two characters, else one of its three-character
    /// runs that holds an initial (the first that is not heavy, else the lightest heavy one).
    /// `heavy` is the `initials` space's.
    static func initialsKey(of part: ArraySlice<Unicode.Scalar>, heavy: [String: HeavyKey]) -> String {
        let initials = part.map(HangulInitials.initial(of:))
        guard initials.count > 2 else { return initialsPrefix + SearchText.string(initials) }
        var best: (key: String, rank: Int)?
        for start in 0...(initials.count - 3) where initials[start..<start + 3].contains(where: HangulInitials.isInitial) {
            let key = initialsPrefix + SearchText.string(initials[start..<start + 3])
            guard let known = heavy[key] else { return key }
            if best == nil || known.rank < best!.rank { best = (key, known.rank) }
        }
        return best!.key
    }

    // MARK: - Key names

    /// What starts the keys of initials forms. Keys with a space are never characters of a
    /// token (tokens hold no space), so these and the filter keys below have names of their own.
    static let initialsPrefix = "초 "

    /// The filter key of entries with a tag (`#walk`), by the tag's slug.
    static func tagKey(slug: String) -> String { "tag " + slug }
    /// The filter key of entries with an emotion among theirs (`emotion:happy`).
    static func emotionKey(id: String) -> String { "emotion " + id }
    /// The filter key of entries of a year (`2025`) or month (`2025-10`).
    static func dateKey(_ period: String) -> String { "date " + period }

    /// The file that holds `key` of `space`, whose manifest gives `shardCount` and `heavy`: its
    /// own file when it is heavy, else the shard its hash picks.
    static func path(of key: String, in space: KeySpace, shardCount: Int, heavy: [String: HeavyKey]) -> String {
        if let known = heavy[key] { return space.heavyKeyPath(known.file) }
        return space.shardPath(shard(of: key, shardCount: shardCount))
    }

    /// The key's hash modulo the number of shards.
    static func shard(of key: String, shardCount: Int) -> Int {
        Int(hash(key) % UInt32(shardCount))
    }

    /// FNV-1a (32 bits) over the key's UTF-8 bytes.
    static func hash(_ key: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in key.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }
}

/// A key whose value is too big to share a shard: it has a file of its own, and a query word
/// looks it up only when all its other keys are heavy too.
struct HeavyKey: Hashable, Sendable {
    /// `search/keys/<file>.json` (`search/initials/keys/<file>.json` for an initials key).
    var file: Int
    /// Its place among the space's heavy keys, lightest first: the lowest is picked.
    var rank: Int
}
