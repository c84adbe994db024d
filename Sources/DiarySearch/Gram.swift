/// A key of the index, packed for hashing: one, two or three characters (Unicode scalars) of a
/// token, the same of a token's initials form (`HangulInitials`), or a named key (a filter such
/// as `tag walk`, made from a token that holds a space, which no text token does).
struct Gram: Hashable {
    var packed: UInt64
    var count: UInt8
    var space: Space
    /// The whole key, for a named key.
    var name: String?

    /// The key spaces; each has a twin in search.js.
    enum Space: UInt8 {
        /// Characters of tokens: 1 and 2 characters list entries, 3 list tokens.
        case text
        /// Characters of the tokens' initials forms: 1 character lists entries, 2 and 3 list tokens.
        case initials
        /// A filter key: lists entries.
        case named
    }

    init(_ a: Unicode.Scalar, space: Space = .text) { packed = UInt64(a.value); count = 1; self.space = space }
    init(_ a: Unicode.Scalar, _ b: Unicode.Scalar, space: Space = .text) {
        packed = UInt64(a.value) << 21 | UInt64(b.value)
        count = 2
        self.space = space
    }
    init(_ a: Unicode.Scalar, _ b: Unicode.Scalar, _ c: Unicode.Scalar, space: Space = .text) {
        packed = UInt64(a.value) << 42 | UInt64(b.value) << 21 | UInt64(c.value)
        count = 3
        self.space = space
    }
    init(named name: String) { packed = 0; count = 0; space = .named; self.name = name }

    /// Whether the key's value lists tokens (each with its entries) rather than entries.
    var listsTokens: Bool {
        switch space {
        case .text: return count == 3
        case .initials: return count >= 2
        case .named: return false
        }
    }

    /// The space whose files hold the key: `SearchIndexLayout.KeySpace(of: string)`, without making the string.
    var keySpace: SearchIndexLayout.KeySpace { space == .initials ? .initials : .words }

    var string: String {
        if let name { return name }
        let characters = SearchText.string((0..<Int(count)).reversed().map { Unicode.Scalar(UInt32(truncatingIfNeeded: packed >> (21 * UInt64($0))) & 0x1F_FFFF)! })
        return space == .initials ? SearchIndexLayout.initialsPrefix + characters : characters
    }

    /// Calls `entryKey` with every key of `token` whose value lists entries and `tokenKey` with
    /// every key whose value lists tokens (either may come more than once). A token with a space
    /// is a named key and nothing else; a token with Hangul also has the keys of its initials
    /// form that hold an initial consonant.
    static func keys(of token: String, entryKey: (Gram) -> Void, tokenKey: (Gram) -> Void) {
        if token.utf8.contains(0x20) {
            entryKey(Gram(named: token))
            return
        }
        let scalars = Array(token.unicodeScalars)
        for offset in scalars.indices {
            entryKey(Gram(scalars[offset]))
            guard offset + 1 < scalars.count else { continue }
            entryKey(Gram(scalars[offset], scalars[offset + 1]))
            guard offset + 2 < scalars.count else { continue }
            tokenKey(Gram(scalars[offset], scalars[offset + 1], scalars[offset + 2]))
        }
        guard let initials = HangulInitials.initialsForm(of: scalars) else { return }
        let isInitial = initials.map(HangulInitials.isInitial)
        for offset in initials.indices {
            if isInitial[offset] { entryKey(Gram(initials[offset], space: .initials)) }
            guard offset + 1 < initials.count else { continue }
            if isInitial[offset] || isInitial[offset + 1] { tokenKey(Gram(initials[offset], initials[offset + 1], space: .initials)) }
            guard offset + 2 < initials.count else { continue }
            if isInitial[offset] || isInitial[offset + 1] || isInitial[offset + 2] {
                tokenKey(Gram(initials[offset], initials[offset + 1], initials[offset + 2], space: .initials))
            }
        }
    }

    /// The distinct keys of a token whose values list entries (`entries`) and tokens (`triples`).
    static func grams(of token: String, entries: inout Set<Gram>, triples: inout Set<Gram>) {
        keys(of: token, entryKey: { entries.insert($0) }, tokenKey: { triples.insert($0) })
    }
}
