import BuildSupport
import DiaryIndex
import DiaryModel

/// Builds the search index the site serves under `search/` and `daybook search` reads back.
///
/// ## Design
/// Each entry's searchable text (title, visible body text with image descriptions, footnotes,
/// front-matter picture descriptions and captions, tags, each listed emotion's id and label) is normalised
/// (`SearchText`) and cut at white space into tokens. A query word, which holds no white space,
/// occurs in the text exactly when it occurs inside one token, so matching words against the
/// distinct tokens is exact and needs no second look at the text. Tokens longer than 32
/// characters are indexed as overlapping 32-character pieces (`SearchIndexLayout`).
///
/// The index maps keys to values:
/// - every character (1-character key) and every pair of adjacent characters (2-character key)
///   of a token → the entries that contain it, so a one- or two-character word is one lookup;
/// - every run of three adjacent characters (3-character key) → the tokens that contain it,
///   each with its entries. A longer word looks up one of its three-character runs, keeps the
///   tokens that contain the whole word, and takes the union of their entries.
/// Words are then intersected (AND). Entries are numbered in diary order, so newest first is a
/// descending sort, and appending an entry leaves the other entries' numbers alone.
///
/// ## Ranking
/// Results are ranked by BM25 over the entry's fields (BM25F with one length per entry): a word's
/// frequency in an entry is the sum, over the fields, of its occurrences times the field's boost
/// (title 4, tags and emotions 2.5, `search.fields` 1.5, body 1 — body being the visible text,
/// footnotes and picture descriptions), divided by the entry's length normalisation
/// `1 − b + b · length/pivot`; its score is `Σ idf · tf · (k1 + 1) / (tf + k1)` over the query's words,
/// newest first among equal scores (`RankWeights`). Because a word matches every token that
/// contains it, its occurrences are counted in the text: each token's overlapping occurrences of
/// the word, summed over the entry's tokens of each field (`산책` twice in `산책했다 산책로` is 2).
/// `k1 = 1.2` and `b = 0.75`, the usual values, not tuned on a diary: `b` is part of the weights
/// the index stores (a change means a new index format), `k1` only of the page's and the
/// command's arithmetic.
///
/// What the index carries for this, and how it stays incremental:
/// - every posting (an entry under a key, or under a token of a 3-character key) carries the entry's
///   frequency of that key or token, length normalisation included, as one character on a log scale
///   (`PostingsCoding.weighted`; kept to within 6 %). For a 1- or 2-character key it is the sum over
///   the entry's tokens of occurrences × weight, worked out at build time; for a longer word the
///   engine sums its matching tokens' weights × the word's occurrences in each token. Filter keys
///   carry none;
/// - the length is the UTF-8 bytes of the entry's visible body text, and the pivot the diary's
///   average length rounded to a power of √2, kept in the state: an edit changes only the edited
///   entry's own postings (and only those whose rounded weight changes, `KeyChanges`), and an edit
///   that moves the average across a step of √2 rebuilds the index, as a changed chunk size does;
/// - document frequencies are not stored: a query knows each word's matching entries (it just
///   looked them up), so `df` is exact for substring matching, and `N` is the manifest's `entries`.
/// The weights cost a byte a posting: the index grows from 23 to 34 MB on the 10,950-entry test
/// diary and the key files a query reads by about half; what a page of results costs is set by
/// its chunks (below).
///
/// ## What an edit rewrites
/// An edit rewrites the files of the keys whose values change (`SearchIndexUpdate`), each key in
/// the file its hash picks: a word of n characters has up to 3n − 3 keys (characters, pairs, runs
/// of three) and more for its initials, so a word changed for one of the same length rewrites
/// about as many files as the two words have keys (13–17 index files on the 10,950-entry test
/// diary). An edit that changes the entry's length also changes its length normalisation, which
/// every posting of the entry holds: the entry's other keys whose weight crosses a step of the
/// scale are rewritten too. Most of an entry's postings are words said once in the body, whose
/// weights share a step (as do words said 2, 4, 8 times): when the normalisation crosses it, they
/// all change, and with them nearly every file that lists the entry. Appending a seven-word
/// sentence to one entry of that diary rewrote 61–84 index files in five of seven edits and 549
/// and 774 (of 12,520) in the two that crossed it, plain or encrypted alike, the update in place
/// and giving a full build's bytes. Weights without the length, the lengths kept apart, would end
/// that, but every query would then read a table of every entry's length, which grows with the
/// diary as the index must not (and scoring would round twice).
///
/// ## Phrases, exclusions, particles
/// `"비가 와서"` looks up each of its words, then keeps the candidates whose title or visible text
/// (normalised) holds the words in that order, each field on its own (a phrase never spans the
/// title and the text; two phrases may each be in another field). Since the words hold no space,
/// that is: at some place p of one field, token p ends with the first word, the tokens after it
/// are the words between, and token p + n − 1 starts with the last word (`"uiet wal"` finds
/// "quiet walk", byte for byte as JavaScript's `indexOf` would). The index says where each token
/// of the titles and visible texts stands, in a key space of its own (`positions`, `PhrasePositions`):
/// per token its entries and places, and per one- or two-character start or end the tokens that
/// have it, which name the tokens a first or last word may be. A phrase is checked from these,
/// reading its words from the lightest and stopping when it can start nowhere, or from the
/// candidates' records when there are at most 20 (a page of results reads those anyway) or the
/// positions files are expected to weigh more (`PhraseCheck`); both give the same entries, and
/// the page decides as the command does. On the 10,950-entry test diary a phrase of common words
/// fetched 2–11 MB of records (4,000–6,000 files: `"비가 와서"` 8.1 MB); it now fetches 45–270 KB in
/// 6–35 files, its first page of results included, the results unchanged. A phrase whose first
/// or last word is one common character is the costly case (`"1 < 2"`: the tokens ending in `1`,
/// each in a file of its own, 1.1 MB in 157 files, from 10.8 MB). The positions make the index
/// 5.9 MB (17 %) bigger, 385 files more; a query without a phrase reads none of them. An edit
/// rewrites the positions keys of the tokens whose places in the entry change (all the tokens after a
/// word put in or taken out; none before) and the affix keys of tokens that come into the diary
/// or leave it. `-word` removes the entries a word matches. A word ending in a Korean particle is
/// looked up as its stem (`KoreanParticles`, which says which and why).
///
/// Keys live in `shards` files picked by a hash of the key (FNV-1a); the shard count doubles as
/// the index grows so that a shard stays around `targetShardBytes`. The keys whose value is big (a
/// common character or syllable pair, `ing`, the parts of a URL that recurs with many endings) each
/// get a file of their own, up to `maxHeavyKeys` of them: they do not weigh on the shard they would
/// share, and a word avoids them when it has a three-character run that is not heavy
/// (`SearchIndexLayout.key(of:heavy:)`). The manifest lists them by name only, lightest first: the
/// file number follows from the key's hash (`SearchIndexLayout.heavyFileNumbers`), and picking the
/// lightest of a word's runs needs their order, not their sizes. Every query reads that list, so
/// it is what a heavy key costs the queries that do not use it: 8 bytes a key, where a file
/// number and a size cost 25.
///
/// Why these limits: since postings carry weights, a common character or pair lists its entries
/// in gaps and weights (about 2 bytes an entry) rather than in a bitmap (a sixth of a byte), so on
/// the 10,950-entry test diary 1,291 of the 2,874 keys outgrew `heavyKeyBytes`, the cap left
/// 1,035 of them in shards of 8 KB (1,024 shards holding 3 keys each, one of them big), and the
/// 256 heavy keys made a 6 KB manifest (all of `zzzqx`'s 11.4 KB, against 4.7 KB before the
/// weights, and a 15 KB shard for `2025`). Shards of 4 KB (4,096 there, half of them empty, as
/// the keys are few and most of them big) and 160 heavy keys listed by name give a 1.4 KB manifest
/// and shards of 2.1 KB on average (9 in 10 under 7.7 KB): a word that matches nothing fetches
/// 1.4 KB (its shard is empty), and each query of the benchmark 3–19 KB less than with the old
/// layout, 1.4–63 KB in all, for 3,100 more files, half of them `{}`. A diary with more words has
/// many more, smaller keys, where the same limits make shards of about 4 KB that hold many keys.
///
/// The keys of the tokens' initials forms (`HangulInitials`, `초 …`), which only a query word with
/// an initial consonant looks up, are a key space of their own (`SearchIndexLayout.KeySpace`):
/// their own shards, heavy keys and manifest, laid out by the same rules from their own sizes.
/// In the shards and heavy map that every query reads they would cost every other query bytes
/// (on the 10,950-entry test diary, 1.2 KB more manifest and a fifth more in each shard).
///
/// What a result shows (title, date, emotions, URL, and the body text its excerpt is cut from)
/// sits in chunk files of K consecutive entries in diary order: one file per entry would be the
/// most files of the index (a whole site is written slowest where it creates files), while one
/// file for all would be megabytes. Ranked results spread over the whole diary, so a page of 20
/// fetches 20 chunks: K is picked so that a chunk holds about `targetChunkBytes` on average
/// (`SearchIndexLayout.chunkEntries`). On the 10,950-entry test diary (records of 2.4 KB on
/// average) K is 1 with 2.5 KB: a page of ranked results fetches 17–34 KB of records, where the
/// 6 KB chunks (K = 3) that suited newest-first results fetched 85 KB, and the whole query
/// 31–73 KB against 45–100 KB before ranking; the price is 10,950 chunk files instead of 3,650.
/// A fixed K rather than a byte budget per chunk keeps the manifest small, as the page computes
/// the chunk as `n / K`, and an edited entry changes one chunk only.
/// A query therefore fetches the manifest, one file per word, and the chunks of the results it
/// shows, and what it downloads does not grow with the diary the way one big index file does.
///
/// ## Facets
/// The search page shows how many of the results have each emotion, tag and year (SPEC §4), exact
/// for the whole result set, not just the page shown. Counting needs every result's emotions, tags
/// and date, which the records hold but a query fetches only for the page it shows; sending them
/// with the results, or per entry in the key files, would make every query fetch more. So the
/// counts are made on the page from one more file, `search/facets.json` (`SearchFacets`): each
/// emotion's entry list, each year as the range of entry numbers it spans (entries are numbered in
/// diary order, so a year is one run of numbers; a year that is not is written as its list), and
/// the entry lists of the diary's `SearchFacets.tagLimit` (24) most used tags, ties broken by slug,
/// each with its label. The lists are the filter keys' (`emotion calm`, `tag walk`, `date 2025`),
/// so a count is exactly what clicking it narrows the results to. The page fetches the file once a
/// session, after the first results are shown and only if there are any, and keeps it: a query
/// fetches no more than before. A result set whose tags are not among the 24 shows fewer tags,
/// never a wrong count. The file is 3.1 KB (2.1 KB gzipped) on the 1,095-entry test
/// diary and 24 KB (16 KB gzipped) on the 10,950-entry one (the 8 emotions' lists 11 KB, the
/// 24 tags' 14 KB, the years 64 bytes): fetched once a session, it costs less than the key
/// files of one query. It grows with the diary (a list at most a character per six entries, its
/// bitmap), as a query's files must not, but it is fetched once a session. An edit rewrites it only when its bytes change
/// (an entry's emotions, tags or year changed, or an entry was added), which `SearchIndexUpdate`
/// finds by making it again from the entries.
///
/// A big diary's index is built a batch of entries at a time (`batchEntries`), so that it never
/// holds every entry's tokens and record at once: each entry's tokens go into the key table,
/// whose entry lists grow in their coded form (`PostingsCoding.GrowingList`, about a byte an
/// entry), and only the size of its record is kept once the records pass `keptRecordBytes`. The
/// key files are then made one key space at a time, and the chunk files (their records made again,
/// now that the chunk size is known, unless kept) a batch at a time, each batch handed over to be
/// written before the next is made. On a
/// 109,500-entry diary this step takes about 0.16 GB besides the entries, where holding it all
/// took 1.5 GB.
///
/// Files (all JSON, deterministic: sorted keys, no timestamps):
/// - `search/index.json`: `{"chunk": K, "emotions": {id: [emoji, label, colour, alias…]}, "entries": N,
///   "heavy": [key…], "shards": S, "version": 9}`, the heavy keys lightest first (ties in UTF-8 order)
/// - `search/shards/<k>.json` and `search/keys/<file>.json`: `{key: "entries"}` for keys that list
///   entries (1- and 2-character keys, filters), `{key: ["token", "entries", "token", "entries", …]}`
///   for 3-character keys, entry lists encoded as `PostingsCoding` describes
/// - `search/initials.json`: `{"heavy": [key…], "shards": S}` of the initials keys, which
///   live in `search/initials/shards/<k>.json` and `search/initials/keys/<file>.json`
/// - `search/positions.json`: `{"heavy": {key: [file, bytes]}, "shards": S}` of the positions keys, in
///   `search/positions/shards/<k>.json` and `search/positions/keys/<file>.json`: `{token: "entries items"}`
///   and `{"> ab" or "< ab": ["token", "count", …]}` (`PhrasePositions`)
/// - `search/chunks/<c>.json`: the records of entries `c·K ..< (c+1)·K` in diary order (0 is the
///   oldest), an array of `{"date": "YYYY-MM-DD HH:MM", "emotions": [id…], "id", "tags": [tag…], "text",
///   "title", "url"}`, `text` being the body's visible text without footnotes, for the excerpt.
/// - `search/facets.json`: `{"emotions": {id: "entries"}, "tags": {slug: [label, "entries"]},
///   "years": {year: [start, end] or "entries"}}`, a year's `[start, end]` being entries `start ..< end`.
public struct SearchIndexBuilder: Sendable {
    /// Shards are sized to hold about this many bytes on average.
    public static let targetShardBytes = 4_000
    /// A key whose value is bigger than this has a file of its own (the biggest `maxHeavyKeys`
    /// of them, so that the manifest that names them stays small; `SearchIndexLimits.heavyKeys`).
    public static let heavyKeyBytes = 4_000
    /// At most this many keys of each key space are heavy.
    public static let maxHeavyKeys = 160
    /// Chunks hold this many bytes of entry records on average (`SearchIndexLayout.chunkEntries`):
    /// a page of 20 results fetches at most 20 chunks.
    public static let targetChunkBytes = 2_500

    /// The path of the index's manifest in the site.
    public static let manifestPath = SearchIndexLayout.manifestPath

    /// The manifest of each key space: the files that name the index's other files, which a
    /// query fetches first.
    public static let manifestPaths = Set(SearchIndexLayout.KeySpace.allCases.map(\.manifestPath))
    /// The index's format (the manifest's `version`): an index of another format is built anew,
    /// never kept or updated.
    public static let formatVersion = SearchIndexLayout.version

    /// Whether a site path is one of the index's files (not the search page itself).
    public static func isIndexFile(_ path: String) -> Bool {
        path.hasPrefix(folder) && path.hasSuffix(".json")
    }

    /// Where in the site the index's files are.
    public static let folder = "search/"

    /// The entries to index, in diary order.
    public let entries: [Entry]
    /// Every emotion, for ids, labels, emoji and colours.
    public let emotions: [Emotion]
    /// Where the entries' pages are.
    public let urls: URLMap
    /// Front-matter keys whose values are searchable text too (`search.fields`).
    public let searchFields: [String]
    /// The thresholds the key files are laid out by: the defaults, except in tests.
    var limits = SearchIndexLimits()
    /// Entries are indexed this many at a time (the default, except in tests): what is made of
    /// one batch (its documents, its records) is let go of before the next, so a big diary's
    /// index never holds all of it at once. Small enough that most of the key table's work on one
    /// thread goes on while the next batch's documents are made: on the 10,950-entry test diary,
    /// 1,024 rather than 4,096 took the index from 544 to 509 ms (a dry run, medians of 4).
    var batchEntries = 1_024
    /// Records that add up to at most this many bytes are kept from the documents for the chunk
    /// files rather than made twice (on the 10,950-entry test diary they are 27 MB); a bigger
    /// diary's are made again, so that its index never holds them all.
    var keptRecordBytes = 64_000_000

    /// - Parameters:
    ///   - entries: the entries to index, in diary order (as `Diary.entries`); drafts only if the build shows them.
    ///   - emotions: every emotion, for labels and emoji (as `Diary.emotions`).
    ///   - urls: the site's URL map, which gives every entry URL in the index.
    ///   - searchFields: front-matter keys whose values are searchable text too (`DiaryConfig.searchFields`).
    public init(entries: [Entry], emotions: [Emotion], urls: URLMap, searchFields: [String] = []) {
        self.entries = entries
        self.emotions = emotions
        self.urls = urls
        self.searchFields = searchFields
    }

    /// Every file of the index: its path under the site (`search/…`) and its bytes.
    public func files() -> [String: [UInt8]] {
        index().files
    }

    /// Every file of the index, and the state that lets `SearchIndexUpdate` update it later.
    /// - Parameters:
    ///   - context: the caller's hash of the configuration, emotions and base URL, kept in the state.
    ///   - versions: the caller's hash of each entry, in diary order, kept in the state.
    public func index(context: UInt64 = 0, versions: [UInt64]? = nil) -> SearchIndex {
        var files: [String: [UInt8]] = [:]
        let state = index(context: context, versions: versions) { files.merge($0) { new, _ in new } }
        return SearchIndex(files: files, state: state)
    }

    /// Builds the index and hands its files to `write` a batch at a time (path under the site →
    /// bytes), so that they can be written out and let go of before the next are made: the key
    /// files of each key space, the chunk files a batch of entries at a time, the manifests last.
    /// - Returns: the state that lets `SearchIndexUpdate` update the index later.
    public func index(context: UInt64 = 0, versions: [UInt64]? = nil,
                      write: ([String: [UInt8]]) throws -> Void) rethrows -> SearchIndexState {
        let emotionsByID = emotionsByID
        var table = KeyTable()
        var recordSizes: [Int] = []
        recordSizes.reserveCapacity(entries.count)
        var extraText: [UInt8] = []
        var extraEnds: [Int] = []
        extraEnds.reserveCapacity(entries.count)
        let batches = Self.batches(of: entries.count, size: batchEntries)
        let builder = self
        let pivot = Self.pivot(of: entries)
        typealias Document = (record: [UInt8], tokens: WeightedTokens, extra: String, scale: RankWeights.Scale,
                              positions: [(token: String, item: [UInt8])])
        @Sendable func makeDocuments(of batch: Range<Int>) -> [Document] {
            ParallelMap.map(Array(batch), chunkSize: 64) { number in
                let entry = builder.entries[number]
                let document = SearchDocument(entry: entry, emotions: emotionsByID, searchFields: builder.searchFields)
                return (builder.record(entry, text: entry.body.textUTF8), document.weightedTokens(), document.extraText,
                        RankWeights.Scale(length: document.fields.length, pivot: pivot),
                        PhrasePositions.items(title: entry.title, text: document.bodyText))
            }
        }
        var positions = PositionTable()
        // The records are kept for the chunk files while they are few; when they would pass
        // `keptRecordBytes`, only their sizes are, and the chunk files make them again once the chunk size is known.
        var records: [[UInt8]]? = []
        var recordBytes = 0
        // The table takes a batch's tokens on one thread: meanwhile the next batch's documents are
        // made on the other cores, which would otherwise wait.
        var upcoming: BackgroundValue<[Document]>?
        for (position, batch) in batches.enumerated() {
            let documents = upcoming?.value ?? makeDocuments(of: batch)
            upcoming = position + 1 < batches.count
                ? BackgroundValue(working: { [next = batches[position + 1]] in makeDocuments(of: next) }) : nil
            for (number, document) in zip(batch, documents) {
                recordSizes.append(document.record.count)
                recordBytes += document.record.count
                // Dropped as soon as the records so far, at their average size, would pass the budget:
                // a big diary never holds most of the budget only to let it go.
                if recordBytes / (number + 1) * entries.count <= keptRecordBytes { records?.append(document.record) } else { records = nil }
                extraText.append(contentsOf: document.extra.utf8)
                extraEnds.append(extraText.count)
                table.add(document.tokens, scale: document.scale, ofEntry: number)
                positions.add(document.positions, ofEntry: number)
            }
        }

        var layouts: [SearchIndexLayout.KeySpace: SearchIndexState.KeySpaceState] = [:]
        for space in SearchIndexLayout.KeySpace.allCases {
            var files: [String: [UInt8]] = [:]
            let items = space == .positions ? positions.encodedValues() : table.encodedValues(of: space)
            layouts[space] = Self.writeKeys(items, of: space, limits: limits, into: &files)
            try write(files)
        }
        table = KeyTable()
        positions = PositionTable()

        let chunkEntries = Self.chunkEntries(recordSizes: recordSizes)
        let chunkCount = (entries.count + chunkEntries - 1) / chunkEntries
        for batch in Self.batches(of: chunkCount, size: max(1, batchEntries / chunkEntries)) {
            let chunks = ParallelMap.map(Array(batch), chunkSize: 16) { [records] chunk in
                let numbers = chunk * chunkEntries..<min(entries.count, (chunk + 1) * chunkEntries)
                if let records { return Self.chunkFile(records[numbers]) }
                return Self.chunkFile(numbers.map { record(entries[$0], text: entries[$0].body.textUTF8) }[...])
            }
            try write(Dictionary(uniqueKeysWithValues: zip(batch.map(SearchIndexLayout.chunkPath), chunks)))
        }

        try write([SearchIndexLayout.facetsPath: facetsFile()])
        let words = layouts[.words]!
        let initials = layouts[.initials]!
        let positionsLayout = layouts[.positions]!
        try write(manifests(chunkEntries: chunkEntries, words: words, initials: initials, positions: positionsLayout))
        return SearchIndexState(context: context, entryVersions: versions ?? Array(repeating: 0, count: entries.count),
                                entryIdentities: entries.map(SearchIndexState.identity(of:)), recordBytes: recordSizes,
                                extraText: extraText, extraEnds: extraEnds, chunkEntries: chunkEntries, pivot: pivot, limits: limits,
                                words: words, initials: initials, positions: positionsLayout)
    }

    /// `0..<count` cut into consecutive ranges of `size`.
    private static func batches(of count: Int, size: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }

    /// Writes the keys of one space into its heavy-key files and shards, and returns the layout
    /// it decided: which keys are heavy, and the shard count from what the shards hold.
    static func writeKeys(_ items: [KeyFile.Item], of space: SearchIndexLayout.KeySpace, limits: SearchIndexLimits,
                          into files: inout [String: [UInt8]]) -> SearchIndexState.KeySpaceState {
        var isHeavy = [Bool](repeating: false, count: items.count)
        let big = items.indices.filter { items[$0].value.count > limits.heavyKeyBytes }
        let (heavy, nearlyHeavy) = limits.heavyKeys(among: big.map { SearchIndexState.KeySize(key: items[$0].key, bytes: items[$0].value.count) })
        let heavyNumbers = Dictionary(uniqueKeysWithValues: zip(heavy.map(\.key), SearchIndexLayout.heavyFileNumbers(of: heavy)))
        for position in big {
            guard let number = heavyNumbers[items[position].key] else { continue }
            isHeavy[position] = true
            files[space.heavyKeyPath(number)] = KeyFile.encode([items[position]])
        }

        var lightBytes = 0
        for (position, item) in items.enumerated() where !isHeavy[position] {
            lightBytes += SearchIndexLimits.lightBytes(key: item.key, valueBytes: item.value.count)
        }
        let shardCount = limits.shardCount(lightBytes: lightBytes)
        var shards = [[KeyFile.Item]](repeating: [], count: shardCount)
        for (position, item) in items.enumerated() where !isHeavy[position] {
            shards[SearchIndexLayout.shard(of: item.key, shardCount: shardCount)].append(item)
        }
        let shardFiles = ParallelMap.map(shards, chunkSize: 8) { items in
            KeyFile.encode(items.sorted { UTF8Order.precedes($0.key, $1.key) })
        }
        for (number, bytes) in shardFiles.enumerated() { files[space.shardPath(number)] = bytes }
        return SearchIndexState.KeySpaceState(shardCount: shardCount, lightBytes: lightBytes, heavy: heavy, nearlyHeavy: nearlyHeavy)
    }

    // MARK: - Chunk size and pivot length (shared with `SearchIndexUpdate`, which must decide the same)

    /// The entries' reference length for ranking (`RankWeights.pivot`).
    static func pivot(of entries: [Entry]) -> Int {
        RankWeights.pivot(totalLength: entries.reduce(0) { $0 + $1.body.textUTF8.count }, count: entries.count)
    }

    /// How many consecutive entries share a chunk, from the sizes of all their records.
    static func chunkEntries(recordSizes: [Int]) -> Int {
        let total = recordSizes.reduce(0, +)
        return SearchIndexLayout.chunkEntries(averageRecordBytes: recordSizes.isEmpty ? 0 : total / recordSizes.count,
                                              targetBytes: targetChunkBytes)
    }

    // MARK: - Files

    var emotionsByID: [String: Emotion] {
        var emotionsByID: [String: Emotion] = [:]
        for emotion in emotions where emotionsByID[emotion.id] == nil { emotionsByID[emotion.id] = emotion }
        return emotionsByID
    }

    static func chunkFile(_ records: ArraySlice<[UInt8]>) -> [UInt8] {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(records.reduce(2) { $0 + $1.count + 1 })
        chunk.append(UInt8(ascii: "["))
        for (offset, record) in records.enumerated() {
            if offset > 0 { chunk.append(UInt8(ascii: ",")) }
            chunk += record
        }
        chunk.append(UInt8(ascii: "]"))
        return chunk
    }

    /// `search/facets.json`: what the search page counts its results by (`SearchFacets`).
    func facetsFile() -> [UInt8] {
        SearchFacets(entries: entries).encoded()
    }

    /// The manifests, by path: `search/index.json` (what every query reads), `search/initials.json`
    /// and `search/positions.json`.
    func manifests(chunkEntries: Int, words: SearchIndexState.KeySpaceState,
                   initials: SearchIndexState.KeySpaceState, positions: SearchIndexState.KeySpaceState) -> [String: [UInt8]] {
        [SearchIndexLayout.KeySpace.words.manifestPath: manifest(chunkEntries: chunkEntries, words: words),
         SearchIndexLayout.KeySpace.initials.manifestPath: Self.keySpaceManifest(initials),
         SearchIndexLayout.KeySpace.positions.manifestPath: Self.keySpaceManifest(positions, withSizes: true)]
    }

    private func manifest(chunkEntries: Int, words: SearchIndexState.KeySpaceState) -> [UInt8] {
        let emotions = emotionsByID
        var used = Set(self.emotions.map(\.id))
        // Every entry is looked at, a part on each core: the loop waits on memory more than it computes.
        let parts = stride(from: 0, to: entries.count, by: 2048).map { $0..<min(entries.count, $0 + 2048) }
        for ids in ParallelMap.map(parts, chunkSize: 1, { part in Set(entries[part].lazy.flatMap(\.emotionIDs)) }) {
            used.formUnion(ids)
        }
        var json = JSONWriter()
        json.object(["chunk", "emotions", "entries", "heavy", "shards", "version"]) { json, name in
            json.key(name)
            switch name {
            case "chunk": json.number(chunkEntries)
            case "emotions":
                json.object(used.sorted { UTF8Order.precedes($0, $1) }) { json, id in
                    json.key(id)
                    json.array([emotions[id]?.emoji ?? "•", emotions[id]?.label ?? id, emotions[id]?.color ?? ""] + (emotions[id]?.aliases ?? [])) { $0.string($1) }
                }
            case "entries": json.number(entries.count)
            case "heavy": Self.writeHeavy(words.heavy, to: &json)
            case "shards": json.number(words.shardCount)
            default: json.number(SearchIndexLayout.version)
            }
        }
        return json.bytes
    }

    /// The manifest of a key space other than `words`: `{"heavy": {key: [file, bytes]}, "shards": S}`.
    /// - Parameter withSizes: also `"bytes"`, the heavy keys' sizes in the order `"heavy"` lists
    ///   them: a phrase weighs the positions files it would read against the candidates' records
    ///   (`PhraseCheck`), where a word needs only to know which heavy key is lightest.
    private static func keySpaceManifest(_ layout: SearchIndexState.KeySpaceState, withSizes: Bool = false) -> [UInt8] {
        var json = JSONWriter()
        json.object(withSizes ? ["bytes", "heavy", "shards"] : ["heavy", "shards"]) { json, name in
            json.key(name)
            switch name {
            case "bytes": json.array(lightestFirst(layout.heavy)) { $0.number($1.bytes) }
            case "heavy": writeHeavy(layout.heavy, to: &json)
            default: json.number(layout.shardCount)
            }
        }
        return json.bytes
    }

    private static func lightestFirst(_ heavy: [SearchIndexState.KeySize]) -> [SearchIndexState.KeySize] {
        heavy.sorted { $0.bytes != $1.bytes ? $0.bytes < $1.bytes : UTF8Order.precedes($0.key, $1.key) }
    }

    /// `[key…]`: the heavy keys, lightest first (ties in UTF-8 order). Their files follow from
    /// their names (`SearchIndexLayout.heavyFileNumbers`), and a query word needs of their sizes
    /// only which is lightest.
    private static func writeHeavy(_ heavy: [SearchIndexState.KeySize], to json: inout JSONWriter) {
        json.array(lightestFirst(heavy)) { $0.string($1.key) }
    }

    /// One entry's record in its chunk: what a result shows.
    /// - Parameter text: the body's visible text in UTF-8 (`EntryBody.textUTF8`), written as it is.
    func record(_ entry: Entry, text: [UInt8]) -> [UInt8] {
        var json = JSONWriter()
        json.object(["date", "emotions", "id", "tags", "text", "title", "url"]) { json, name in
            json.key(name)
            switch name {
            case "date": json.string(entry.local.description)
            case "emotions": json.array(entry.emotionIDs) { $0.string($1) }
            case "id": json.string(entry.id)
            case "tags": json.array(entry.tags) { $0.string($1) }
            case "text": text.withUnsafeBufferPointer { json.string(utf8: $0) }
            case "title": json.string(entry.title)
            default: json.string(urls.url(of: .entry(entry)))
            }
        }
        return json.bytes
    }
}

/// The files of a search index with the state to update it from.
public struct SearchIndex: Sendable {
    /// Path under the site (`search/…`) → bytes.
    public var files: [String: [UInt8]]
    /// What `SearchIndexUpdate` needs to update these files.
    public var state: SearchIndexState
}

// MARK: - Keys

/// Tokens, characters, pairs and triples of characters, with the entries they occur in and each
/// entry's weight (`RankWeights`), built entry by entry in diary order.
private struct KeyTable {
    /// Distinct tokens (or pieces of long tokens).
    private var tokens: [String] = []
    private var tokenEntries: [PostingsCoding.GrowingList] = []
    private var tokenWeights: [[UInt8]] = []
    /// Per token: its distinct 1- and 2-character key ids, each with its occurrences in the token.
    private var tokenGrams: [[(id: Int, count: Int)]] = []
    /// The same tokens, numbered as in `tokens`.
    private var tokenIDs = TokenSet(capacity: 65_536)
    /// Keys that list entries (1- and 2-character keys, 1-character initials, filters) → entries.
    private var gramEntries: [PostingsCoding.GrowingList] = []
    private var gramWeights: [[UInt8]] = []
    private var gramKeys: [Gram] = []
    private var gramIDs: [Gram: Int] = [:]
    /// Keys that list tokens (3-character keys, 2- and 3-character initials) → tokens.
    private var tripleTokens: [[Int]] = []
    private var tripleKeys: [Gram] = []
    private var tripleIDs: [Gram: Int] = [:]
    /// Per key that lists entries, the raw weight of the entry being added; and which are set.
    private var gramRaws: [Int] = []
    private var touchedGrams: [Int] = []

    /// Adds the tokens of entry `entry`, which comes after every entry added so far.
    /// - Parameter document: the entry's distinct tokens, long ones already cut into pieces, with raw weights.
    mutating func add(_ document: WeightedTokens, scale: RankWeights.Scale, ofEntry entry: Int) {
        let pieces = document.tokens
        for number in 0..<pieces.count {
            let id = pieces.token(number).withUnsafeBufferPointer { tokenID($0, hash: pieces.hashes[number]) }
            guard tokenEntries[id].last != entry else { continue }
            tokenEntries[id].append(entry)
            tokenWeights[id].append(scale.weight(raw: document.raws[number]))
            for gram in tokenGrams[id] {
                if gramRaws[gram.id] < 0 { touchedGrams.append(gram.id); gramRaws[gram.id] = 0 }
                gramRaws[gram.id] += gram.count * document.raws[number]
            }
        }
        for gram in touchedGrams {
            gramEntries[gram].append(entry)
            if gramKeys[gram].space != .named { gramWeights[gram].append(scale.weight(raw: gramRaws[gram])) }
            gramRaws[gram] = -1
        }
        touchedGrams.removeAll(keepingCapacity: true)
    }

    private mutating func gramID(_ gram: Gram) -> Int {
        if let id = gramIDs[gram] { return id }
        gramIDs[gram] = gramEntries.count
        gramEntries.append(PostingsCoding.GrowingList())
        gramWeights.append([])
        gramRaws.append(-1)
        gramKeys.append(gram)
        return gramEntries.count - 1
    }

    private mutating func tokenID(_ token: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let (id, isNew) = tokenIDs.insert(token, hash: hash)
        guard isNew else { return id }
        let text = String(decoding: token, as: UTF8.self)
        tokens.append(text)
        tokenEntries.append(PostingsCoding.GrowingList())
        tokenWeights.append([])
        var grams: [(id: Int, count: Int)] = []
        Gram.keys(of: text, entryKey: { gram in
            let gramID = gramID(gram)
            if let known = grams.firstIndex(where: { $0.id == gramID }) { grams[known].count += 1 } else { grams.append((gramID, 1)) }
        }, tokenKey: { triple in
            if let tripleID = tripleIDs[triple] {
                if tripleTokens[tripleID].last != id { tripleTokens[tripleID].append(id) }
            } else {
                tripleIDs[triple] = tripleTokens.count
                tripleTokens.append([id])
                tripleKeys.append(triple)
            }
        })
        tokenGrams.append(grams)
        return id
    }

    /// Every key of `space` with its JSON value.
    func encodedValues(of space: SearchIndexLayout.KeySpace) -> [KeyFile.Item] {
        let grams = ParallelMap.map(gramKeys.indices.filter { gramKeys[$0].keySpace == space }, chunkSize: 256) { id in
            (key: gramKeys[id].string, value: KeyFile.entriesValue(postings: Self.postings(gramEntries[id], gramKeys[id].space == .named ? nil : gramWeights[id])))
        }
        let tripleIDs = tripleKeys.indices.filter { tripleKeys[$0].keySpace == space }
        // The tokens some key of the space lists, each with its place in UTF-8 order (one sort),
        // so that a key's tokens sort by number.
        var listed = [Bool](repeating: false, count: tokens.count)
        for id in tripleIDs { for token in tripleTokens[id] { listed[token] = true } }
        let listedTokens = tokens.indices.filter { listed[$0] }
        var rank = [Int](repeating: 0, count: tokens.count)
        for (place, id) in listedTokens.sorted(by: { UTF8Order.precedes(tokens[$0], tokens[$1]) }).enumerated() { rank[id] = place }
        var postings = [[UInt8]](repeating: [], count: tokens.count)
        for (id, encoded) in zip(listedTokens, ParallelMap.map(listedTokens, chunkSize: 256) { Self.postings(tokenEntries[$0], tokenWeights[$0]) }) {
            postings[id] = encoded
        }
        let triples = ParallelMap.map(tripleIDs, chunkSize: 256) { id in
            let listed = tripleTokens[id].sorted { rank[$0] < rank[$1] }
            return (key: tripleKeys[id].string, value: KeyFile.tokensValue(listed.map { (tokens[$0], postings[$0]) }))
        }
        return grams + triples
    }

    /// A list's postings, then its weights when it has them (`PostingsCoding.weighted`).
    private static func postings(_ list: PostingsCoding.GrowingList, _ weights: [UInt8]?) -> [UInt8] {
        PostingsCoding.weighted(list.encoded(), weights: weights)
    }
}
