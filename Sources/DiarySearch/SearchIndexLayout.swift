/// Where the search index's files live in the site and how a query word finds its shard.
/// Everything here has a twin in search.js; change both together (and `version`).
enum SearchIndexLayout {
    /// The format's version, written into `search/index.json`.
    static let version = 1
    static let manifestPath = "search/index.json"

    static func shardPath(_ number: Int) -> String { "search/shards/\(number).json" }
    static func entryPath(_ number: Int) -> String { "search/entries/\(number).json" }

    /// Tokens longer than this many characters are indexed as overlapping pieces of this length,
    /// starting every `pieceStep` characters, so one long token (a URL, a run of CJK text) cannot
    /// make the index grow with the square of its length.
    static let pieceLength = 32
    static let pieceStep = 16
    /// The longest query word matched as one: any substring of at most this length lies wholly
    /// inside one piece. A longer word is matched as overlapping pieces of this length, all of
    /// which must match the entry.
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

    /// The key a query part is looked up under: the part itself when it has one or two
    /// characters (whose keys list entries directly), else its first three characters (whose
    /// keys list the tokens that contain them, with their entries).
    static func key(of part: ArraySlice<Unicode.Scalar>) -> String {
        string(part.prefix(3))
    }

    /// FNV-1a (32 bits) over the key's UTF-8 bytes, modulo the number of shards.
    static func shard(of key: String, shardCount: Int) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for byte in key.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(shardCount))
    }

    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
