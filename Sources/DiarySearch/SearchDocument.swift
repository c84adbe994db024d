import DiaryIndex
import DiaryModel

/// What the search index knows about one entry: the text a query is matched against and what a
/// result shows.
struct SearchDocument: Sendable {
    /// The visible text of the body, image descriptions in place: the excerpt's source.
    var bodyText: String
    /// Title, body text, front-matter pictures' descriptions and captions, tags, and every listed
    /// emotion's id and label, separated by spaces (not yet normalised).
    var searchableText: String

    init(entry: Entry, emotions: [String: Emotion]) {
        bodyText = VisibleText.of(html: Self.withImageDescriptions(entry.bodyHTML))
        var parts = [entry.title, bodyText]
        for image in entry.images where image.origin == .frontMatter {
            parts.append(image.alt)
            if let caption = image.caption { parts.append(caption) }
        }
        parts += entry.tags
        for id in entry.emotionIDs {
            parts.append(id)
            parts.append(emotions[id]?.label ?? id)
        }
        searchableText = parts.joined(separator: " ")
    }

    /// `html` with each `<img … alt="x">` followed by its description as text, because an image's
    /// alt text is what a reader (or a screen reader) gets instead of the picture.
    static func withImageDescriptions(_ html: String) -> String {
        guard html.contains("<img") else { return html }
        var output = ""
        var rest = html[...]
        while let open = rest.range(of: "<img") {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[open.lowerBound...close]
            output += rest[..<tag.endIndex]
            if let alt = altAttribute(of: tag), !alt.isEmpty { output += " " + alt + " " }
            rest = rest[tag.endIndex...]
        }
        return output + rest
    }

    /// The `alt` attribute's raw (still entity-encoded) value, as cmark-gfm writes it.
    private static func altAttribute(of tag: Substring) -> Substring? {
        guard let name = tag.range(of: " alt=\"") else { return nil }
        let value = tag[name.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { return nil }
        return value[..<end]
    }
}
