/// What changed entries do to the index's keys: for each key that lists entries, the entries that
/// come or go; for each key that lists tokens, per token, the entries that come or go. Made from
/// the entries' tokens before and after; applied to a key's value as the last build wrote it.
struct KeyChanges {
    /// One change to a list of entries: `entry` comes in or goes out.
    struct Change {
        var entry: Int
        var isIn: Bool
    }

    /// Per key that lists entries: its entries that come or go.
    private(set) var entries: [Gram: [Change]] = [:]
    /// Per key that lists tokens: per token that has it, the token's entries that come or go.
    private(set) var tokens: [Gram: [TokenKey: [Change]]] = [:]

    /// Every key of `space` whose value may change (the two dictionaries share no key).
    func keys(in space: SearchIndexLayout.KeySpace) -> [Gram] {
        entries.keys.filter { $0.keySpace == space } + tokens.keys.filter { $0.keySpace == space }
    }

    /// - Parameters:
    ///   - changed: the numbers of the entries that changed, ascending.
    ///   - oldTokens, newTokens: per changed entry, its distinct indexed tokens before and after
    ///     (none before for an entry that is new).
    init(changed: [Int], oldTokens: [[String]], newTokens: [[String]]) {
        for ((number, oldTokens), tokens) in zip(zip(changed, oldTokens), newTokens) {
            let oldSet = Set(oldTokens.map(TokenKey.init))
            let newSet = Set(tokens.map(TokenKey.init))
            var oldGrams = Set<Gram>()
            var newGrams = Set<Gram>()
            var triples = Set<Gram>()
            for token in oldTokens { Gram.grams(of: token, entries: &oldGrams, triples: &triples) }
            for token in tokens { Gram.grams(of: token, entries: &newGrams, triples: &triples) }
            for gram in newGrams where !oldGrams.contains(gram) { entries[gram, default: []].append(Change(entry: number, isIn: true)) }
            for gram in oldGrams where !newGrams.contains(gram) { entries[gram, default: []].append(Change(entry: number, isIn: false)) }
            for (token, isIn) in tokens.lazy.filter({ !oldSet.contains(TokenKey($0)) }).map({ ($0, true) })
                + oldTokens.lazy.filter({ !newSet.contains(TokenKey($0)) }).map({ ($0, false) }) {
                var unused = Set<Gram>()
                var tokenTriples = Set<Gram>()
                Gram.grams(of: token, entries: &unused, triples: &tokenTriples)
                for triple in tokenTriples {
                    self.tokens[triple, default: [:]][TokenKey(token), default: []].append(Change(entry: number, isIn: isIn))
                }
            }
        }
    }

    /// The value of `key` (one of `keys(in:)`) with its changes applied, nil when nothing is left
    /// to list; throws when a change does not fit the old value (the files disagree with the state).
    /// - Parameter oldValue: the key's value as the last build wrote it, nil when it had none.
    func value(of key: Gram, from oldValue: [UInt8]?) throws(KeyFilesUpdate.Mismatch) -> [UInt8]? {
        guard key.listsTokens else {
            var list: [Int] = []
            if let oldValue {
                guard let decoded = KeyFile.entries(in: oldValue) else { throw KeyFilesUpdate.Mismatch() }
                list = decoded
            }
            try Self.apply(entries[key] ?? [], to: &list)
            return list.isEmpty ? nil : KeyFile.entriesValue(list)
        }
        var listed: [(token: String, entries: [Int])] = []
        if let oldValue {
            guard let decoded = KeyFile.tokens(in: oldValue) else { throw KeyFilesUpdate.Mismatch() }
            listed = decoded
        }
        let updated = try Self.apply(tokens[key] ?? [:], to: listed)
        return updated.isEmpty ? nil : KeyFile.tokensValue(updated.map { ($0.token, PostingsCoding.encode($0.entries)) })
    }

    /// Applies changes to an ascending list of entries; throws when one does not fit (an entry
    /// to add that is there already, or to remove that is not).
    private static func apply(_ changes: [Change], to list: inout [Int]) throws(KeyFilesUpdate.Mismatch) {
        for change in changes {
            var low = 0
            var high = list.count
            while low < high {
                let middle = (low + high) / 2
                if list[middle] < change.entry { low = middle + 1 } else { high = middle }
            }
            let isThere = low < list.count && list[low] == change.entry
            guard isThere != change.isIn else { throw KeyFilesUpdate.Mismatch() }
            if change.isIn { list.insert(change.entry, at: low) } else { list.remove(at: low) }
        }
    }

    /// A key's tokens with each token's changes applied, in UTF-8 order; tokens left with no
    /// entry drop out.
    private static func apply(_ changes: [TokenKey: [Change]], to tokens: [(token: String, entries: [Int])])
        throws(KeyFilesUpdate.Mismatch) -> [(token: String, entries: [Int])] {
        var tokens = tokens
        var positions: [TokenKey: Int] = [:]
        for (position, item) in tokens.enumerated() { positions[TokenKey(item.token)] = position }
        for (token, tokenChanges) in changes {
            let position = positions[token] ?? {
                tokens.append((token.text, []))
                return tokens.count - 1
            }()
            try apply(tokenChanges, to: &tokens[position].entries)
        }
        return tokens.filter { !$0.entries.isEmpty }.sorted { UTF8Order.precedes($0.token, $1.token) }
    }
}
