import DiaryModel

/// Finds a configured emotion by id, label or alias, ignoring case (SPEC §2).
public struct EmotionCatalog: Sendable {
    public let emotions: [Emotion]
    private let byName: [String: Int]

    public init(_ emotions: [Emotion]) {
        self.emotions = emotions
        var byName: [String: Int] = [:]
        for (index, emotion) in emotions.enumerated() {
            for name in [emotion.id, emotion.label] + emotion.aliases {
                let key = Self.key(name)
                if byName[key] == nil { byName[key] = index }
            }
        }
        self.byName = byName
    }

    public func emotion(named name: String) -> Emotion? {
        byName[Self.key(name)].map { emotions[$0] }
    }

    /// Every name an emotion answers to, for "did you mean" hints.
    public var allNames: [String] {
        emotions.flatMap { [$0.id, $0.label] + $0.aliases }
    }

    /// What to say of a name no emotion answers to, wherever one is read (front matter, `--emotion`
    /// of `new`, `import` and `search`): `unknown emotion 'hapy'; did you mean 'happy'? (known: happy, sad, …)`.
    public func unknownNameMessage(_ name: String) -> String {
        let known = emotions.map(\.id).joined(separator: ", ")
        return "unknown emotion '\(name)'\(Suggestion.hint(for: name, among: allNames)) (known: \(known))"
    }

    static func key(_ name: String) -> String {
        name.normalizedNFC.lowercased()
    }
}
