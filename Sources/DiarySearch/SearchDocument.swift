import DiaryIndex
import DiaryModel

/// What the search index knows about one entry: the text a query is matched against, field by
/// field for ranking (`RankWeights.Field`), and what a result shows.
struct SearchDocument: Sendable {
    /// The visible text of the body without footnotes, picture descriptions in place: the excerpt's source.
    var bodyText: String
    /// What the searchable text holds besides what the entry's record shows (title, body text,
    /// tags, emotions): the footnotes' text and front-matter pictures' descriptions and captions
    /// (body), then `fieldSeparator`, then the `search.fields` values. Kept in the index's state.
    var extraText: String
    /// The fields' texts (not yet normalised).
    var fields: Fields
    /// The entry's filter keys (`SearchIndexLayout.tagKey` and the others).
    var filterKeys: [String]

    /// Between the body's extra text and the `search.fields` text in `extraText` (a control
    /// character, taken out of both).
    static let fieldSeparator: Character = "\u{1E}"

    /// An entry's searchable text, field by field.
    struct Fields: Sendable {
        var title: String
        /// Visible body text, footnotes, front-matter picture descriptions and captions.
        var body: String
        var tags: [String]
        /// Each listed emotion's id and label.
        var emotions: [String]
        /// The `search.fields` values.
        var fields: String
        /// The entry's length for ranking: the UTF-8 bytes of its visible body text.
        var length: Int

        /// Every field's text, separated by spaces.
        var searchableText: String { ([title, body] + tags + [fields] + emotions).joined(separator: " ") }

        /// The text of each field, with its boost.
        var weighted: [(text: String, field: RankWeights.Field)] {
            [(title, .title), (body, .body), (fields, .fields)] + tags.map { ($0, .tags) } + emotions.map { ($0, .emotions) }
        }
    }

    /// - Parameter searchFields: front-matter keys whose values are searchable text too (`search.fields`).
    init(entry: Entry, emotions: [String: Emotion], searchFields: [String]) {
        bodyText = entry.body.text
        var extras: [String] = []
        if !entry.body.footnoteText.isEmpty { extras.append(entry.body.footnoteText) }
        for image in entry.images where image.origin == .frontMatter {
            extras.append(image.alt)
            if let caption = image.caption { extras.append(caption) }
        }
        var values: [String] = []
        for field in searchFields {
            if let value = entry.extra[field] { Self.appendText(of: value, to: &values) }
        }
        let bodyExtra = Self.withoutSeparator(extras.joined(separator: " "))
        let fieldText = Self.withoutSeparator(values.joined(separator: " "))
        extraText = bodyExtra + String(Self.fieldSeparator) + fieldText
        fields = Self.fields(title: entry.title, bodyText: bodyText, extraText: extraText, tags: entry.tags,
                             emotionIDs: entry.emotionIDs, emotions: emotions, length: entry.body.textUTF8.count)
        filterKeys = Self.filterKeys(date: entry.local.description, emotionIDs: entry.emotionIDs, tags: entry.tags)
    }

    /// Every field's text, separated by spaces (not yet normalised).
    var searchableText: String { fields.searchableText }

    /// The fields from an entry's record and its `extraText`, as the index's state gives them back.
    static func fields(title: String, bodyText: String, extraText: String, tags: [String], emotionIDs: [String],
                       emotions: [String: Emotion], length: Int) -> Fields {
        let parts = extraText.split(separator: fieldSeparator, maxSplits: 1, omittingEmptySubsequences: false)
        let bodyExtra = parts.first.map(String.init) ?? ""
        return Fields(title: title, body: bodyExtra.isEmpty ? bodyText : bodyText + " " + bodyExtra, tags: tags,
                      emotions: emotionIDs.flatMap { [$0, emotions[$0]?.label ?? $0] },
                      fields: parts.count > 1 ? String(parts[1]) : "", length: length)
    }

    private static func withoutSeparator(_ text: String) -> String {
        text.contains(fieldSeparator) ? text.replacingOccurrences(of: String(fieldSeparator), with: " ") : text
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

    /// The distinct tokens of the searchable text, tokens longer than
    /// `SearchIndexLayout.pieceLength` characters cut into their pieces, each with its raw weight
    /// (occurrences times the field's boost, `RankWeights.Field`): what the index's keys are made
    /// from. The filter keys come last, whole, with no weight: each holds a space, so it is a key
    /// of its own (`Gram`).
    static func weightedTokens(of fields: Fields, filterKeys: [String]) -> WeightedTokens {
        var tokens = TokenSet(capacity: 256)
        var raws: [Int] = []
        func add(_ token: UnsafeBufferPointer<UInt8>, boost: Int) {
            let number = tokens.insert(token).number
            if number == raws.count { raws.append(0) }
            raws[number] += boost
        }
        for (text, field) in fields.weighted {
            SearchText.forEachToken(of: text) { token in
                if token.count <= SearchIndexLayout.pieceLength || scalarCount(token) <= SearchIndexLayout.pieceLength {
                    add(token, boost: field.boost)
                } else {
                    let scalars = Array(String(decoding: token, as: UTF8.self).unicodeScalars)
                    for piece in SearchIndexLayout.pieces(of: scalars) {
                        var piece = SearchText.string(piece)
                        piece.withUTF8 { add($0, boost: field.boost) }
                    }
                }
            }
        }
        for var key in filterKeys { key.withUTF8 { add($0, boost: 0) } }
        return WeightedTokens(tokens: tokens, raws: raws)
    }

    /// This entry's `weightedTokens(of:filterKeys:)`.
    func weightedTokens() -> WeightedTokens { Self.weightedTokens(of: fields, filterKeys: filterKeys) }

    /// The distinct indexed tokens, in order of first occurrence (filter keys last).
    func indexedTokens() -> [String] {
        let tokens = weightedTokens().tokens
        return (0..<tokens.count).map(tokens.string)
    }

    /// The Unicode scalars in valid UTF-8: the bytes that do not continue one.
    private static func scalarCount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}

/// An entry's distinct indexed tokens with their raw weights (`raws[n]` for token `n`; 0 for a filter key).
struct WeightedTokens: Sendable {
    var tokens: TokenSet
    var raws: [Int]
}
