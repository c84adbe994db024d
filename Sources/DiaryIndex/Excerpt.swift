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
        let continues = source.count < text.count
        return plainExcerpt(of: source, limit: limit, continues: continues)
            ?? of(String(decoding: source, as: UTF8.self), limit: limit, continues: continues)
    }

    /// `of(_:limit:continues:)` worked out on the bytes, when every character it reads is printable
    /// ASCII or a Hangul syllable: each of those is one scalar that never joins its neighbour into
    /// one character, so characters are counted as scalars without String's character breaking
    /// (a tenth of the cost, on every card). Nil for any other text.
    private static func plainExcerpt(of source: ArraySlice<UInt8>, limit: Int, continues: Bool) -> String? {
        func plainScalarLength(at offset: Int) -> Int? {
            let lead = source[offset]
            if lead >= 0x20 && lead < 0x7F { return 1 }
            // Hangul syllables U+AC00–U+D7A3 are EA B0 80 through ED 9E A3.
            guard lead >= 0xEA && lead <= 0xED, offset + 2 < source.endIndex else { return nil }
            let value = (UInt32(lead & 0x0F) << 12) | (UInt32(source[offset + 1] & 0x3F) << 6) | UInt32(source[offset + 2] & 0x3F)
            return (0xAC00...0xD7A3).contains(value) ? 3 : nil
        }
        var end = source.startIndex
        var characters = 0
        while end < source.endIndex && characters < limit {
            guard let length = plainScalarLength(at: end) else { return nil }
            end += length
            characters += 1
        }
        if end == source.endIndex {
            if !continues { return String(decoding: source, as: UTF8.self) }
        } else if plainScalarLength(at: end) == nil {
            // The next character might join the last one.
            return nil
        }
        // A space among the last 29 characters: the cut moves back to it.
        var back = end
        for _ in 0..<min(29, characters) {
            back -= 1
            while source[back] & 0xC0 == 0x80 { back -= 1 }
            if source[back] == UInt8(ascii: " ") {
                end = back
                break
            }
        }
        while end > source.startIndex, [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(source[end - 1]) {
            end -= 1
        }
        return String(decoding: source[..<end], as: UTF8.self) + "…"
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
