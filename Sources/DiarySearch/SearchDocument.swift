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

    init(entry: Entry, emotions: [String: Emotion]) {
        bodyText = entry.body.text
        var extras: [String] = []
        if !entry.body.footnoteText.isEmpty { extras.append(entry.body.footnoteText) }
        for image in entry.images where image.origin == .frontMatter {
            extras.append(image.alt)
            if let caption = image.caption { extras.append(caption) }
        }
        extras += entry.tags
        extraText = extras.joined(separator: " ")
        searchableText = Self.searchableText(title: entry.title, bodyText: bodyText, extraText: extraText,
                                             emotionIDs: entry.emotionIDs, emotions: emotions)
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
    func indexedTokens() -> [String] {
        Self.indexedTokens(of: searchableText)
    }

    static func indexedTokens(of searchableText: String) -> [String] {
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
        return tokens
    }
}
