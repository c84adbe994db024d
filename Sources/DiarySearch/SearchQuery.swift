import DiaryModel

/// A query as `daybook search` and the search page read it: words, which must each occur in
/// the entry's searchable text, phrases, excluded words and filters, all combined with AND.
/// Read from the query as typed: what lies between double quotes (`"비가 와서"`, an unclosed
/// quote running to the end) is a phrase, its words in that order; the rest is split at white
/// space into terms:
/// - `#walk`: the entry has a tag whose slug is `walk` (`#Walk`, `#walk` and a tag `Walk` agree);
/// - `emotion:happy`: one of the entry's emotions is the one named `happy` (its id, label or an
///   alias, ignoring case, as the diary's emotions answer to them);
/// - `2025` or `2025-10` (ASCII digits, a month 01–12): the entry was written in that year or
///   month. Such a term is always a date filter, never a word: a year is what a diary's
///   numbers mostly mean, and `2025년` or `2025.` are still words;
/// - `-word`: the entry does not contain the word;
/// - anything else is normalised (`SearchText`) into words, each looked up as its stem when it
///   ends in a Korean particle (`KoreanParticles`).
/// A phrase's words are words of the query too (as typed, no particle taken off); a phrase of
/// one word is just that word.
/// The search page reads queries the same way (search.js, `parseQuery`).
struct SearchQuery {
    /// The distinct normalised words, as characters, in order.
    var words: [[Unicode.Scalar]] = []
    /// The phrases, each as its normalised text (words joined by one space).
    var phrases: [String] = []
    /// The distinct normalised words that must not occur.
    var excluded: [[Unicode.Scalar]] = []
    /// The filters, in order.
    var filters: [Filter] = []

    enum Filter: Equatable {
        /// A tag, by slug.
        case tag(String)
        /// An emotion's id, label or alias, as typed.
        case emotion(String)
        /// A year (`2025`) or month (`2025-10`).
        case period(String)
    }

    static let emotionPrefix = "emotion:"

    init(_ query: String) {
        for (position, segment) in query.unicodeScalars.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            let text = String(String.UnicodeScalarView(segment))
            if position % 2 == 1 {
                addPhrase(text)
                continue
            }
            for term in Self.terms(of: text) { add(term) }
        }
    }

    private mutating func add(_ term: String) {
        if let filter = Self.filter(term) {
            if !filters.contains(filter) { filters.append(filter) }
        } else if term.unicodeScalars.first == "-", term.unicodeScalars.count > 1 {
            for word in SearchText.tokens(of: String(term.unicodeScalars.dropFirst())) { Self.insert(Array(word.unicodeScalars), into: &excluded) }
        } else {
            for word in SearchText.tokens(of: term) { Self.insert(KoreanParticles.stem(of: Array(word.unicodeScalars)), into: &words) }
        }
    }

    private mutating func addPhrase(_ text: String) {
        let tokens = SearchText.tokens(of: text)
        for word in tokens { Self.insert(Array(word.unicodeScalars), into: &words) }
        let phrase = tokens.joined(separator: " ")
        if tokens.count > 1, !phrases.contains(phrase) { phrases.append(phrase) }
    }

    private static func insert(_ word: [Unicode.Scalar], into list: inout [[Unicode.Scalar]]) {
        if !list.contains(word) { list.append(word) }
    }

    /// Whether the query asks for nothing (and so matches nothing): exclusions alone ask for nothing.
    var isEmpty: Bool { words.isEmpty && filters.isEmpty }

    /// The query's runs of characters between white space, as typed.
    private static func terms(of query: String) -> [String] {
        query.unicodeScalars.split { SearchText.isSpace($0.value) }.map { String(String.UnicodeScalarView($0)) }
    }

    private static func filter(_ term: String) -> Filter? {
        let scalars = term.unicodeScalars
        if scalars.first == "#", scalars.count > 1 { return .tag(Slug.make(from: String(scalars.dropFirst()))) }
        if term.lowercased().hasPrefix(emotionPrefix), scalars.count > emotionPrefix.count {
            return .emotion(String(scalars.dropFirst(emotionPrefix.count)))
        }
        if isPeriod(term) { return .period(term) }
        return nil
    }

    /// `YYYY` or `YYYY-MM` with a month from 01 to 12, in ASCII digits.
    static func isPeriod(_ term: String) -> Bool {
        let bytes = Array(term.utf8)
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        guard bytes.count == 4 || bytes.count == 7, bytes.prefix(4).allSatisfy(isDigit) else { return false }
        guard bytes.count == 7 else { return true }
        guard bytes[4] == UInt8(ascii: "-"), isDigit(bytes[5]), isDigit(bytes[6]) else { return false }
        let month = Int(bytes[5] - 0x30) * 10 + Int(bytes[6] - 0x30)
        return (1...12).contains(month)
    }

    /// The id of the emotion `name` names among `emotions` (id → emoji, label, colour, aliases…,
    /// as the manifest lists them): an id first, then a label or alias, ignoring case.
    static func emotionID(named name: String, among emotions: [String: [String]]) -> String? {
        let wanted = name.normalizedNFC.lowercased()
        let ids = emotions.keys.sorted { UTF8Order.precedes($0, $1) }
        if let id = ids.first(where: { $0.normalizedNFC.lowercased() == wanted }) { return id }
        return ids.first { id in emotions[id]!.dropFirst().enumerated().contains { $0.offset != 1 && $0.element.normalizedNFC.lowercased() == wanted } }
    }
}
