/// Korean initial consonants (초성) in queries: `ㅅㅊ` finds `산책`, and so does `ㅅ책`.
///
/// The rule, character by character: an initial consonant in the query matches itself and any
/// Hangul syllable that starts with it; any other character matches only itself. A query word
/// matches a token when it matches, so, some run of the token's characters.
///
/// Normalisation (NFKC) turns the consonants people type (U+3131 ㄱ … U+314E ㅎ) into the
/// conjoining initials U+1100 … U+1112, so those are what the rule sees. A word with such an
/// initial is looked up in the index by its initials form (every syllable as its initial, other
/// characters as they are), whose keys list the tokens that have them; the rule then picks the
/// tokens that match. The same code is in search.js.
enum HangulInitials {
    static let firstSyllable: UInt32 = 0xAC00
    static let lastSyllable: UInt32 = 0xD7A3
    /// Syllables per initial consonant: 21 vowels × 28 finals.
    static let syllablesPerInitial: UInt32 = 588

    /// Whether `scalar` is one of the 19 conjoining initial consonants.
    static func isInitial(_ scalar: Unicode.Scalar) -> Bool {
        (0x1100...0x1112).contains(scalar.value)
    }

    static func isSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (firstSyllable...lastSyllable).contains(scalar.value)
    }

    /// A syllable's initial consonant; any other character as it is.
    static func initial(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard isSyllable(scalar) else { return scalar }
        return Unicode.Scalar(0x1100 + (scalar.value - firstSyllable) / syllablesPerInitial)!
    }

    /// The initials form of a token, or nil when it has neither a syllable nor an initial (its
    /// initials form has no key a query could look up).
    static func initialsForm(of token: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        guard token.contains(where: { isSyllable($0) || isInitial($0) }) else { return nil }
        return token.map(initial(of:))
    }

    /// Whether a query word (or part of one) holds an initial, so it is matched by the rule.
    static func hasInitial(_ word: some Collection<Unicode.Scalar>) -> Bool {
        word.contains(where: isInitial)
    }

    /// Whether `part` matches some run of `token` under the rule.
    static func matches(_ part: ArraySlice<Unicode.Scalar>, in token: [Unicode.Scalar]) -> Bool {
        occurrences(of: part, in: token) > 0
    }

    /// How many runs of `token` (overlapping) `part` matches under the rule.
    static func occurrences(of part: ArraySlice<Unicode.Scalar>, in token: [Unicode.Scalar]) -> Int {
        guard !part.isEmpty, part.count <= token.count else { return 0 }
        return (0...(token.count - part.count)).filter { start in
            zip(part, token[start...]).allSatisfy { wanted, found in
                wanted == found || (isInitial(wanted) && isSyllable(found) && initial(of: found) == wanted)
            }
        }.count
    }
}
