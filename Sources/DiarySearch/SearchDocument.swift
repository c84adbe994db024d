import DiaryIndex
import DiaryModel

/// What the search index knows about one entry: the text a query is matched against and what a
/// result shows.
struct SearchDocument: Sendable {
    /// The visible text of the body, image descriptions in place: the excerpt's source.
    var bodyText: String
    /// What the searchable text holds besides the title, body text and emotions: front-matter
    /// pictures' descriptions and captions, and tags, separated by spaces.
    var extraText: String
    /// Title, body text, front-matter pictures' descriptions and captions, tags, and every listed
    /// emotion's id and label, separated by spaces (not yet normalised).
    var searchableText: String

    init(entry: Entry, emotions: [String: Emotion]) {
        bodyText = VisibleText.of(html: Self.withImageDescriptions(entry.bodyHTML))
        var extras: [String] = []
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

    /// `html` with each `<img … alt="x">` followed by its description as text, because an image's
    /// alt text is what a reader (or a screen reader) gets instead of the picture. cmark-gfm
    /// writes the attribute as ` alt="…"` with `"`, `<` and `>` escaped inside it.
    static func withImageDescriptions(_ html: String) -> String {
        let bytes = Array(html.utf8)
        let open = Array("<img".utf8)
        let alt = Array(" alt=\"".utf8)
        var output: [UInt8] = []
        var copied = 0
        var position = 0
        while let tagStart = find(open, in: bytes, from: position) {
            guard let tagEnd = bytes[tagStart...].firstIndex(of: UInt8(ascii: ">")) else { break }
            position = tagEnd + 1
            guard let name = find(alt, in: bytes, from: tagStart), name < tagEnd,
                  let valueEnd = bytes[(name + alt.count)..<tagEnd].firstIndex(of: UInt8(ascii: "\"")),
                  valueEnd > name + alt.count else { continue }
            output += bytes[copied..<position]
            output.append(UInt8(ascii: " "))
            output += bytes[(name + alt.count)..<valueEnd]
            output.append(UInt8(ascii: " "))
            copied = position
        }
        guard copied > 0 else { return html }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
