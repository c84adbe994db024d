/// Where each token of an entry's title and visible text stands: what lets a phrase be verified
/// from the index (the `positions` key space, `SearchIndexLayout.KeySpace.positions`) rather than
/// from every candidate's record.
///
/// A phrase `w₁ w₂ … wₙ` (n ≥ 2, normalised words) occurs in a normalised text (tokens joined by
/// single spaces) exactly when, at some token position p of one field (the title, or the visible
/// text), token p ends with w₁, tokens p + 1 … p + n − 2 are w₂ … wₙ₋₁, and token p + n − 1 starts
/// with wₙ: the phrase's spaces must fall on the text's. So the index keeps, per token, the
/// positions where it stands, and per one- or two-character start or end, the tokens that have it.
///
/// Keys (all in the `positions` space, files laid out as every space's are):
/// - a token (as `SearchText.tokens` gives it from the title or the visible text, whole, however
///   long) → `"<entries> <item>.<item>…"`: its entries as `PostingsCoding.encode` writes them, then
///   one item per entry, in order: the token's positions in the visible text (0 is its first
///   token), `PostingsCoding.encode`d, then `:` and its positions in the title when it has any;
/// - `> a`, `> ab` (`startKey`) and `< a`, `< ab` (`endKey`) → `["token", "count", …]`: the tokens
///   that start (end) with those one or two characters, in UTF-8 order, each with the number of
///   entries it stands in (decimal). A key with a space is never a token. A phrase's first word
///   finds the tokens that end with it under the end key of its last (up to) two characters, its
///   last word those that start with it under the start key of its first two.
///
/// The same code is in search.js (`phraseLookups`, `decodePositions`, `phraseStarts`).
enum PhrasePositions {
    /// The longest start or end that names an affix key.
    static let affixLength = 2

    /// The key of the tokens that start with `affix` (one or two characters).
    static func startKey(_ affix: some Sequence<Unicode.Scalar>) -> String { "> " + SearchText.string(affix) }
    /// The key of the tokens that end with `affix` (one or two characters).
    static func endKey(_ affix: some Sequence<Unicode.Scalar>) -> String { "< " + SearchText.string(affix) }

    /// The affix keys that list `token`.
    static func affixKeys(of token: String) -> [String] {
        let scalars = Array(token.unicodeScalars)
        var keys: [String] = []
        for length in 1...min(affixLength, scalars.count) {
            keys.append(startKey(scalars.prefix(length)))
            keys.append(endKey(scalars.suffix(length)))
        }
        return keys
    }

    /// Where one token stands in one entry: ascending token positions in the visible text and in the title.
    struct Places: Equatable, Sendable {
        var body: [Int] = []
        var title: [Int] = []
    }

    /// Each distinct token of an entry's title and visible text (not normalised yet) with where it
    /// stands, as an item of its key's value (`item(_:)`), in the tokens' UTF-8 order.
    static func items(title: String, text: String) -> [(token: String, item: [UInt8])] {
        var places: [TokenKey: Places] = [:]
        for (position, token) in SearchText.tokens(of: text).enumerated() { places[TokenKey(token), default: Places()].body.append(position) }
        for (position, token) in SearchText.tokens(of: title).enumerated() { places[TokenKey(token), default: Places()].title.append(position) }
        return places.map { (token: $0.key.text, item: item($0.value)) }.sorted { UTF8Order.precedes($0.token, $1.token) }
    }

    /// One entry's item: its visible-text positions, then `:` and its title positions when there are any.
    static func item(_ places: Places) -> [UInt8] {
        var bytes = PostingsCoding.encode(places.body)
        if !places.title.isEmpty { bytes += [UInt8(ascii: ":")] + PostingsCoding.encode(places.title) }
        return bytes
    }

    static func places(inItem item: some Collection<UInt8>) throws -> Places {
        let halves = item.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
        let body = try PostingsCoding.decode(String(decoding: halves[0], as: UTF8.self))
        let title = halves.count > 1 ? try PostingsCoding.decode(String(decoding: halves[1], as: UTF8.self)) : []
        guard !title.isEmpty || !body.isEmpty else { throw PostingsCoding.PostingsError() }
        return Places(body: body, title: title)
    }

    // MARK: - Values

    /// A token key's value: its entries (ascending) and their items.
    static func tokenValue(_ list: [(entry: Int, item: [UInt8])]) -> [UInt8] {
        var text = PostingsCoding.encode(list.map(\.entry))
        text.append(UInt8(ascii: " "))
        for (offset, element) in list.enumerated() {
            if offset > 0 { text.append(UInt8(ascii: ".")) }
            text += element.item
        }
        var json = JSONWriter()
        json.rawString(text)
        return json.bytes
    }

    /// The entries and items of a token key's value (the string's text, without its quotes).
    static func entries(inTokenValue text: String) throws -> [(entry: Int, item: [UInt8])] {
        let bytes = Array(text.utf8)
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { throw PostingsCoding.PostingsError() }
        let entries = try PostingsCoding.decode(String(decoding: bytes[..<space], as: UTF8.self))
        let items = bytes[(space + 1)...].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard items.count == entries.count, !entries.isEmpty else { throw PostingsCoding.PostingsError() }
        return zip(entries, items.map { Array($0) }).map { (entry: $0, item: $1) }
    }

    /// An affix key's value: tokens in UTF-8 order, each with its number of entries.
    static func affixValue(_ tokens: [(token: String, count: Int)]) -> [UInt8] {
        var json = JSONWriter()
        json.array(tokens) { json, item in
            json.string(item.token)
            json.separator()
            json.string(String(item.count))
        }
        return json.bytes
    }

    /// The tokens and counts of an affix key's value, nil when it is not what `affixValue` writes.
    static func tokens(inAffixValue value: [UInt8]) -> [(token: String, count: Int)]? {
        var reader = JSONReader(bytes: value)
        guard let strings = reader.strings(), reader.isAtEnd, strings.count % 2 == 0 else { return nil }
        var tokens: [(token: String, count: Int)] = []
        for index in stride(from: 0, to: strings.count, by: 2) {
            guard let count = Int(strings[index + 1]), count > 0 else { return nil }
            tokens.append((strings[index], count))
        }
        return tokens
    }

    // MARK: - Phrases

    /// Where a phrase's word must stand: the token it is in ends with it (the first word), is it
    /// (a word between), or starts with it (the last word).
    enum Role: Equatable {
        case end, whole, start
    }

    /// The role of word `index` of a phrase of `count` words (at least two).
    static func role(ofWord index: Int, count: Int) -> Role {
        index == 0 ? .end : index == count - 1 ? .start : .whole
    }

    /// The key that lists the tokens a word of `role` may be: the word itself for a whole token,
    /// else the affix key of its last (first) one or two characters.
    static func key(of word: [Unicode.Scalar], role: Role) -> String {
        switch role {
        case .whole: return SearchText.string(word)
        case .end: return endKey(word.suffix(affixLength))
        case .start: return startKey(word.prefix(affixLength))
        }
    }

    /// Whether `token` (UTF-8) fits a word (UTF-8) of `role`: compared byte by byte, as
    /// JavaScript's `endsWith` and `startsWith` compare well-formed UTF-16.
    static func fits(_ token: [UInt8], _ word: [UInt8], role: Role) -> Bool {
        switch role {
        case .whole: return token == word
        case .end: return token.count >= word.count && token.suffix(word.count).elementsEqual(word)
        case .start: return token.count >= word.count && token.prefix(word.count).elementsEqual(word)
        }
    }
}
