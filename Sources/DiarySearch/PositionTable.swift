/// The `positions` key space (`PhrasePositions`) of a whole diary, built entry by entry in diary
/// order: each token's entries and items, and from them the affix keys.
struct PositionTable {
    private var ids: [TokenKey: Int] = [:]
    private var tokens: [String] = []
    private var entries: [PostingsCoding.GrowingList] = []
    private var counts: [Int] = []
    /// Per token, its items so far, each after a `.` but the first.
    private var items: [[UInt8]] = []

    /// Adds the items of entry `entry` (`PhrasePositions.items`), which comes after every entry added so far.
    mutating func add(_ entryItems: [(token: String, item: [UInt8])], ofEntry entry: Int) {
        for (token, item) in entryItems {
            let key = TokenKey(token)
            let id: Int
            if let known = ids[key] {
                id = known
            } else {
                id = tokens.count
                ids[key] = id
                tokens.append(token)
                entries.append(PostingsCoding.GrowingList())
                counts.append(0)
                items.append([])
            }
            entries[id].append(entry)
            if counts[id] > 0 { items[id].append(UInt8(ascii: ".")) }
            items[id] += item
            counts[id] += 1
        }
    }

    /// Every key with its JSON value: the tokens', then the affix keys'.
    func encodedValues() -> [KeyFile.Item] {
        var result: [KeyFile.Item] = []
        result.reserveCapacity(tokens.count * 3)
        var affixes: [String: [Int]] = [:]
        for id in tokens.indices {
            var json = JSONWriter()
            json.rawString(entries[id].encoded() + [UInt8(ascii: " ")] + items[id])
            result.append((tokens[id], json.bytes))
            for key in PhrasePositions.affixKeys(of: tokens[id]) { affixes[key, default: []].append(id) }
        }
        for (key, ids) in affixes {
            let listed = ids.sorted { UTF8Order.precedes(tokens[$0], tokens[$1]) }
            result.append((key, PhrasePositions.affixValue(listed.map { (tokens[$0], counts[$0]) })))
        }
        return result
    }
}
