/// What changed entries do to the index's keys: for each key that lists entries, the entries that
/// come, go or change weight; for each key that lists tokens, per token, the same. Made from the
/// entries' weighted keys before and after (`EntryKeys`); applied to a key's value as the last
/// build wrote it.
struct KeyChanges {
    /// One change to a list of entries: `entry` had weight `old` and now has `new` (nil: not
    /// listed; 0: listed without a weight, as under a filter key).
    struct Change {
        var entry: Int
        var old: UInt8?
        var new: UInt8?
    }

    /// Per key that lists entries: its entries that change.
    private(set) var entries: [Gram: [Change]] = [:]
    /// Per key that lists tokens: per token that has it, the token's entries that change.
    private(set) var tokens: [Gram: [TokenKey: [Change]]] = [:]

    /// Every key of `space` whose value may change (the two dictionaries share no key).
    func keys(in space: SearchIndexLayout.KeySpace) -> [Gram] {
        entries.keys.filter { $0.keySpace == space } + tokens.keys.filter { $0.keySpace == space }
    }

    /// - Parameters:
    ///   - changed: the numbers of the entries that changed, ascending.
    ///   - old, new: per changed entry, its weighted keys before and after (empty before for an entry that is new).
    init(changed: [Int], old: [EntryKeys], new: [EntryKeys]) {
        for ((number, old), new) in zip(zip(changed, old), new) {
            for gram in Set(old.grams.keys).union(new.grams.keys) where old.grams[gram] != new.grams[gram] {
                entries[gram, default: []].append(Change(entry: number, old: old.grams[gram], new: new.grams[gram]))
            }
            for token in Set(old.tokens.keys).union(new.tokens.keys) where old.tokens[token] != new.tokens[token] {
                let change = Change(entry: number, old: old.tokens[token], new: new.tokens[token])
                var unused = Set<Gram>()
                var triples = Set<Gram>()
                Gram.grams(of: token.text, entries: &unused, triples: &triples)
                for triple in triples { self.tokens[triple, default: [:]][token, default: []].append(change) }
            }
        }
    }

    /// The value of `key` (one of `keys(in:)`) with its changes applied, nil when nothing is left
    /// to list; throws when a change does not fit the old value (the files disagree with the state).
    /// - Parameter oldValue: the key's value as the last build wrote it, nil when it had none.
    func value(of key: Gram, from oldValue: [UInt8]?) throws(KeyFilesUpdate.Mismatch) -> [UInt8]? {
        guard key.listsTokens else {
            var list: KeyFile.Postings = ([], key.space == .named ? nil : [])
            if let oldValue {
                guard let decoded = KeyFile.entries(in: oldValue) else { throw KeyFilesUpdate.Mismatch() }
                list = decoded
            }
            try Self.apply(entries[key] ?? [], to: &list)
            return list.entries.isEmpty ? nil : KeyFile.entriesValue(list)
        }
        var listed: [(token: String, list: KeyFile.Postings)] = []
        if let oldValue {
            guard let decoded = KeyFile.tokens(in: oldValue) else { throw KeyFilesUpdate.Mismatch() }
            listed = decoded
        }
        let updated = try Self.apply(tokens[key] ?? [:], to: listed)
        return updated.isEmpty ? nil : KeyFile.tokensValue(updated.map {
            ($0.token, PostingsCoding.weighted(PostingsCoding.encode($0.list.entries), weights: $0.list.weights))
        })
    }

    /// Applies changes to an ascending list of entries; throws when one does not fit (an entry
    /// that is there, or not, or has another weight than the change says).
    private static func apply(_ changes: [Change], to list: inout KeyFile.Postings) throws(KeyFilesUpdate.Mismatch) {
        for change in changes {
            var low = 0
            var high = list.entries.count
            while low < high {
                let middle = (low + high) / 2
                if list.entries[middle] < change.entry { low = middle + 1 } else { high = middle }
            }
            let isThere = low < list.entries.count && list.entries[low] == change.entry
            guard isThere == (change.old != nil), !isThere || list.weights.map({ $0[low] }) ?? 0 == change.old else {
                throw KeyFilesUpdate.Mismatch()
            }
            if isThere {
                list.entries.remove(at: low)
                list.weights?.remove(at: low)
            }
            guard let weight = change.new else { continue }
            list.entries.insert(change.entry, at: low)
            list.weights?.insert(weight, at: low)
        }
    }

    /// A key's tokens with each token's changes applied, in UTF-8 order; tokens left with no
    /// entry drop out.
    private static func apply(_ changes: [TokenKey: [Change]], to tokens: [(token: String, list: KeyFile.Postings)])
        throws(KeyFilesUpdate.Mismatch) -> [(token: String, list: KeyFile.Postings)] {
        var tokens = tokens
        var positions: [TokenKey: Int] = [:]
        for (position, item) in tokens.enumerated() { positions[TokenKey(item.token)] = position }
        for (token, tokenChanges) in changes {
            let position = positions[token] ?? {
                tokens.append((token.text, ([], [])))
                return tokens.count - 1
            }()
            try apply(tokenChanges, to: &tokens[position].list)
        }
        return tokens.filter { !$0.list.entries.isEmpty }.sorted { UTF8Order.precedes($0.token, $1.token) }
    }
}

/// One entry's keys with its weights (`RankWeights`), as `SearchIndexBuilder`'s key table gives
/// them: what an incremental update compares before and after an edit.
struct EntryKeys {
    /// Keys that list entries → the entry's weight (0 for a filter key, which has none).
    var grams: [Gram: UInt8] = [:]
    /// Tokens → the entry's weight.
    var tokens: [TokenKey: UInt8] = [:]

    init() {}

    init(_ document: WeightedTokens, scale: RankWeights.Scale) {
        var raws: [Gram: Int] = [:]
        for number in 0..<document.tokens.count {
            let token = document.tokens.string(number)
            let raw = document.raws[number]
            Gram.keys(of: token, entryKey: { raws[$0, default: 0] += raw }, tokenKey: { _ in })
            if !token.utf8.contains(0x20) { tokens[TokenKey(token)] = scale.weight(raw: raw) }
        }
        for (gram, raw) in raws { grams[gram] = gram.space == .named ? 0 : scale.weight(raw: raw) }
    }
}
