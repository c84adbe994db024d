import Foundation

extension String {
    /// The text in Unicode NFC. Skips Foundation's normalisation, which is slow, for text that
    /// is NFC already by construction: below U+0300 (no combining marks) or Hangul syllables.
    public var normalizedNFC: String {
        let isNFC = unicodeScalars.allSatisfy { $0.value < 0x300 || (0xAC00...0xD7A3).contains($0.value) }
        return isNFC ? self : precomposedStringWithCanonicalMapping
    }

    /// The text without white space (including line breaks) at either end.
    public var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
