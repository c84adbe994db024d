/// Finds the inline images of Markdown text (`![alt](url)`, `![alt](url "title")`) and keeps,
/// removes or re-points each one. Enough for the images apps write; not a Markdown parser.
enum MarkdownImages {
    enum Decision {
        case keep
        case remove
        case replace(url: String)
    }

    static func rewrite(_ text: String, _ decide: (_ url: String) -> Decision) -> String {
        var result = ""
        var rest = text[...]
        while let start = rest.range(of: "![") {
            result += rest[..<start.lowerBound]
            guard let image = parseImage(rest[start.lowerBound...]) else {
                result += "!["
                rest = rest[start.upperBound...]
                continue
            }
            switch decide(String(image.url)) {
            case .keep:
                result += rest[start.lowerBound..<image.end]
            case .remove:
                break
            case .replace(let url):
                result += rest[start.lowerBound..<image.url.startIndex] + url + rest[image.url.endIndex..<image.end]
            }
            rest = rest[image.end...]
        }
        return result + rest
    }

    /// The image starting at `text` (which begins with `![`): its URL and where it ends.
    private static func parseImage(_ text: Substring) -> (url: Substring, end: Substring.Index)? {
        var index = text.index(text.startIndex, offsetBy: 2)
        var depth = 0
        while index < text.endIndex {
            let character = text[index]
            if character.isNewline { return nil }
            if character == "\\" {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if character == "[" { depth += 1 }
            if character == "]" {
                if depth == 0 { break }
                depth -= 1
            }
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return nil }
        let open = text.index(after: index)
        guard open < text.endIndex, text[open] == "(" else { return nil }
        guard let close = text[open...].firstIndex(where: { $0 == ")" || $0.isNewline }), text[close] == ")" else { return nil }
        let inside = text[text.index(after: open)..<close]
        let urlStart = inside.firstIndex { $0 != " " } ?? inside.endIndex
        let urlEnd = inside[urlStart...].firstIndex(of: " ") ?? inside.endIndex
        let url = inside[urlStart..<urlEnd]
        guard !url.isEmpty else { return nil }
        return (url, text.index(after: close))
    }
}
