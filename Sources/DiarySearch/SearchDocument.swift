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
        Self.indexedTokens(of: searchableText, filterKeys: filterKeys)
    }

    static func indexedTokens(of searchableText: String, filterKeys: [String]) -> [String] {
        var seen = Set<TokenKey>(minimumCapacity: 512)
        var tokens: [String] = []
        for token in SearchText.tokens(of: searchableText) {
            if token.utf8.count <= SearchIndexLayout.pieceLength || token.unicodeScalars.count <= SearchIndexLayout.pieceLength {
                if seen.insert(TokenKey(token)).inserted { tokens.append(token) }
            } else {
                for piece in SearchIndexLayout.pieces(of: Array(token.unicodeScalars)).map(SearchText.string)
                where seen.insert(TokenKey(piece)).inserted {
                    tokens.append(piece)
                }
            }
        }
        for key in filterKeys where seen.insert(TokenKey(key)).inserted { tokens.append(key) }
        return tokens
    }
}
