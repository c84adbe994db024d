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
        guard let changed = changedEntries(context: context, versions: versions) else { return nil }
        let pivot = SearchIndexBuilder.pivot(of: entries)
        guard pivot == previous.pivot else { return nil }
        let documents = newDocuments(of: changed, pivot: pivot)
        var recordSizes = previous.recordBytes + [Int](repeating: 0, count: entries.count - oldCount)
        for (number, document) in zip(changed, documents) { recordSizes[number] = document.record.count }
        let chunkEntries = SearchIndexBuilder.chunkEntries(recordSizes: recordSizes)
        guard chunkEntries == previous.chunkEntries,
              let old = oldDocuments(of: changed, chunkEntries: chunkEntries, pivot: pivot, loadFile: loadFile),
              var (changedFiles, state) = updatedKeySpaces(changed: changed, old: old, new: documents, loadFile: loadFile)
        else { return nil }

        let records = Dictionary(uniqueKeysWithValues: zip(changed, documents.map(\.record)))
        changedFiles.merge(chunkFiles(changed: changed, records: records, chunkEntries: chunkEntries, old: old.chunks, loadFile: loadFile)) { new, _ in new }
        let manifests = builder.manifests(chunkEntries: chunkEntries, words: state.words, initials: state.initials,
                                          positions: state.positions)
        for (path, manifest) in manifests where loadFile(path) != manifest { changedFiles[path] = manifest }
        if let facets = facetsFile(mayChange: old.facetsMayChange || entries.count > oldCount, loadFile: loadFile) {
            changedFiles[SearchIndexLayout.facetsPath] = facets
        }

        state.context = context
        state.entryVersions = versions
        state.entryIdentities += entries[oldCount...].map(SearchIndexState.identity(of:))
        state.recordBytes = recordSizes
        (state.extraText, state.extraEnds) = extraText(replacing: changed, with: documents.map(\.extra))
        let paths = indexPaths(manifests: Array(manifests.keys), chunkEntries: chunkEntries, state: state)
        return Outcome(changed: changedFiles, unchanged: paths.filter { changedFiles[$0] == nil }, state: state,
                       changedEntries: changed.count)
    }

    // MARK: - The update's steps

    /// An entry as the index has it: its record, its keys with their weights, its extra text and
    /// the places of its title's and text's tokens.
    private struct NewDocument {
        var record: [UInt8]
        var keys: EntryKeys
        var extra: String
        var positions: [(token: String, item: [UInt8])]
    }

    /// What the index held of the changed entries before the edit, read back from their chunks.
    private struct OldDocuments {
        var keys: [EntryKeys] = []
        var positions: [[(token: String, item: [UInt8])]] = []
        /// The chunk files read, by number: their bytes and records.
        var chunks: [Int: (bytes: [UInt8], records: [[String: [String]]])] = [:]
        /// Whether a changed entry's emotions, tags (as written: a tag's oldest spelling is its
        /// label) or year changed: only then, or with an added entry, can the facets change.
        var facetsMayChange = false
    }

    /// The entries whose version changed or that were added (ascending), or nil when the index
    /// must be built in full: another configuration or layout, removed or reordered entries, or so
    /// many changes that a full build is as quick.
    private func changedEntries(context: UInt64, versions: [UInt64]) -> [Int]? {
        let entries = builder.entries
        let oldCount = previous.entryVersions.count
        guard context == previous.context, builder.limits == previous.limits, versions.count == entries.count,
              entries.count >= oldCount, !entries.isEmpty else { return nil }
        let changed = entries.indices.filter { $0 >= oldCount || versions[$0] != previous.entryVersions[$0] }
        guard changed.count <= 64 || changed.count * 4 <= entries.count else { return nil }
        for number in changed where number < oldCount {
            guard SearchIndexState.identity(of: entries[number]) == previous.entryIdentities[number] else { return nil }
        }
        return changed
    }

    private func newDocuments(of changed: [Int], pivot: Int) -> [NewDocument] {
        let entries = builder.entries
        let emotions = builder.emotionsByID
        return ParallelMap.map(changed, chunkSize: 8) { number in
            let document = SearchDocument(entry: entries[number], emotions: emotions, searchFields: builder.searchFields)
            return NewDocument(record: builder.record(entries[number], text: entries[number].body.textUTF8),
                               keys: EntryKeys(document.weightedTokens(), scale: RankWeights.Scale(length: document.fields.length, pivot: pivot)),
                               extra: document.extraText, positions: PhrasePositions.items(title: entries[number].title, text: document.bodyText))
        }
    }

    /// The changed entries' keys and places before the edit (none for an added entry), from their
    /// old records and the extra text the state keeps; nil when a chunk is missing or unreadable.
    private func oldDocuments(of changed: [Int], chunkEntries: Int, pivot: Int, loadFile: (String) -> [UInt8]?) -> OldDocuments? {
        let entries = builder.entries
        let emotions = builder.emotionsByID
        var old = OldDocuments()
        for number in changed {
            guard number < previous.entryVersions.count else {
                old.keys.append(EntryKeys())
                old.positions.append([])
                continue
            }
            let chunk = number / chunkEntries
            if old.chunks[chunk] == nil {
                guard let bytes = loadFile(SearchIndexLayout.chunkPath(chunk)), let records = Self.records(inChunk: bytes) else { return nil }
                old.chunks[chunk] = (bytes, records)
            }
            let records = old.chunks[chunk]!.records
            guard number % chunkEntries < records.count, let title = records[number % chunkEntries]["title"]?.first,
                  let text = records[number % chunkEntries]["text"]?.first,
                  let emotionIDs = records[number % chunkEntries]["emotions"], let date = records[number % chunkEntries]["date"]?.first,
                  let tags = records[number % chunkEntries]["tags"] else { return nil }
            let entry = entries[number]
            if emotionIDs != entry.emotionIDs || tags != entry.tags || date.prefix(4) != entry.local.description.prefix(4) {
                old.facetsMayChange = true
            }
            let fields = SearchDocument.fields(title: title, bodyText: text, extraText: previous.extraText(ofEntry: number), tags: tags,
                                               emotionIDs: emotionIDs, emotions: emotions, length: text.utf8.count)
            let tokens = SearchDocument.weightedTokens(of: fields, filterKeys: SearchDocument.filterKeys(date: date, emotionIDs: emotionIDs, tags: tags))
            old.keys.append(EntryKeys(tokens, scale: RankWeights.Scale(length: fields.length, pivot: pivot)))
            old.positions.append(PhrasePositions.items(title: title, text: text))
        }
        return old
    }

    /// Each key space's changed files and new layout (`KeyFilesUpdate`), or nil when a file it
    /// reads disagrees with the state.
    private func updatedKeySpaces(changed: [Int], old: OldDocuments, new: [NewDocument],
                                  loadFile: (String) -> [UInt8]?) -> (files: [String: [UInt8]], state: SearchIndexState)? {
        var state = previous
        var changedFiles: [String: [UInt8]] = [:]
        let keyChanges = KeyChanges(changed: changed, old: old.keys, new: new.map(\.keys))
        let positionChanges = PositionChanges(changed: changed, old: old.positions, new: new.map(\.positions))
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
        return (changedFiles, state)
    }

    /// The chunk files of the changed entries whose bytes change.
    private func chunkFiles(changed: [Int], records: [Int: [UInt8]], chunkEntries: Int,
                            old: [Int: (bytes: [UInt8], records: [[String: [String]]])], loadFile: (String) -> [UInt8]?) -> [String: [UInt8]] {
        let entries = builder.entries
        var files: [String: [UInt8]] = [:]
        for chunk in Set(changed.map { $0 / chunkEntries }).sorted() {
            let numbers = chunk * chunkEntries..<min(entries.count, (chunk + 1) * chunkEntries)
            let chunkRecords = numbers.map { number in
                records[number] ?? builder.record(entries[number], text: entries[number].body.textUTF8)
            }
            let path = SearchIndexLayout.chunkPath(chunk)
            let bytes = SearchIndexBuilder.chunkFile(chunkRecords[...])
            if (old[chunk]?.bytes ?? loadFile(path)) != bytes { files[path] = bytes }
        }
        return files
    }

    /// `search/facets.json` when its bytes change. Made again from every entry when it may have
    /// changed (or is missing): whether a tag entered or left the most used is no cheaper to work out.
    private func facetsFile(mayChange: Bool, loadFile: (String) -> [UInt8]?) -> [UInt8]? {
        let published = loadFile(SearchIndexLayout.facetsPath)
        guard mayChange || published == nil else { return nil }
        let facets = builder.facetsFile()
        return published == facets ? nil : facets
    }

    /// Every file of the updated index.
    private func indexPaths(manifests: [String], chunkEntries: Int, state: SearchIndexState) -> [String] {
        var paths = manifests.sorted() + [SearchIndexLayout.facetsPath]
        paths += (0..<(builder.entries.count + chunkEntries - 1) / chunkEntries).map(SearchIndexLayout.chunkPath)
        for space in SearchIndexLayout.KeySpace.allCases {
            paths += (0..<state[space].shardCount).map(space.shardPath)
            paths += SearchIndexLayout.heavyFileNumbers(of: state[space].heavy).map(space.heavyKeyPath)
        }
        return paths
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
