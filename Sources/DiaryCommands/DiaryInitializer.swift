import DiaryModel
import DiaryReader
import Foundation

/// `daybook init`: a new diary with `daybook.yml` and a first entry, in the language of its
/// locale (`InitialDiaryWords`). Refuses to overwrite anything.
public struct DiaryInitializer {
    public let root: URL
    /// The diary's `locale:` (SPEC §1), which also picks the language of the labels and the first entry.
    public let localeIdentifier: String

    public init(root: URL, localeIdentifier: String = "en_US") {
        self.root = root
        self.localeIdentifier = localeIdentifier
    }

    /// The locale a person's answer names: empty for the first offered (`en_US`), a number from
    /// `InitialDiaryWords.offeredLocales`, a language (`ko`) or an identifier (`ko_KR`, `ja_JP`);
    /// nil for anything else.
    public static func locale(fromAnswer answer: String) -> String? {
        let offered = InitialDiaryWords.offeredLocales
        let text = answer.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return offered[0] }
        if let number = Int(text) { return offered.indices.contains(number - 1) ? offered[number - 1] : nil }
        if let match = offered.first(where: { $0.lowercased() == text.lowercased() || SiteStrings.language(of: $0) == text.lowercased() }) {
            return match
        }
        return isLocaleIdentifier(text) ? text : nil
    }

    /// `ko`, `ko_KR`, `en-GB`: two or three letters, then optionally `_` or `-` and a region.
    public static func isLocaleIdentifier(_ text: String) -> Bool {
        text.range(of: "^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,4})?$", options: .regularExpression) != nil
    }

    /// What `create` did, one line each, for the terminal: `created daybook.yml`…
    public struct Outcome: Equatable, Sendable {
        /// Paths written, relative to the root.
        public var created: [String]
        public var messages: [String]
    }

    /// Lines a diary's `.gitignore` needs: the build cache and the generated site (SPEC §7).
    static let ignoredFolders = [".daybook/", "Output/"]

    /// Writes the diary and says what it wrote.
    public func create(now: Date = Date(), timeZone: TimeZone = .current) throws -> Outcome {
        let fileManager = FileManager.default
        for name in [ConfigLoader.fileName, ContentFiles.folderName] {
            if fileManager.fileExists(atPath: root.appendingPathComponent(name).path) {
                throw CommandError("\(root.appendingPathComponent(name).path) already exists; 'daybook init' never overwrites a diary")
            }
        }
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        let words = InitialDiaryWords(localeIdentifier: localeIdentifier)
        do {
            try Data(configText(timeZone: timeZone, words: words).utf8).write(to: root.appendingPathComponent(ConfigLoader.fileName), options: .withoutOverwriting)
        } catch {
            throw CommandError("cannot write \(ConfigLoader.fileName): \(error.localizedDescription)")
        }
        let firstEmotion = Emotion.defaults[0].id
        let entry = try EntryFileWriter(root: root).create(.init(title: words.firstTitle, emotion: firstEmotion, tags: ["first"]), now: now)
        let welcome = words.welcome
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(entry))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(welcome.utf8))
        var outcome = Outcome(created: [ConfigLoader.fileName, entry], messages: ["created \(ConfigLoader.fileName)", "created \(entry)"])
        try addGitignore(to: &outcome)
        return outcome
    }

    /// A new `.gitignore`, or the missing lines added at the end of an existing one (as `cargo
    /// init` does): its own lines stay as they are.
    private func addGitignore(to outcome: inout Outcome) throws {
        let url = root.appendingPathComponent(".gitignore")
        guard let existing = FileManager.default.contents(atPath: url.path) else {
            let text = "# Daybook's build cache and the generated site\n" + Self.ignoredFolders.joined(separator: "\n") + "\n"
            do {
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw CommandError("cannot write .gitignore: \(error.localizedDescription)")
            }
            outcome.created.append(".gitignore")
            outcome.messages.append("created .gitignore")
            return
        }
        let text = String(decoding: existing, as: UTF8.self)
        let present = Set(text.split(whereSeparator: \.isNewline).map { line -> String in
            var name = line.trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("/") { name.removeFirst() }
            return name.hasSuffix("/") ? name : name + "/"
        })
        let missing = Self.ignoredFolders.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        let addition = (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + "\n# Daybook's build cache and the generated site\n"
            + missing.joined(separator: "\n") + "\n"
        do {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(addition.utf8))
        } catch {
            throw CommandError("cannot add \(missing.joined(separator: " and ")) to .gitignore: \(error.localizedDescription)")
        }
        outcome.messages.append("added \(missing.joined(separator: " and ")) to the existing .gitignore")
    }

    func configText(timeZone: TimeZone, words: InitialDiaryWords) -> String {
        var text = """
            # Daybook site configuration. Every key is optional.
            title: \(words.siteTitle)
            timezone: \(timeZone.identifier)
            locale: \(localeIdentifier)
            base_url: /
            page_size: 30
            emotions:

            """
        for emotion in words.emotions {
            text += "  - id: \(emotion.id)\n    label: \(emotion.label)\n    emoji: \"\(emotion.emoji)\"\n"
            text += "    color: \"\(emotion.color)\"\n    aliases: [\(emotion.aliases.joined(separator: ", "))]\n"
        }
        return text
    }
}
