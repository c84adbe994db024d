import DiaryIndex
import DiaryModel

/// Builds the search index the site serves under `search/` and `daybook search` reads back.
///
/// ## Design
/// Each entry's searchable text (title, visible body text with image descriptions, front-matter
/// picture descriptions and captions, tags, each listed emotion's id and label) is normalised
/// (`SearchText`) and cut at white space into tokens. A query word, which holds no white space,
/// occurs in the text exactly when it occurs inside one token, so matching words against the
/// distinct tokens is exact and needs no second look at the text. Tokens longer than 32
/// characters are indexed as overlapping 32-character pieces (`SearchIndexLayout`).
///
/// The index is a set of keys, each in one of `shards` files chosen by a hash of the key:
/// - every character (1-character key) and every pair of adjacent characters (2-character key)
///   of a token: the entries that contain it, so a one- or two-character word is one lookup;
/// - every run of three adjacent characters (3-character key): the tokens that contain it, each
///   with its entries. A longer word looks up its first three characters, keeps the tokens that
///   contain the whole word, and takes the union of their entries.
/// Words are then intersected (AND), and entries are numbered in diary order, so newest first
/// is a descending sort. A query therefore fetches the manifest, one shard per word, and the
/// entry files of the results it shows: the shard count grows with the index so that a shard
/// stays around `targetShardBytes`, and what a query downloads does not grow with the diary
/// the way one big index file does.
///
/// Files (all JSON, deterministic: sorted keys, no timestamps):
/// - `search/index.json`: `{"version", "entries": N, "shards": S, "emotions": {id: [emoji, label]}}`
/// - `search/shards/<k>.json`: `{key: postings}` for 1- and 2-character keys,
///   `{key: [token, postings, token, postings, …]}` for 3-character keys (`PostingsCoding`)
/// - `search/entries/<n>.json`: entry `n` in diary order (0 is the oldest):
///   `{"id", "url", "title", "date": "YYYY-MM-DD HH:MM", "emotions": [id…], "path", "text"}`,
///   `text` being the body's visible text, for the excerpt.
public struct SearchIndexBuilder: Sendable {
    /// Shards are sized to hold about this many bytes on average.
    public static let targetShardBytes = 12_000

    public let entries: [Entry]
    public let emotions: [Emotion]
    public let baseURL: String

    /// - Parameters:
    ///   - entries: the entries to index, in diary order (as `Diary.entries`); drafts only if the build shows them.
    ///   - emotions: every emotion, for labels and emoji (as `Diary.emotions`).
    ///   - baseURL: the site's `base_url`, which starts every entry URL in the index.
    public init(entries: [Entry], emotions: [Emotion], baseURL: String) {
        self.entries = entries
        self.emotions = emotions
        self.baseURL = baseURL
    }

    /// Every file of the index: its path under the site (`search/…`) and its bytes.
    public func files() -> [String: [UInt8]] {
        var emotionsByID: [String: Emotion] = [:]
        for emotion in emotions where emotionsByID[emotion.id] == nil { emotionsByID[emotion.id] = emotion }
        let documents = ParallelMap.map(entries, chunkSize: 64) { entry -> (SearchDocument, [String]) in
            let document = SearchDocument(entry: entry, emotions: emotionsByID)
            return (document, SearchText.tokens(of: document.searchableText))
        }

        var files: [String: [UInt8]] = [:]
        let entryFiles = ParallelMap.map(Array(entries.indices), chunkSize: 128) { number in
            entryFile(entries[number], text: documents[number].0.bodyText)
        }
        for (number, bytes) in entryFiles.enumerated() { files[SearchIndexLayout.entryPath(number)] = bytes }

        let keys = KeyTable(tokensByEntry: documents.map(\.1))
        let values = keys.encodedValues()
        let totalBytes = values.reduce(0) { $0 + $1.key.utf8.count + $1.value.count + 4 }
        var shardCount = 1
        while shardCount * Self.targetShardBytes < totalBytes { shardCount *= 2 }

        var shards = [[(key: String, value: [UInt8])]](repeating: [], count: shardCount)
        for item in values { shards[SearchIndexLayout.shard(of: item.key, shardCount: shardCount)].append(item) }
        for (number, items) in shards.enumerated() {
            var json = JSONWriter()
            json.object(items.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) { json, item in
                json.key(item.key)
                json.raw(item.value)
            }
            files[SearchIndexLayout.shardPath(number)] = json.bytes
        }

        files[SearchIndexLayout.manifestPath] = manifest(shardCount: shardCount, emotions: emotionsByID)
        return files
    }

    // MARK: - Files

    private func manifest(shardCount: Int, emotions: [String: Emotion]) -> [UInt8] {
        var used = Set(self.emotions.map(\.id))
        for entry in entries { used.formUnion(entry.emotionIDs) }
        var json = JSONWriter()
        json.object(["emotions", "entries", "shards", "version"]) { json, name in
            json.key(name)
            switch name {
            case "emotions":
                json.object(used.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { json, id in
                    json.key(id)
                    json.array([emotions[id]?.emoji ?? "•", emotions[id]?.label ?? id]) { $0.string($1) }
                }
            case "entries": json.number(entries.count)
            case "shards": json.number(shardCount)
            default: json.number(SearchIndexLayout.version)
            }
        }
        return json.bytes
    }

    private func entryFile(_ entry: Entry, text: String) -> [UInt8] {
        var json = JSONWriter()
        json.object(["date", "emotions", "id", "path", "text", "title", "url"]) { json, name in
            json.key(name)
            switch name {
            case "date": json.string(entry.local.description)
            case "emotions": json.array(entry.emotionIDs) { $0.string($1) }
            case "id": json.string(entry.id)
            case "path": json.string(entry.sourcePath)
            case "text": json.string(text)
            case "title": json.string(entry.title)
            default: json.string(baseURL + entry.urlPath)
            }
        }
        return json.bytes
    }
}

// MARK: - Keys

/// Tokens, characters, pairs and triples of characters, with the entries they occur in.
private struct KeyTable {
    /// Distinct tokens (or pieces of long tokens) as characters.
    var tokens: [[Unicode.Scalar]] = []
    var tokenEntries: [[Int]] = []
    /// 1- and 2-character keys → entries.
    var gramEntries: [[Int]] = []
    var gramKeys: [[Unicode.Scalar]] = []
    /// 3-character keys → tokens.
    var tripleTokens: [[Int]] = []
    var tripleKeys: [[Unicode.Scalar]] = []

    init(tokensByEntry: [[String]]) {
        var tokenIDs: [String: Int] = [:]
        var gramIDs: [Gram: Int] = [:]
        var tripleIDs: [Gram: Int] = [:]
        /// Per token: its distinct 1- and 2-character key ids.
        var tokenGrams: [[Int]] = []
        var tokenSeen: [Int] = []
        var gramSeen: [Int] = []

        for (entry, words) in tokensByEntry.enumerated() {
            for word in words {
                let scalars = Array(word.unicodeScalars)
                for piece in SearchIndexLayout.pieces(of: scalars) {
                    let text = SearchIndexLayout.string(piece)
                    let id: Int
                    if let known = tokenIDs[text] {
                        id = known
                    } else {
                        id = tokens.count
                        tokenIDs[text] = id
                        tokens.append(Array(piece))
                        tokenEntries.append([])
                        tokenSeen.append(-1)
                        var grams: [Int] = []
                        for (offset, scalar) in piece.enumerated() {
                            var candidates = [Gram(scalar)]
                            if offset + 1 < piece.count { candidates.append(Gram(scalar, piece[piece.startIndex + offset + 1])) }
                            for gram in candidates {
                                if let gramID = gramIDs[gram] {
                                    if !grams.contains(gramID) { grams.append(gramID) }
                                } else {
                                    gramIDs[gram] = gramEntries.count
                                    grams.append(gramEntries.count)
                                    gramEntries.append([])
                                    gramKeys.append(gram.scalars)
                                    gramSeen.append(-1)
                                }
                            }
                            if offset + 2 < piece.count {
                                let triple = Gram(scalar, piece[piece.startIndex + offset + 1], piece[piece.startIndex + offset + 2])
                                if let tripleID = tripleIDs[triple] {
                                    if tripleTokens[tripleID].last != id { tripleTokens[tripleID].append(id) }
                                } else {
                                    tripleIDs[triple] = tripleTokens.count
                                    tripleTokens.append([id])
                                    tripleKeys.append(triple.scalars)
                                }
                            }
                        }
                        tokenGrams.append(grams)
                    }
                    guard tokenSeen[id] != entry else { continue }
                    tokenSeen[id] = entry
                    tokenEntries[id].append(entry)
                    for gram in tokenGrams[id] where gramSeen[gram] != entry {
                        gramSeen[gram] = entry
                        gramEntries[gram].append(entry)
                    }
                }
            }
        }
    }

    /// Every key with its JSON value.
    func encodedValues() -> [(key: String, value: [UInt8])] {
        var values: [(key: String, value: [UInt8])] = []
        values.reserveCapacity(gramKeys.count + tripleKeys.count)
        for (id, key) in gramKeys.enumerated() {
            var json = JSONWriter()
            json.rawString(PostingsCoding.encode(gramEntries[id]))
            values.append((SearchIndexLayout.string(key), json.bytes))
        }
        let tokenTexts = tokens.map { SearchIndexLayout.string($0) }
        let tokenPostings = tokenEntries.map(PostingsCoding.encode)
        for (id, key) in tripleKeys.enumerated() {
            let listed = tripleTokens[id].sorted { tokenTexts[$0].utf8.lexicographicallyPrecedes(tokenTexts[$1].utf8) }
            var json = JSONWriter()
            json.array(listed) { json, token in
                json.string(tokenTexts[token])
                json.separator()
                json.rawString(tokenPostings[token])
            }
            values.append((SearchIndexLayout.string(key), json.bytes))
        }
        return values
    }
}

/// One, two or three characters, packed for hashing.
private struct Gram: Hashable {
    var packed: UInt64
    var count: UInt8

    init(_ a: Unicode.Scalar) { packed = UInt64(a.value); count = 1 }
    init(_ a: Unicode.Scalar, _ b: Unicode.Scalar) { packed = UInt64(a.value) << 21 | UInt64(b.value); count = 2 }
    init(_ a: Unicode.Scalar, _ b: Unicode.Scalar, _ c: Unicode.Scalar) {
        packed = UInt64(a.value) << 42 | UInt64(b.value) << 21 | UInt64(c.value)
        count = 3
    }

    var scalars: [Unicode.Scalar] {
        (0..<Int(count)).reversed().map { Unicode.Scalar(UInt32(truncatingIfNeeded: packed >> (21 * UInt64($0))) & 0x1F_FFFF)! }
    }
}
