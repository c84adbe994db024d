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
    ///
    /// Normalising run by run (a run being what lies between white space) gives the same result as
    /// normalising the whole text: every space character is a starter that never composes, and
    /// `ς`/`σ` removes the one context-dependent case mapping.
    public static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        forEachToken(of: text) { tokens.append(String(decoding: $0, as: UTF8.self)) }
        return tokens
    }

    /// Calls `body` with the UTF-8 of each of `tokens(of: text)`, in order, without making them strings.
    static func forEachToken(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { forEachToken(ofValidUTF8: $0, body) }
    }

    /// Reads the text's UTF-8 a byte at a time (about a tenth of the work of walking its scalars):
    /// a run of printable ASCII and Hangul syllables, most of a diary, is a token as it is, lowered
    /// if it has a capital; any other run goes through the whole pipeline.
    private static func forEachToken(ofValidUTF8 utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var runStart: Int?
        var isSimple = true
        var hasUpper = false
        var lowered: [UInt8] = []
        func finishRun(at end: Int) {
            guard let start = runStart else { return }
            runStart = nil
            let run = UnsafeBufferPointer(rebasing: utf8[start..<end])
            if !isSimple {
                splitAtSpaces(fullyNormalized(String(decoding: run, as: UTF8.self).unicodeScalars), into: body)
            } else if hasUpper {
                // Printable ASCII and Hangul syllables: NFKC and the mark stripping change nothing.
                lowered.removeAll(keepingCapacity: true)
                for byte in run { lowered.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte) }
                lowered.withUnsafeBufferPointer(body)
            } else {
                body(run)
            }
        }
        var offset = 0
        while offset < utf8.count {
            let (value, length) = scalar(at: offset, in: utf8)
            if isSpace(value) {
                finishRun(at: offset)
            } else {
                if runStart == nil {
                    runStart = offset
                    isSimple = true
                    hasUpper = false
                }
                if value < 0x80 {
                    if value < 0x21 || value == 0x7F { isSimple = false } else if value >= 0x41 && value <= 0x5A { hasUpper = true }
                } else if !(0xAC00...0xD7A3).contains(value) {
                    isSimple = false
                }
            }
            offset += length
        }
        finishRun(at: utf8.count)
    }

    /// The scalar whose UTF-8 starts at `offset` of valid UTF-8, and how many bytes it takes.
    private static func scalar(at offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = UInt32(utf8[offset])
        func continuation(_ number: Int) -> UInt32 { UInt32(utf8[offset + number] & 0x3F) }
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | continuation(1), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3) }
        return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
    }

    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
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

    /// Slices go through the scalar view: a `String` subscript would round a range that starts
    /// at a combining mark down to the start of its character.
    private static func splitAtSpaces(_ text: String, into body: (UnsafeBufferPointer<UInt8>) -> Void) {
        func hand(_ token: Substring.UnicodeScalarView) {
            var token = String(token)
            token.withUTF8(body)
        }
        var start: String.Index?
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            if isSpace(text.unicodeScalars[index].value) {
                if let runStart = start { hand(text.unicodeScalars[runStart..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
            text.unicodeScalars.formIndex(after: &index)
        }
        if let runStart = start { hand(text.unicodeScalars[runStart...]) }
    }

    /// The whole pipeline for one run; the result may contain spaces (NFKC maps `¨` to ` ̈`).
    private static func fullyNormalized(_ run: String.UnicodeScalarView) -> String {
        let visible = string(run.lazy.filter { !isIgnorable($0.value) })
        let decomposed = visible.precomposedStringWithCompatibilityMapping.lowercased().decomposedStringWithCanonicalMapping
        var bare = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !isMark(scalar) {
            bare.append(scalar.value == 0x3C2 ? "\u{3C3}" : scalar)
        }
        return String(bare).precomposedStringWithCanonicalMapping
    }
}
