/// The opening of an entry's visible text, as cards show it.
public enum Excerpt {
    /// An excerpt is made from at most this many bytes of a text: about 200 characters need
    /// 200 to 800 bytes, and neither making the excerpt nor noticing that it changed needs to
    /// read the rest of a long text.
    public static let sourceBytes = 1024

    /// The part of a UTF-8 text an excerpt is made from: its first `sourceBytes` at most, cut
    /// where a character starts.
    public static func source(ofUTF8 text: [UInt8]) -> ArraySlice<UInt8> {
        guard text.count > sourceBytes else { return text[...] }
        var end = sourceBytes
        while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }
        return text[..<end]
    }

    /// The excerpt of a text given in UTF-8 (made from `source(ofUTF8:)`).
    public static func of(utf8 text: [UInt8], limit: Int = 200) -> String {
        let source = source(ofUTF8: text)
        return of(String(decoding: source, as: UTF8.self), limit: limit, continues: source.count < text.count)
    }

    /// The first `limit` characters of `text`, cut at a word boundary when one is near, with "…"
    /// when the text goes on (beyond `limit`, or beyond `text` itself when `continues`).
    public static func of(_ text: String, limit: Int = 200, continues: Bool = false) -> String {
        var cut = text[...]
        if let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex {
            cut = text[..<end]
        } else if !continues {
            return text
        }
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
