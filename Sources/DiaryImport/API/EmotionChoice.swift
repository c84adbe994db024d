import DiaryModel
import DiaryReader

/// Which of the diary's emotions an imported entry gets (SPEC §11), always through the diary's
/// own emotions (ids, labels, aliases): the source's mood, by the user's `--map` first, then as
/// an emotion name itself, then by the default table; else the first tag that names an emotion;
/// else `--emotion`; else none, and the entry is not imported. Never a silent default.
public struct EmotionChoice: Sendable {
    /// Daylio's five moods as it names them out of the box, and the nearest default emotions.
    public static let daylioDefaults: [(mood: String, emotion: String)] = [
        ("rad", "excited"), ("good", "happy"), ("meh", "calm"), ("bad", "sad"), ("awful", "sad"),
    ]

    let catalog: EmotionCatalog
    /// Mood name (lower-cased) → emotion id, from `--map`.
    let userMap: [String: String]
    /// Mood name (lower-cased) → emotion id, from the defaults the diary's emotions can take.
    let defaultMap: [String: String]
    /// From `--emotion`.
    let fallback: String?
    /// What the source calls its tags in the report: Daylio's are activities.
    let tagWord: String

    /// Reads `--map` (`rad=excited,good=happy`) and `--emotion` against the diary's emotions;
    /// a name the diary does not know is a usage error with a suggestion.
    public init(catalog: EmotionCatalog, map: String? = nil, fallback: String? = nil,
                defaults: [(mood: String, emotion: String)] = [], tagWord: String = "tag") throws {
        self.catalog = catalog
        self.tagWord = tagWord
        var userMap: [String: String] = [:]
        for pair in (map ?? "").split(separator: ",") where !String(pair).trimmed.isEmpty {
            let sides = pair.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty else {
                throw ImportError.usage("--map takes mood=emotion pairs separated by commas, such as rad=excited,meh=calm; found '\(String(pair).trimmed)'")
            }
            userMap[sides[0].lowercased()] = try Self.emotionID(sides[1], in: catalog, option: "--map \(sides[0])=")
        }
        self.userMap = userMap
        var defaultMap: [String: String] = [:]
        for (mood, emotion) in defaults {
            if let id = catalog.emotion(named: emotion)?.id { defaultMap[mood] = id }
        }
        self.defaultMap = defaultMap
        self.fallback = try fallback.map { try Self.emotionID($0, in: catalog, option: "--emotion ") }
    }

    /// Why an entry has no emotion, as the report says it.
    public enum Missing: Error, Equatable, Sendable {
        /// The source's mood maps to no emotion.
        case unmappedMood(String)
        /// No mood, no tag naming an emotion and no `--emotion`.
        case nothingNamesAnEmotion
    }

    /// An entry's emotion and what gave it, as the import report says it.
    struct Chosen: Equatable, Sendable {
        var id: String
        /// `from the mood 'rad' (Daybook's default for it)`, `from --emotion`…; a mood that named no
        /// emotion is said too, so that two entries of one mood are never treated two ways unexplained.
        var source: String
    }

    /// The emotion id for an entry with this mood and these tags.
    func emotion(mood: String?, tags: [String]) -> Result<String, Missing> {
        choose(mood: mood, tags: tags).map(\.id)
    }

    /// The emotion for an entry with this mood and these tags, and what gave it.
    func choose(mood: String?, tags: [String]) -> Result<Chosen, Missing> {
        if let mood, let chosen = fromMood(mood.trimmed) { return .success(chosen) }
        let unmapped = mood.map { " (its mood '\($0.trimmed)' names no emotion of the diary)" } ?? ""
        if let (tag, id) = tags.lazy.compactMap({ tag in self.catalog.emotion(named: tag).map { (tag, $0.id) } }).first {
            return .success(Chosen(id: id, source: "from the \(tagWord) '\(tag)'" + unmapped))
        }
        if let fallback { return .success(Chosen(id: fallback, source: "from --emotion" + unmapped)) }
        return .failure(mood.map { .unmappedMood($0.trimmed) } ?? .nothingNamesAnEmotion)
    }

    private func fromMood(_ mood: String) -> Chosen? {
        let key = mood.lowercased()
        if let id = userMap[key] { return Chosen(id: id, source: "from the mood '\(mood)' by --map") }
        if let id = catalog.emotion(named: mood)?.id { return Chosen(id: id, source: "from the mood '\(mood)'") }
        if let id = defaultMap[key] { return Chosen(id: id, source: "from the mood '\(mood)' (Daybook's default for it; --map changes it)") }
        return nil
    }

    private static func emotionID(_ name: String, in catalog: EmotionCatalog, option: String) throws -> String {
        if let emotion = catalog.emotion(named: name) { return emotion.id }
        throw ImportError.usage("\(option)\(name): \(catalog.unknownNameMessage(name))")
    }
}
