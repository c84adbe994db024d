/// A file of keys with their values, `search/shards/<k>.json` or `search/keys/<file>.json`:
/// `{key: value, …}` in the keys' UTF-8 order. A 1- or 2-character key's value is its entries
/// (`"postings"`), a 3-character key's the tokens that contain it, each followed by its entries
/// (`["token", "postings", …]`), tokens in UTF-8 order; postings as `PostingsCoding` writes them,
/// with their weights.
///
/// Decoding reads back exactly what encoding writes (and nothing else), so that an incremental
/// update can change a few keys of a file and write it again as a full build would.
enum KeyFile {
    typealias Item = (key: String, value: [UInt8])

    /// The file of `items`, which are in the keys' UTF-8 order.
    static func encode(_ items: [Item]) -> [UInt8] {
        var json = JSONWriter()
        json.object(items) { json, item in
            json.key(item.key)
            json.raw(item.value)
        }
        return json.bytes
    }

    /// A list of entries (ascending) with their weights, if it has weights (`PostingsCoding.weighted`).
    typealias Postings = (entries: [Int], weights: [UInt8]?)

    /// The value of a 1- or 2-character key: its entries, ascending, with their weights.
    static func entriesValue(_ list: Postings) -> [UInt8] {
        entriesValue(postings: PostingsCoding.weighted(PostingsCoding.encode(list.entries), weights: list.weights))
    }

    /// The value of a 1- or 2-character key from its entries as `PostingsCoding` writes them.
    static func entriesValue(postings: [UInt8]) -> [UInt8] {
        var json = JSONWriter()
        json.rawString(postings)
        return json.bytes
    }

    /// The value of a 3-character key: tokens in UTF-8 order, each with its encoded entries.
    static func tokensValue(_ tokens: [(token: String, postings: [UInt8])]) -> [UInt8] {
        var json = JSONWriter()
        json.array(tokens) { json, item in
            json.string(item.token)
            json.separator()
            json.rawString(item.postings)
        }
        return json.bytes
    }

    // MARK: - Decoding

    /// The items of a file, or nil when it is not exactly what `encode` writes.
    static func decode(_ bytes: [UInt8]) -> [Item]? {
        var reader = JSONReader(bytes: bytes)
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var items: [Item] = []
        if reader.take(UInt8(ascii: "}")) { return reader.isAtEnd ? items : nil }
        repeat {
            guard let key = reader.string(), reader.take(UInt8(ascii: ":")), let value = reader.valueBytes() else { return nil }
            items.append((key, value))
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")), reader.isAtEnd else { return nil }
        return items
    }

    /// The entries (with weights) of a 1- or 2-character key's value.
    static func entries(in value: [UInt8]) -> Postings? {
        var reader = JSONReader(bytes: value)
        guard let postings = reader.string(), reader.isAtEnd, let list = try? PostingsCoding.decodeWeighted(postings) else { return nil }
        return (list.numbers, list.weights)
    }

    /// The tokens and their entries (with weights) of a 3-character key's value.
    static func tokens(in value: [UInt8]) -> [(token: String, list: Postings)]? {
        var reader = JSONReader(bytes: value)
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var tokens: [(token: String, list: Postings)] = []
        repeat {
            guard let token = reader.string(), reader.take(UInt8(ascii: ",")), let postings = reader.string(),
                  let list = try? PostingsCoding.decodeWeighted(postings) else { return nil }
            tokens.append((token, (list.numbers, list.weights)))
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "]")), reader.isAtEnd else { return nil }
        return tokens
    }
}
