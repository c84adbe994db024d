/// How many words a text has: runs of characters between white space that hold at least one
/// letter or digit (so a lone "—" or "·" is not a word). Korean is counted the same way, by
/// space-separated eojeol (`오늘은 비가 왔다` is three), which is how Korean word counts are
/// usually given.
public enum WordCount {
    public static func of(_ text: String) -> Int {
        var count = 0
        var inWord = false
        var wordHasLetter = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if inWord && wordHasLetter { count += 1 }
                inWord = false
                wordHasLetter = false
            } else {
                inWord = true
                if !wordHasLetter { wordHasLetter = isLetterOrDigit(scalar) }
            }
        }
        if inWord && wordHasLetter { count += 1 }
        return count
    }

    /// The words of an entry's body as a reader sees it (markup, URLs and image sources left out).
    public static func of(html: String) -> Int {
        of(VisibleText.of(html: html))
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
