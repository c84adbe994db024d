import DiaryIndex
import DiaryModel

/// What the search index knows about one entry: the text a query is matched against and what a
/// result shows.
struct SearchDocument: Sendable {
    /// The visible text of the body without footnotes, picture descriptions in place: the excerpt's source.
    var bodyText: String
    /// What the searchable text holds besides the title, body text and emotions: the footnotes'
    /// text, front-matter pictures' descriptions and captions, and tags, separated by spaces.
    var extraText: String
    /// Title, body text, footnotes, front-matter pictures' descriptions and captions, tags, and
    /// every listed emotion's id and label, separated by spaces (not yet normalised).
    var searchableText: String
    /// The entry's filter keys (`SearchIndexLayout.tagKey` and the others).
    var filterKeys: [String]

    /// - Parameter searchFields: front-matter keys whose values are searchable text too (`search.fields`).
    init(entry: Entry, emotions: [String: Emotion], searchFields: [String]) {
        bodyText = entry.body.text
        var extras: [String] = []
        if !entry.body.footnoteText.isEmpty { extras.append(entry.body.footnoteText) }
        for image in entry.images where image.origin == .frontMatter {
            extras.append(image.alt)
            if let caption = image.caption { extras.append(caption) }
        }
        extras += entry.tags
        for field in searchFields {
            if let value = entry.extra[field] { Self.appendText(of: value, to: &extras) }
        }
        extraText = extras.joined(separator: " ")
        searchableText = Self.searchableText(title: entry.title, bodyText: bodyText, extraText: extraText,
                                             emotionIDs: entry.emotionIDs, emotions: emotions)
        filterKeys = Self.filterKeys(date: entry.local.description, emotionIDs: entry.emotionIDs, tags: entry.tags)
    }

    /// The words of a front-matter value: text and numbers as written, every item of a list
    /// and every value of a mapping (in key order).
    private static func appendText(of value: MetadataValue, to texts: inout [String]) {
        switch value {
        case .string(let text): texts.append(text)
        case .int(let number): texts.append(String(number))
        case .double(let number): texts.append(String(number))
        case .bool(let flag): texts.append(flag ? "true" : "false")
        case .null: break
        case .list(let items): for item in items { appendText(of: item, to: &texts) }
        case .map(let fields): for key in fields.keys.sorted() { appendText(of: fields[key]!, to: &texts) }
        }
    }

    /// The filter keys of an entry written at `date` (`YYYY-MM-DD HH:MM`, as its record has it):
    /// its year, its month, each of its emotions and each of its tags (by slug).
    static func filterKeys(date: String, emotionIDs: [String], tags: [String]) -> [String] {
        var keys = [SearchIndexLayout.dateKey(String(date.prefix(4))), SearchIndexLayout.dateKey(String(date.prefix(7)))]
        keys += emotionIDs.map { SearchIndexLayout.emotionKey(id: $0) }
        keys += tags.map { SearchIndexLayout.tagKey(slug: Slug.make(from: $0)) }
        return keys
    }

    /// The searchable text from its parts. Tokens never span the spaces that join them, so the
    /// text has the same tokens whether `extraText` is empty or not.
    static func searchableText(title: String, bodyText: String, extraText: String, emotionIDs: [String],
                               emotions: [String: Emotion]) -> String {
        var parts = [title, bodyText, extraText]
        for id in emotionIDs {
            parts.append(id)
            parts.append(emotions[id]?.label ?? id)
        }
        return parts.joined(separator: " ")
    }

    /// The distinct tokens of the searchable text in order of first occurrence, tokens longer
    /// than `SearchIndexLayout.pieceLength` characters cut into their pieces: what the index's
    /// keys are made from.
    /// The filter keys come last, whole: each holds a space, so it is a key of its own (`Gram`).
    func indexedTokens() -> [String] {
        let tokens = indexedTokenSet()
        return (0..<tokens.count).map(tokens.string)
    }

    /// `indexedTokens()` as a set of UTF-8 tokens, made without a string for each token.
    func indexedTokenSet() -> TokenSet {
        Self.indexedTokenSet(of: searchableText, filterKeys: filterKeys)
    }

    static func indexedTokens(of searchableText: String, filterKeys: [String]) -> [String] {
        let tokens = indexedTokenSet(of: searchableText, filterKeys: filterKeys)
        return (0..<tokens.count).map(tokens.string)
    }

    static func indexedTokenSet(of searchableText: String, filterKeys: [String]) -> TokenSet {
        var tokens = TokenSet(capacity: 256)
        SearchText.forEachToken(of: searchableText) { token in
            if token.count <= SearchIndexLayout.pieceLength || scalarCount(token) <= SearchIndexLayout.pieceLength {
                tokens.insert(token)
            } else {
                let scalars = Array(String(decoding: token, as: UTF8.self).unicodeScalars)
                for piece in SearchIndexLayout.pieces(of: scalars) {
                    var piece = SearchText.string(piece)
                    piece.withUTF8 { _ = tokens.insert($0) }
                }
            }
        }
        for var key in filterKeys { key.withUTF8 { _ = tokens.insert($0) } }
        return tokens
    }

    /// The Unicode scalars in valid UTF-8: the bytes that do not continue one.
    private static func scalarCount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
