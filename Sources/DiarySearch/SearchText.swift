import Foundation

/// The text normalisation shared by the index builder, `daybook search` and the search page
/// (`Templates/assets/search.js`, function `normalize`), so that all three compare the same strings.
///
/// In order: drop invisible format characters (soft hyphen, zero-width spaces and joiners, bidi
/// controls, BOM); Unicode NFKC; lower case; canonical decomposition, every combining mark
/// (`\p{M}`) dropped, canonical composition (so `café` is `cafe` and Hangul stays in syllables);
/// final sigma `ς` as `σ`; every run of white space one space, none at either end. In JavaScript:
///
///     s.replace(IGNORABLE, '').normalize('NFKC').toLowerCase().normalize('NFD')
///      .replace(/\p{M}/gu, '').normalize('NFC').replace(/ς/g, 'σ').replace(SPACE, ' ').trim()
public enum SearchText {
    /// `text` normalised for search, its words separated by single spaces.
    public static func normalize(_ text: String) -> String {
        tokens(of: text).joined(separator: " ")
    }

    /// The white-space-separated words of the normalised `text`: a query word (which has no
    /// white space) is a substring of the normalised text exactly when it is one of some token.
    public static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        forEachRun(of: text) { run in
            if let simple = simpleNormalized(run) {
                tokens.append(simple)
            } else {
                forEachRun(of: fullyNormalized(run)) { tokens.append(String($0)) }
            }
        }
        return tokens
    }

    // MARK: - Character classes (the same lists are in search.js)

    /// White space: Unicode White_Space; JavaScript's `\s` differs (U+0085, U+FEFF), so both sides list it.
    static func isSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Invisible format characters that would otherwise split a word in two.
    static func isIgnorable(_ value: UInt32) -> Bool {
        switch value {
        case 0xAD, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF: return true
        default: return false
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    // MARK: - Runs

    /// Calls `body` with each maximal run of non-space characters. Normalising run by run gives
    /// the same result as normalising the whole text: every space character is a starter that
    /// never composes, and `ς`/`σ` removes the one context-dependent case mapping.
    private static func forEachRun(of text: some StringProtocol, _ body: (Substring) -> Void) {
        let string = String(text)
        var start: String.Index?
        var index = string.unicodeScalars.startIndex
        let end = string.unicodeScalars.endIndex
        while index < end {
            let space = isSpace(string.unicodeScalars[index].value)
            if space, let runStart = start {
                body(string[runStart..<index])
                start = nil
            } else if !space, start == nil {
                start = index
            }
            string.unicodeScalars.formIndex(after: &index)
        }
        if let runStart = start { body(string[runStart..<end]) }
    }

    /// The run normalised without Foundation when it holds only printable ASCII and Hangul
    /// syllables (nearly every word of a Korean or English diary); nil otherwise.
    private static func simpleNormalized(_ run: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(run.utf8.count)
        var hasUpper = false
        for scalar in run.unicodeScalars {
            let value = scalar.value
            if value >= 0x21 && value <= 0x7E {
                hasUpper = hasUpper || (value >= 0x41 && value <= 0x5A)
            } else if !(0xAC00...0xD7A3).contains(value) {
                return nil
            }
        }
        guard hasUpper else { return String(run) }
        for byte in run.utf8 { bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The whole pipeline for one run; the result may contain spaces (NFKC maps `¨` to ` ̈`).
    private static func fullyNormalized(_ run: Substring) -> String {
        var visible = String.UnicodeScalarView()
        visible.append(contentsOf: run.unicodeScalars.lazy.filter { !isIgnorable($0.value) })
        let decomposed = String(visible).precomposedStringWithCompatibilityMapping.lowercased()
            .decomposedStringWithCanonicalMapping
        var bare = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !isMark(scalar) {
            bare.append(scalar.value == 0x3C2 ? "\u{3C3}" : scalar)
        }
        return String(bare).precomposedStringWithCanonicalMapping
    }
}
