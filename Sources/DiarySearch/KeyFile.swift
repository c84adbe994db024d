/// A file of keys with their values, `search/shards/<k>.json` or `search/keys/<file>.json`:
/// `{key: value, …}` in the keys' UTF-8 order. A 1- or 2-character key's value is its entries
/// (`"postings"`), a 3-character key's the tokens that contain it, each followed by its entries
/// (`["token", "postings", …]`), tokens in UTF-8 order; postings as `PostingsCoding` writes them.
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

    /// The value of a 1- or 2-character key: its entries, ascending.
    static func entriesValue(_ entries: [Int]) -> [UInt8] {
        var json = JSONWriter()
        json.rawString(PostingsCoding.encode(entries))
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
        var reader = Reader(bytes: bytes)
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

    /// The entries of a 1- or 2-character key's value.
    static func entries(in value: [UInt8]) -> [Int]? {
        var reader = Reader(bytes: value)
        guard let postings = reader.string(), reader.isAtEnd else { return nil }
        return try? PostingsCoding.decode(postings)
    }

    /// The tokens and their entries of a 3-character key's value.
    static func tokens(in value: [UInt8]) -> [(token: String, entries: [Int])]? {
        var reader = Reader(bytes: value)
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var tokens: [(token: String, entries: [Int])] = []
        repeat {
            guard let token = reader.string(), reader.take(UInt8(ascii: ",")), let postings = reader.string(),
                  let entries = try? PostingsCoding.decode(postings) else { return nil }
            tokens.append((token, entries))
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "]")), reader.isAtEnd else { return nil }
        return tokens
    }

    /// A cursor over the JSON that `JSONWriter` writes: strings with `\"`, `\\`, `\n` and
    /// `\u00XX` escapes, arrays of strings, no white space.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var text: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { return nil }
                    let escaped = bytes[position]
                    position += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"): text.append(escaped)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "u"):
                        guard position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "0"), bytes[position + 1] == UInt8(ascii: "0"),
                              let high = Self.hexDigit(bytes[position + 2]), let low = Self.hexDigit(bytes[position + 3]) else { return nil }
                        text.append(high << 4 | low)
                        position += 4
                    default: return nil
                    }
                default:
                    text.append(byte)
                }
            }
            return nil
        }

        /// The bytes of one value (a string or an array of strings), undecoded.
        mutating func valueBytes() -> [UInt8]? {
            let start = position
            if take(UInt8(ascii: "[")) {
                repeat {
                    guard string() != nil else { return nil }
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { return nil }
            } else {
                guard string() != nil else { return nil }
            }
            return Array(bytes[start..<position])
        }

        private static func hexDigit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
    }
}
