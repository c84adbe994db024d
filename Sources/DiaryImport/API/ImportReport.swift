/// What an import did, or would do with `--dry-run`: the entries written, those left out and
/// why, and the pictures copied.
public struct ImportReport: Sendable, Equatable {
    /// An entry written as a file.
    public struct Imported: Sendable, Equatable {
        /// The entry as the export names it: `2025-10-20 09:30 "Autumn walk"`.
        public var label: String
        /// The new file, relative to the diary root.
        public var path: String
        public var pictureCount: Int
        /// The emotion id it got.
        public var emotion: String
        /// What gave it: `from the mood 'rad' (Daybook's default for it; --map changes it)`.
        public var emotionSource: String
        /// Things left out or guessed (a video, an unknown timezone).
        public var notes: [String]
    }

    /// An entry not written.
    public struct Skipped: Sendable, Equatable {
        public var label: String
        public var reason: Reason
    }

    public enum Reason: Sendable, Equatable {
        /// An earlier import wrote it (the file that has its `import_id`).
        case alreadyImported(path: String)
        /// The export has the same entry twice; the first is imported.
        case repeatedInExport
        case noEmotion(EmotionChoice.Missing)
    }

    public var imported: [Imported] = []
    public var skipped: [Skipped] = []
    public var isDryRun = false

    public var pictureCount: Int { imported.reduce(0) { $0 + $1.pictureCount } }

    /// True when some entry could not be imported (not counting those imported before).
    public var hasLeftOut: Bool {
        skipped.contains { if case .noEmotion = $0.reason { return true } else { return false } }
    }

    /// One line per entry, for standard error.
    public var lines: [String] {
        var lines: [String] = []
        for entry in imported {
            let pictures = entry.pictureCount == 0 ? "" : " (\(Self.count(entry.pictureCount, "picture", "pictures")))"
            lines.append("\(isDryRun ? "would import" : "imported") \(entry.label) as \(entry.path)\(pictures): \(entry.emotion), \(entry.emotionSource)")
            lines += entry.notes.map { "  note: \($0)" }
        }
        for entry in skipped {
            lines.append("skipped \(entry.label): \(Self.explain(entry.reason))")
        }
        return lines
    }

    /// `Imported 3 entries with 2 pictures; skipped 1 (already imported)`.
    public var summary: String {
        let verb = isDryRun ? "Would import" : "Imported"
        var text = "\(verb) \(Self.count(imported.count, "entry", "entries"))"
        if pictureCount > 0 { text += " with \(Self.count(pictureCount, "picture", "pictures"))" }
        var reasons: [String] = []
        let already = skipped.filter { if case .alreadyImported = $0.reason { return true } else { return false } }.count
        let repeated = skipped.filter { $0.reason == .repeatedInExport }.count
        let noEmotion = skipped.count - already - repeated
        if already > 0 { reasons.append("\(already) already imported") }
        if repeated > 0 { reasons.append("\(repeated) repeated in the export") }
        if noEmotion > 0 { reasons.append("\(noEmotion) without an emotion") }
        if !reasons.isEmpty { text += "; skipped \(reasons.joined(separator: ", "))" }
        if isDryRun { text += " (dry run: nothing written)" }
        return text
    }

    static func explain(_ reason: Reason) -> String {
        switch reason {
        case .alreadyImported(let path):
            return "already imported as \(path)"
        case .repeatedInExport:
            return "the export has it twice; imported once"
        case .noEmotion(.unmappedMood(let mood)):
            return "its mood '\(mood)' names no emotion of the diary, nor does any of its activities; add --map '\(mood)=<emotion>' or pass --emotion"
        case .noEmotion(.nothingNamesAnEmotion):
            return "no emotion: no tag names one of the diary's emotions; pass --emotion to give one"
        }
    }

    static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}
