/// The text a reader sees in rendered HTML: tags dropped, entities decoded, white space folded.
/// Used for excerpts (and anything else that needs the words without the markup).
public enum VisibleText {
    /// The visible text of `html`; with `limit`, stops once it has more than `limit` characters,
    /// which is all an excerpt needs.
    public static func of(html: String, limit: Int = .max) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(min(html.utf8.count, limit == .max ? .max : limit * 4 + 8))
        var characters = 0
        var inTag = false
        var pendingSpace = false
        var entityStart: Int?
        let bytes = Array(html.utf8)
        var position = 0
        func append(_ piece: some Sequence<UInt8>) {
            if pendingSpace && !output.isEmpty { output.append(0x20); characters += 1 }
            pendingSpace = false
            for byte in piece {
                output.append(byte)
                if byte & 0xC0 != 0x80 { characters += 1 }
            }
        }
        while position < bytes.count, characters <= limit {
            let byte = bytes[position]
            if inTag {
                if byte == UInt8(ascii: ">") { inTag = false }
            } else if let start = entityStart {
                if byte == UInt8(ascii: ";") {
                    append(decodeEntity(bytes[start..<position]))
                    entityStart = nil
                } else if position - start > 10 {
                    append([UInt8(ascii: "&")] + bytes[start..<position])
                    entityStart = nil
                    continue
                }
            } else {
                switch byte {
                case UInt8(ascii: "<"):
                    inTag = true
                    pendingSpace = pendingSpace || !output.isEmpty
                case UInt8(ascii: "&"):
                    entityStart = position + 1
                case 0x20, 0x0A, 0x09, 0x0D:
                    pendingSpace = !output.isEmpty
                default:
                    append(CollectionOfOne(byte))
                }
            }
            position += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The first `limit` characters of `text`, cut at a word boundary when one is near, with "…".
    public static func excerpt(_ text: String, limit: Int = 200) -> String {
        guard text.count > limit else { return text }
        var cut = text.prefix(limit)
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) < 30 { cut = cut[..<space] }
        return cut.trimmingTrailingPunctuation() + "…"
    }

    private static func decodeEntity(_ name: ArraySlice<UInt8>) -> [UInt8] {
        let text = String(decoding: name, as: UTF8.self)
        switch text {
        case "amp": return Array("&".utf8)
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "quot": return Array("\"".utf8)
        case "#39", "apos": return Array("'".utf8)
        case "nbsp": return Array(" ".utf8)
        default:
            var value: UInt32?
            if text.hasPrefix("#x") || text.hasPrefix("#X") {
                value = UInt32(text.dropFirst(2), radix: 16)
            } else if text.hasPrefix("#") {
                value = UInt32(text.dropFirst())
            }
            if let value, let scalar = Unicode.Scalar(value) { return Array(String(Character(scalar)).utf8) }
            return Array("&\(text);".utf8)
        }
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
