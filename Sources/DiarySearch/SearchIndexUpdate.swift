import DiaryModel

/// Brings a search index up to date after some entries changed, from the state the build that
/// wrote it kept (`SearchIndexState`) and those of its files the changes touch, with exactly the
/// bytes `SearchIndexBuilder` would write for the whole diary.
///
/// An edited entry's tokens before the edit come from its old record (title, text, emotions) and
/// the extra text the state keeps. Its record changes its chunk; its tokens that came or went change their own
/// entries, and so the value of every 3-character key they contain; its 1- and 2-character keys
/// that came or went change those keys' entries. Only the files holding such keys are read,
/// changed and written again. Entries added after the newest keep the others' numbers, so they
/// are updated the same way, as entries that had no tokens.
///
/// The update gives up (nil, and the caller builds the index in full) when a layout decision
/// would come out differently (the chunk size, a key space's shard count or heavy keys), when
/// entries were removed, reordered or inserted before others, when the configuration or the
/// emotions changed, when so many entries changed that a full build is as quick, and when a
/// file it reads is missing or disagrees with the state.
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

    /// One change to a list of entries: `entry` comes in or goes out.
    private struct Change {
        var entry: Int
        var isIn: Bool
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
        guard context == previous.context, versions.count == entries.count, entries.count >= oldCount, !entries.isEmpty else { return nil }
        let changed = entries.indices.filter { $0 >= oldCount || versions[$0] != previous.entryVersions[$0] }
        guard changed.count <= 64 || changed.count * 4 <= entries.count else { return nil }
        for number in changed where number < oldCount {
            guard SearchIndexState.identity(of: entries[number]) == previous.entryIdentities[number] else { return nil }
        }

        let emotions = builder.emotionsByID
        let documents = ParallelMap.map(changed, chunkSize: 8) { number -> (record: [UInt8], tokens: [String], extra: String) in
            let document = SearchDocument(entry: entries[number], emotions: emotions, searchFields: builder.searchFields)
            return (builder.record(entries[number], text: document.bodyText), document.indexedTokens(), document.extraText)
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
        var oldTokens: [[String]] = []
        for number in changed {
            guard number < oldCount else {
                oldTokens.append([])
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
            let searchable = SearchDocument.searchableText(title: title, bodyText: text, extraText: previous.extraText(ofEntry: number),
                                                           emotionIDs: emotionIDs, emotions: emotions)
            oldTokens.append(SearchDocument.indexedTokens(of: searchable,
                                                          filterKeys: SearchDocument.filterKeys(date: date, emotionIDs: emotionIDs, tags: tags)))
        }

        var state = previous
        guard var changedFiles = updateKeys(changed: changed, oldTokens: oldTokens, newTokens: documents.map(\.tokens),
                                            layout: &state, loadFile: loadFile) else { return nil }

        for chunk in Set(changed.map { $0 / chunkEntries }).sorted() {
            let numbers = chunk * chunkEntries..<min(entries.count, (chunk + 1) * chunkEntries)
            let chunkRecords = numbers.map { number in
                records[number] ?? builder.record(entries[number], text: entries[number].body.text)
            }
            let path = SearchIndexLayout.chunkPath(chunk)
            let bytes = SearchIndexBuilder.chunkFile(chunkRecords[...])
            if (oldChunks[chunk]?.bytes ?? loadFile(path)) != bytes { changedFiles[path] = bytes }
        }
        let manifests = builder.manifests(chunkEntries: chunkEntries, words: state.words, initials: state.initials)
        for (path, manifest) in manifests where loadFile(path) != manifest { changedFiles[path] = manifest }

        var paths = manifests.keys.sorted()
        paths += (0..<(entries.count + chunkEntries - 1) / chunkEntries).map(SearchIndexLayout.chunkPath)
        for space in SearchIndexLayout.KeySpace.allCases {
            paths += (0..<state[space].shardCount).map(space.shardPath)
            paths += state[space].heavy.indices.map(space.heavyKeyPath)
        }

        state.context = context
        state.entryVersions = versions
        state.entryIdentities += entries[oldCount...].map(SearchIndexState.identity(of:))
        state.recordBytes = recordSizes
        (state.extraText, state.extraEnds) = extraText(replacing: changed, with: documents.map(\.extra))
        return Outcome(changed: changedFiles, unchanged: paths.filter { changedFiles[$0] == nil }, state: state,
                       changedEntries: changed.count)
    }

    // MARK: - Keys

    /// The key files that change; `layout`, the previous state, gets the key spaces' layout facts
    /// that follow from the new key sizes. Nil when the heavy keys or the shard count of a key
    /// space would change, or a file disagrees with the state.
    private func updateKeys(changed: [Int], oldTokens: [[String]], newTokens: [[String]], layout: inout SearchIndexState,
                            loadFile: (String) -> [UInt8]?) -> [String: [UInt8]]? {
        var entryChanges: [Gram: [Change]] = [:]
        var tokenChanges: [Gram: [TokenKey: [Change]]] = [:]
        for ((number, oldTokens), tokens) in zip(zip(changed, oldTokens), newTokens) {
            let oldSet = Set(oldTokens.map(TokenKey.init))
            let newSet = Set(tokens.map(TokenKey.init))
            var oldGrams = Set<Gram>()
            var newGrams = Set<Gram>()
            var triples = Set<Gram>()
            for token in oldTokens { Gram.grams(of: token, entries: &oldGrams, triples: &triples) }
            for token in tokens { Gram.grams(of: token, entries: &newGrams, triples: &triples) }
            for gram in newGrams where !oldGrams.contains(gram) { entryChanges[gram, default: []].append(Change(entry: number, isIn: true)) }
            for gram in oldGrams where !newGrams.contains(gram) { entryChanges[gram, default: []].append(Change(entry: number, isIn: false)) }
            for (token, isIn) in tokens.lazy.filter({ !oldSet.contains(TokenKey($0)) }).map({ ($0, true) })
                + oldTokens.lazy.filter({ !newSet.contains(TokenKey($0)) }).map({ ($0, false) }) {
                var unused = Set<Gram>()
                var tokenTriples = Set<Gram>()
                Gram.grams(of: token, entries: &unused, triples: &tokenTriples)
                for triple in tokenTriples { tokenChanges[triple, default: [:]][TokenKey(token), default: []].append(Change(entry: number, isIn: isIn)) }
            }
        }

        // Heavy keys are numbered within their space; keys of the two spaces never share a name.
        var heavyNumbers: [TokenKey: Int] = [:]
        var sizes: [TokenKey: SearchIndexState.KeySize] = [:]
        for space in SearchIndexLayout.KeySpace.allCases {
            for (number, item) in previous[space].heavy.enumerated() { heavyNumbers[TokenKey(item.key)] = number }
            for item in previous[space].heavy + previous[space].nearlyHeavy { sizes[TokenKey(item.key)] = item }
        }
        var keysByFile: [String: [Gram]] = [:]
        for gram in Set(entryChanges.keys).union(tokenChanges.keys) {
            let key = gram.string
            let space = SearchIndexLayout.KeySpace(of: key)
            let path = heavyNumbers[TokenKey(key)].map(space.heavyKeyPath)
                ?? space.shardPath(SearchIndexLayout.shard(of: key, shardCount: previous[space].shardCount))
            keysByFile[path, default: []].append(gram)
        }

        var files: [String: [UInt8]] = [:]
        for (path, grams) in keysByFile {
            guard let old = loadFile(path), var items = KeyFile.decode(old) else { return nil }
            var positions: [TokenKey: Int] = [:]
            for (position, item) in items.enumerated() { positions[TokenKey(item.key)] = position }
            var removed = Set<Int>()
            for gram in grams {
                let key = gram.string
                let position = positions[TokenKey(key)]
                let oldValue = position.map { items[$0].value }
                let newValue: [UInt8]?
                if !gram.listsTokens {
                    var list: [Int] = []
                    if let oldValue {
                        guard let decoded = KeyFile.entries(in: oldValue) else { return nil }
                        list = decoded
                    }
                    guard Self.apply(entryChanges[gram]!, to: &list) else { return nil }
                    newValue = list.isEmpty ? nil : KeyFile.entriesValue(list)
                } else {
                    var tokens: [(token: String, entries: [Int])] = []
                    if let oldValue {
                        guard let decoded = KeyFile.tokens(in: oldValue) else { return nil }
                        tokens = decoded
                    }
                    guard let updated = Self.apply(tokenChanges[gram]!, to: tokens) else { return nil }
                    newValue = updated.isEmpty ? nil : KeyFile.tokensValue(updated.map { ($0.token, PostingsCoding.encode($0.entries)) })
                }
                if heavyNumbers[TokenKey(key)] == nil {
                    let space = SearchIndexLayout.KeySpace(of: key)
                    layout[space].lightBytes += (newValue.map { SearchIndexBuilder.lightBytes(key: key, value: $0) } ?? 0)
                        - (oldValue.map { SearchIndexBuilder.lightBytes(key: key, value: $0) } ?? 0)
                }
                sizes[TokenKey(key)] = SearchIndexState.KeySize(key: key, bytes: newValue?.count ?? 0)
                switch (position, newValue) {
                case (let position?, let value?): items[position].value = value
                case (let position?, nil): removed.insert(position)
                case (nil, let value?): items.append((key, value))
                case (nil, nil): break
                }
            }
            if !removed.isEmpty { items = items.enumerated().filter { !removed.contains($0.offset) }.map(\.element) }
            items.sort { UTF8Order.precedes($0.key, $1.key) }
            let bytes = KeyFile.encode(items)
            if bytes != old { files[path] = bytes }
        }

        for space in SearchIndexLayout.KeySpace.allCases {
            let old = previous[space]
            let (heavy, nearlyHeavy) = SearchIndexBuilder.heavyKeys(among: sizes.values.filter { SearchIndexLayout.KeySpace(of: $0.key) == space })
            guard heavy.count == old.heavy.count, zip(heavy, old.heavy).allSatisfy({ UTF8Order.equal($0.key, $1.key) }),
                  SearchIndexBuilder.shardCount(lightBytes: layout[space].lightBytes) == old.shardCount else { return nil }
            layout[space].heavy = heavy
            layout[space].nearlyHeavy = nearlyHeavy
        }
        return files
    }

    /// Applies changes to an ascending list of entries; false when one does not fit (an entry
    /// to add that is there already, or to remove that is not): the state disagrees with the files.
    private static func apply(_ changes: [Change], to list: inout [Int]) -> Bool {
        for change in changes {
            var low = 0
            var high = list.count
            while low < high {
                let middle = (low + high) / 2
                if list[middle] < change.entry { low = middle + 1 } else { high = middle }
            }
            let isThere = low < list.count && list[low] == change.entry
            guard isThere != change.isIn else { return false }
            if change.isIn { list.insert(change.entry, at: low) } else { list.remove(at: low) }
        }
        return true
    }

    /// A 3-character key's tokens with each token's changes applied; tokens left with no entry
    /// drop out. Nil when a change does not fit.
    private static func apply(_ changes: [TokenKey: [Change]], to tokens: [(token: String, entries: [Int])])
        -> [(token: String, entries: [Int])]? {
        var tokens = tokens
        var positions: [TokenKey: Int] = [:]
        for (position, item) in tokens.enumerated() { positions[TokenKey(item.token)] = position }
        for (token, tokenChanges) in changes {
            let position = positions[token] ?? {
                tokens.append((token.text, []))
                return tokens.count - 1
            }()
            guard apply(tokenChanges, to: &tokens[position].entries) else { return nil }
        }
        return tokens.filter { !$0.entries.isEmpty }.sorted { UTF8Order.precedes($0.token, $1.token) }
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
