/// Korean particles (조사) and a few endings of 하다 verbs at the end of a query word: `가을은`
/// also finds `가을에` and `가을`, `산책했다` finds `산책을`. A query word that ends in one of
/// `particles` is looked up as its stem, provided the stem keeps at least two characters and ends
/// in two Hangul syllables, so `이`, `사이` and `나이` stay whole (their `이` is part of the word)
/// and `2025년에` stays whole too.
///
/// The list holds the particles that follow nouns in everyday writing (case particles, 도/만/의,
/// the colloquial 한테/이랑) and the commonest endings of 하다 verbs; longer forms come first so
/// that `에서` is taken whole rather than as `서` after `에`. A stem is a substring of the word,
/// so every entry the word finds, the stem finds too: stripping only adds matches. What it adds
/// are entries with the stem and another ending (the point) and, where the last syllable only
/// looks like a particle (`고양이` → `고양`, `바닷가` → `바닷`), entries with a longer word of the same
/// first syllables; in a diary these are nearly always the same word (`QuerySyntaxTests` checks
/// such cases on real sentences).
///
/// The same list and rule are in search.js (`stemOf`).
enum KoreanParticles {
    static let particles: [String] = [
        "에게서", "했는데",
        "에서", "에게", "한테", "께서", "으로", "부터", "까지", "처럼", "보다", "이랑", "했다", "했던", "하고", "해서", "하는",
        "은", "는", "이", "가", "을", "를", "에", "로", "와", "과", "도", "만", "의",
    ]

    /// The word without its particle, or the word itself when it has none the rule allows to strip.
    static func stem(of word: [Unicode.Scalar]) -> [Unicode.Scalar] {
        for particle in particles {
            let ending = Array(particle.unicodeScalars)
            guard word.count >= ending.count + 2, word.suffix(ending.count).elementsEqual(ending) else { continue }
            let stem = word.dropLast(ending.count)
            return stem.suffix(2).allSatisfy(HangulInitials.isSyllable) ? Array(stem) : word
        }
        return word
    }
}
