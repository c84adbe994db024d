/// How many words a text has: runs of characters between white space that hold at least one
/// letter or digit (so a lone "—" or "·" is not a word). Korean is counted the same way, by
/// space-separated eojeol (`오늘은 비가 왔다` is three), which is how Korean word counts are
/// usually given.
public enum WordCount {
    public static func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8(count)
    }

    /// The words of an entry's body as a reader sees it, footnotes included: its visible text
    /// (`EntryBody.text`), where URLs are already left out and blocks are single spaces.
    public static func of(_ body: EntryBody) -> Int {
        of(text: body.textUTF8, footnoteText: body.footnoteTextUTF8)
    }

    static func of(text: [UInt8], footnoteText: [UInt8]) -> Int {
        text.withUnsafeBufferPointer(count) + footnoteText.withUnsafeBufferPointer(count)
    }

    /// One pass over UTF-8 bytes, classifying a character only until its word has a letter.
    private static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var counter = Counter()
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte < 0x80 {
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                    counter.endWord()
                } else {
                    counter.add(isLetter: counter.hasLetter || isASCIILetterOrDigit(byte))
                }
                position += 1
            } else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                // Only U+0085, U+00A0, U+1680 and U+2000–U+3000 are spaces beyond ASCII: their
                // first bytes are C2, E1, E2 and E3 (Hangul starts with EA–ED, never a space).
                let mayBeSpace = byte == 0xC2 || (0xE1...0xE3).contains(byte)
                if mayBeSpace || !counter.hasLetter, let scalar = decode(bytes, at: position, length: length) {
                    if mayBeSpace && scalar.properties.isWhitespace {
                        counter.endWord()
                    } else {
                        counter.add(isLetter: counter.hasLetter || isLetterOrDigit(scalar))
                    }
                } else {
                    counter.add(isLetter: counter.hasLetter)
                }
                position += length
            }
        }
        return counter.finish()
    }

    /// Words seen so far, and whether the current one has a letter yet.
    private struct Counter {
        var count = 0
        var inWord = false
        var hasLetter = false

        mutating func add(isLetter: Bool) {
            inWord = true
            hasLetter = isLetter
        }

        mutating func endWord() {
            if inWord && hasLetter { count += 1 }
            inWord = false
            hasLetter = false
        }

        mutating func finish() -> Int {
            endWord()
            return count
        }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, length: Int) -> Unicode.Scalar? {
        guard position + length <= bytes.count else { return nil }
        var value = UInt32(bytes[position]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[position + offset] & 0x3F) }
        return Unicode.Scalar(value)
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetterOrDigit(UInt8(scalar.value)) }
        // Hangul syllables and CJK ideographs, the most common letters here, without a table lookup.
        if (0xAC00...0xD7A3).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value) { return true }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
