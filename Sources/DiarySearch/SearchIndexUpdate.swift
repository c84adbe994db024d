import BuildSupport
import DiaryModel

/// Brings a search index up to date after some entries changed, from the state the build that
/// wrote it kept (`SearchIndexState`) and those of its files the changes touch, with exactly the
/// bytes `SearchIndexBuilder` would write for the whole diary.
///
/// An edited entry's tokens before the edit come from its old record (title, text, emotions) and
/// the extra text the state keeps; so do the places of its title's and text's tokens, whose
/// changes (`PositionChanges`) are applied to the `positions` space like the other spaces' changes. Its record changes its chunk; its tokens that came or went change their own
/// entries, and so the value of every 3-character key they contain; its 1- and 2-character keys
/// that came or went change those keys' entries (`KeyChanges`). In each key space, only the files
/// holding such keys are read, changed and written again (`KeyFilesUpdate`, which also moves keys
/// into and out of files of their own when the heavy keys change, numbers the heavy files again,
/// and deals the keys into new shards when the shard count changes). Entries added after the
/// newest keep the others' numbers, so they are updated the same way, as entries that had no tokens.
///
/// The update gives up (nil, and the caller builds the index in full) when the chunk size would
/// change (every chunk file would), when entries were removed, reordered or inserted before
/// others (every entry number after them would change), when the configuration, the emotions or
/// the layout's limits changed, when so many entries changed that a full build is as quick, and
/// when a file it reads is missing or disagrees with the state.
public struct SearchIndexUpdate {
    /// What the update gives.
    public struct Outcome: Sendable {
        /// The index's files whose bytes change: path under the site → bytes.
        public var changed: [String: [UInt8]]
        /// The index's other files, which stay as they are.
        public var unchanged: [String]
        /// The state of the updated index.
        public var state: SearchIndexState
        /// How many entries changed (or were added).
        public var changedEntries: Int
    }

    /// The diary as it is now.
    public let builder: SearchIndexBuilder
    /// The state of the index as the last build left it.
    public let previous: SearchIndexState

    public init(builder: SearchIndexBuilder, previous: SearchIndexState) {
        self.builder = builder
        self.previous = previous
    }

    /// The updated files, or nil when only a full build gives the right index.
    /// - Parameters:
    ///   - context: the caller's hash of the configuration, emotions and base URL (as given to `SearchIndexBuilder.index`).
    ///   - versions: the caller's hash of each entry, in diary order, of everything about it the
    ///     index shows, its id and source path included: an entry whose version did not change is
    ///     taken to be the same entry, unchanged.
    ///   - loadFile: the bytes of one of the index's files (`search/…`) exactly as the last build
    ///     wrote it, or nil when it is missing or not what was written.
    public func update(context: UInt64, versions: [UInt64], loadFile: (String) -> [UInt8]?) -> Outcome? {
        let entries = builder.entries
        let oldCount = previous.entryVersions.count
        guard context == previous.context, builder.limits == previous.limits, versions.count == entries.count,
              entries.count >= oldCount, !entries.isEmpty else { return nil }
        let changed = entries.indices.filter { $0 >= oldCount || versions[$0] != previous.entryVersions[$0] }
        guard changed.count <= 64 || changed.count * 4 <= entries.count else { return nil }
        for number in changed where number < oldCount {
            guard SearchIndexState.identity(of: entries[number]) == previous.entryIdentities[number] else { return nil }
        }

        let pivot = SearchIndexBuilder.pivot(of: entries)
        guard pivot == previous.pivot else { return nil }
        let emotions = builder.emotionsByID
        typealias Document = (record: [UInt8], keys: EntryKeys, extra: String, positions: [(token: String, item: [UInt8])])
        let documents = ParallelMap.map(changed, chunkSize: 8) { number -> Document in
            let document = SearchDocument(entry: entries[number], emotions: emotions, searchFields: builder.searchFields)
            return (builder.record(entries[number], text: entries[number].body.textUTF8),
                    EntryKeys(document.weightedTokens(), scale: RankWeights.Scale(length: document.fields.length, pivot: pivot)),
                    document.extraText, PhrasePositions.items(title: entries[number].title, text: document.bodyText))
        }
        var recordSizes = previous.recordBytes + [Int](repeating: 0, count: entries.count - oldCount)
        var records: [Int: [UInt8]] = [:]
        for (number, document) in zip(changed, documents) {
            records[number] = document.record
            recordSizes[number] = document.record.count
        }
        let chunkEntries = SearchIndexBuilder.chunkEntries(recordSizes: recordSizes)
        guard chunkEntries == previous.chunkEntries else { return nil }

        var oldChunks: [Int: (bytes: [UInt8], records: [[String: [String]]])] = [:]
        var oldKeys: [EntryKeys] = []
        // What the page counts by (`SearchFacets`) changes only with an added entry or an entry's
        // emotions, tags (as written: a tag's oldest spelling is its label) or year.
        var facetsMayChange = entries.count > oldCount
        var oldPositions: [[(token: String, item: [UInt8])]] = []
        for number in changed {
            guard number < oldCount else {
                oldKeys.append(EntryKeys())
                oldPositions.append([])
                continue
            }
            let chunk = number / chunkEntries
            if oldChunks[chunk] == nil {
                guard let bytes = loadFile(SearchIndexLayout.chunkPath(chunk)), let records = Self.records(inChunk: bytes) else { return nil }
                oldChunks[chunk] = (bytes, records)
            }
            let records = oldChunks[chunk]!.records
            guard number % chunkEntries < records.count, let title = records[number % chunkEntries]["title"]?.first,
                  let text = records[number % chunkEntries]["text"]?.first,
                  let emotionIDs = records[number % chunkEntries]["emotions"], let date = records[number % chunkEntries]["date"]?.first,
                  let tags = records[number % chunkEntries]["tags"] else { return nil }
            let entry = entries[number]
            if emotionIDs != entry.emotionIDs || tags != entry.tags || date.prefix(4) != entry.local.description.prefix(4) {
                facetsMayChange = true
            }
            let fields = SearchDocument.fields(title: title, bodyText: text, extraText: previous.extraText(ofEntry: number), tags: tags,
                                               emotionIDs: emotionIDs, emotions: emotions, length: text.utf8.count)
            let tokens = SearchDocument.weightedTokens(of: fields, filterKeys: SearchDocument.filterKeys(date: date, emotionIDs: emotionIDs, tags: tags))
            oldKeys.append(EntryKeys(tokens, scale: RankWeights.Scale(length: fields.length, pivot: pivot)))
            oldPositions.append(PhrasePositions.items(title: title, text: text))
        }

        var state = previous
        var changedFiles: [String: [UInt8]] = [:]
        let keyChanges = KeyChanges(changed: changed, old: oldKeys, new: documents.map(\.keys))
        let positionChanges = PositionChanges(changed: changed, old: oldPositions, new: documents.map(\.positions))
        for space in SearchIndexLayout.KeySpace.allCases {
            let updated = withoutActuallyEscaping(loadFile) { loadFile in
                var keyFiles = KeyFilesUpdate(space: space, previous: previous[space], limits: previous.limits, loadFile: loadFile)
                guard space == .positions else { return try? keyFiles.apply(keyChanges) }
                return try? keyFiles.apply(changedKeys: positionChanges.keys) { (index, oldValue) throws(KeyFilesUpdate.Mismatch) in
                    try positionChanges.value(of: positionChanges.keys[index], from: oldValue)
                }
            }
            guard let updated else { return nil }
            changedFiles.merge(updated.files) { new, _ in new }
            state[space] = updated.layout
        }

        for chunk in Set(changed.map { $0 / chunkEntries }).sorted() {
            let numbers = chunk * chunkEntries..<min(entries.count, (chunk + 1) * chunkEntries)
            let chunkRecords = numbers.map { number in
                records[number] ?? builder.record(entries[number], text: entries[number].body.textUTF8)
            }
            let path = SearchIndexLayout.chunkPath(chunk)
            let bytes = SearchIndexBuilder.chunkFile(chunkRecords[...])
            if (oldChunks[chunk]?.bytes ?? loadFile(path)) != bytes { changedFiles[path] = bytes }
        }
        let manifests = builder.manifests(chunkEntries: chunkEntries, words: state.words, initials: state.initials,
                                          positions: state.positions)
        for (path, manifest) in manifests where loadFile(path) != manifest { changedFiles[path] = manifest }
        // Made again from every entry when it may have changed: whether a tag entered or left the most
        // used is no cheaper to work out.
        let facetsPath = SearchIndexLayout.facetsPath
        if facetsMayChange || loadFile(facetsPath) == nil {
            let facets = builder.facetsFile()
            if loadFile(facetsPath) != facets { changedFiles[facetsPath] = facets }
        }

        var paths = manifests.keys.sorted() + [SearchIndexLayout.facetsPath]
        paths += (0..<(entries.count + chunkEntries - 1) / chunkEntries).map(SearchIndexLayout.chunkPath)
        for space in SearchIndexLayout.KeySpace.allCases {
            paths += (0..<state[space].shardCount).map(space.shardPath)
            paths += SearchIndexLayout.heavyFileNumbers(of: state[space].heavy).map(space.heavyKeyPath)
        }

        state.context = context
        state.entryVersions = versions
        state.entryIdentities += entries[oldCount...].map(SearchIndexState.identity(of:))
        state.recordBytes = recordSizes
        (state.extraText, state.extraEnds) = extraText(replacing: changed, with: documents.map(\.extra))
        return Outcome(changed: changedFiles, unchanged: paths.filter { changedFiles[$0] == nil }, state: state,
                       changedEntries: changed.count)
    }

    // MARK: - State

    /// The records of a chunk file, each field as a list of strings.
    private static func records(inChunk bytes: [UInt8]) -> [[String: [String]]]? {
        var reader = JSONReader(bytes: bytes)
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var records: [[String: [String]]] = []
        repeat {
            guard let record = reader.object() else { return nil }
            records.append(record)
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "]")), reader.isAtEnd else { return nil }
        return records
    }

    /// The state's extra text with that of the `changed` entries (ascending) replaced.
    private func extraText(replacing changed: [Int], with extras: [String]) -> (text: [UInt8], ends: [Int]) {
        let oldText = previous.extraText
        let oldEnds = previous.extraEnds
        var text: [UInt8] = []
        text.reserveCapacity(oldText.count + extras.reduce(0) { $0 + $1.utf8.count })
        var ends: [Int] = []
        ends.reserveCapacity(oldEnds.count + extras.count)
        var next = 0
        func copyUnchanged(upTo end: Int) {
            guard next < end else { return }
            let start = next == 0 ? 0 : oldEnds[next - 1]
            let shift = text.count - start
            text += oldText[start..<oldEnds[end - 1]]
            ends += oldEnds[next..<end].map { $0 + shift }
        }
        for (number, extra) in zip(changed, extras) {
            copyUnchanged(upTo: min(number, oldEnds.count))
            text.append(contentsOf: extra.utf8)
            ends.append(text.count)
            next = number + 1
        }
        copyUnchanged(upTo: oldEnds.count)
        return (text, ends)
    }
}
