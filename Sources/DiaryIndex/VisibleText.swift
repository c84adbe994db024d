/// The text a reader sees in rendered HTML: tags dropped, entities decoded, white space folded.
/// Used for excerpts (and anything else that needs the words without the markup).
public enum VisibleText {
    public static func of(html: String) -> String {
        var text = String.UnicodeScalarView()
        var inTag = false
        var pendingSpace = false
        var entity: String.UnicodeScalarView?
        for scalar in html.unicodeScalars {
            if inTag {
                if scalar == ">" { inTag = false }
                continue
            }
            if var name = entity {
                if scalar == ";" {
                    appendEntity(String(name), to: &text, pendingSpace: &pendingSpace)
                    entity = nil
                } else if name.count < 10 {
                    name.append(scalar)
                    entity = name
                } else {
                    append("&" + String(name), to: &text, pendingSpace: &pendingSpace)
                    entity = nil
                }
                continue
            }
            switch scalar {
            case "<":
                inTag = true
                pendingSpace = pendingSpace || !text.isEmpty
            case "&":
                entity = String.UnicodeScalarView()
            case " ", "\n", "\t", "\r":
                pendingSpace = !text.isEmpty
            default:
                if pendingSpace { text.append(" ") }
                pendingSpace = false
                text.append(scalar)
            }
        }
        return String(text)
    }

    /// The first `limit` characters of `text`, cut at a word boundary when one is near, with "…".
    public static func excerpt(_ text: String, limit: Int = 200) -> String {
        guard text.count > limit else { return text }
        var cut = text.prefix(limit)
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) < 30 { cut = cut[..<space] }
        return cut.trimmingTrailingPunctuation() + "…"
    }

    private static func appendEntity(_ name: String, to text: inout String.UnicodeScalarView, pendingSpace: inout Bool) {
        let decoded: String
        switch name {
        case "amp": decoded = "&"
        case "lt": decoded = "<"
        case "gt": decoded = ">"
        case "quot": decoded = "\""
        case "#39", "apos": decoded = "'"
        case "nbsp": decoded = " "
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) {
                decoded = String(Character(scalar))
            } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) {
                decoded = String(Character(scalar))
            } else {
                decoded = "&\(name);"
            }
        }
        append(decoded, to: &text, pendingSpace: &pendingSpace)
    }

    private static func append(_ piece: String, to text: inout String.UnicodeScalarView, pendingSpace: inout Bool) {
        if pendingSpace { text.append(" ") }
        pendingSpace = false
        text.append(contentsOf: piece.unicodeScalars)
    }
}

private extension Substring {
    func trimmingTrailingPunctuation() -> String {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "," || last == "." || last == ";" || last == ":" {
            end = index(before: end)
        }
        return String(self[..<end])
    }
}
