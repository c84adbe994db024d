/// The opening of an entry's visible text, as cards show it.
public enum Excerpt {
    /// The first `limit` characters of `text`, cut at a word boundary when one is near, with "…".
    /// Reads no further into `text` than it needs.
    public static func of(_ text: String, limit: Int = 200) -> String {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else { return text }
        var cut = text[..<end]
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) < 30 { cut = cut[..<space] }
        return cut.trimmingTrailingPunctuation() + "…"
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
