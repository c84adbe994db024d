/// What changed entries do to the `positions` key space (`PhrasePositions`): per token, the
/// entries whose item comes, goes or changes; per affix key, how many more or fewer entries each
/// of its tokens stands in. Made from the entries' items before and after
/// (`PhrasePositions.items`); applied to a key's value as the last build wrote it.
struct PositionChanges {
    /// One entry's item of a token before and after (nil: the token is not in the entry).
    struct Change {
        var entry: Int
        var old: [UInt8]?
        var new: [UInt8]?
    }

    /// Per token whose items change: the changes, by ascending entry.
    private var tokens: [TokenKey: [Change]] = [:]
    /// Per affix key: per token it lists whose number of entries changes, by how much.
    private var affixes: [String: [TokenKey: Int]] = [:]
    /// Every key whose value may change, tokens first, in a fixed order.
    let keys: [String]

    /// - Parameters:
    ///   - changed: the numbers of the entries that changed, ascending.
    ///   - old, new: per changed entry, its items before and after (none before for an entry that is new).
    init(changed: [Int], old: [[(token: String, item: [UInt8])]], new: [[(token: String, item: [UInt8])]]) {
        var counts: [TokenKey: Int] = [:]
        for ((number, old), new) in zip(zip(changed, old), new) {
            var before: [TokenKey: [UInt8]] = [:]
            for element in old { before[TokenKey(element.token)] = element.item }
            var after: [TokenKey: [UInt8]] = [:]
            for element in new { after[TokenKey(element.token)] = element.item }
            for token in Set(before.keys).union(after.keys) where before[token] != after[token] {
                tokens[token, default: []].append(Change(entry: number, old: before[token], new: after[token]))
                if (before[token] == nil) != (after[token] == nil) { counts[token, default: 0] += after[token] == nil ? -1 : 1 }
            }
        }
        for (token, delta) in counts where delta != 0 {
            for key in PhrasePositions.affixKeys(of: token.text) { affixes[key, default: [:]][token] = delta }
        }
        keys = tokens.keys.map(\.text).sorted { UTF8Order.precedes($0, $1) } + affixes.keys.sorted { UTF8Order.precedes($0, $1) }
    }

    /// The value of `key` (one of `keys`) with its changes applied, nil when nothing is left to
    /// list; throws when a change does not fit the old value (the files disagree with the state).
    func value(of key: String, from oldValue: [UInt8]?) throws(KeyFilesUpdate.Mismatch) -> [UInt8]? {
        if let changes = affixes[key] { return try Self.apply(changes, toAffix: oldValue) }
        var list: [(entry: Int, item: [UInt8])] = []
        if let oldValue {
            var reader = JSONReader(bytes: oldValue)
            guard let text = reader.string(), reader.isAtEnd, let decoded = try? PhrasePositions.entries(inTokenValue: text) else {
                throw KeyFilesUpdate.Mismatch()
            }
            list = decoded
        }
        for change in tokens[TokenKey(key)] ?? [] {
            var low = 0
            var high = list.count
            while low < high {
                let middle = (low + high) / 2
                if list[middle].entry < change.entry { low = middle + 1 } else { high = middle }
            }
            let isThere = low < list.count && list[low].entry == change.entry
            guard isThere == (change.old != nil), !isThere || list[low].item == change.old! else { throw KeyFilesUpdate.Mismatch() }
            if isThere { list.remove(at: low) }
            if let item = change.new { list.insert((change.entry, item), at: low) }
        }
        return list.isEmpty ? nil : PhrasePositions.tokenValue(list)
    }

    private static func apply(_ changes: [TokenKey: Int], toAffix oldValue: [UInt8]?) throws(KeyFilesUpdate.Mismatch) -> [UInt8]? {
        var counts: [TokenKey: Int] = [:]
        if let oldValue {
            guard let listed = PhrasePositions.tokens(inAffixValue: oldValue) else { throw KeyFilesUpdate.Mismatch() }
            for item in listed { counts[TokenKey(item.token)] = item.count }
        }
        for (token, delta) in changes {
            let count = (counts[token] ?? 0) + delta
            guard count >= 0 else { throw KeyFilesUpdate.Mismatch() }
            counts[token] = count == 0 ? nil : count
        }
        guard !counts.isEmpty else { return nil }
        let sorted = counts.map { (token: $0.key.text, count: $0.value) }.sorted { UTF8Order.precedes($0.token, $1.token) }
        return PhrasePositions.affixValue(sorted)
    }
}
