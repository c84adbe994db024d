import DiaryModel
import DiaryReader
import Foundation

/// `daybook new`: writes `Content/YYYY/MM/DD/HHMM-<slug>.md` with its front matter filled in.
public struct EntryFileWriter {
    /// What the new entry says.
    public struct Draft: Sendable {
        public var title: String?
        public var emotion: String?
        public var date: String?
        public var tags: [String]

        public init(title: String? = nil, emotion: String? = nil, date: String? = nil, tags: [String] = []) {
            self.title = title
            self.emotion = emotion
            self.date = date
            self.tags = tags
        }
    }

    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// Writes the entry and returns its path relative to the diary root. Never overwrites a file.
    public func create(_ draft: Draft, now: Date = Date()) throws -> String {
        let config = try loadConfig()
        let emotion = try resolveEmotion(draft.emotion, config: config)
        let local = try localTime(draft.date, now: now, timeZone: config.timeZone)
        for tag in draft.tags where Slug.make(from: tag).isEmpty {
            throw CommandError("the tag '\(tag)' has no letters or digits to make a URL from", isUsage: true)
        }
        let time = String(local.description.suffix(5)).replacingOccurrences(of: ":", with: "")
        let titleSlug = draft.title.map(Slug.make(from:)) ?? ""
        let fileName = titleSlug.isEmpty ? "\(time).md" : "\(time)-\(titleSlug).md"
        let path = "\(ContentFiles.folderName)/\(local.day.path)/\(fileName)"
        let url = root.appendingPathComponent(path)
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw CommandError("\(path) already exists; Daybook never overwrites an entry (pick another --date or title)")
        }
        var text = "---\n"
        if let title = draft.title, !title.isEmpty { text += "title: \(YAMLText.quoted(title))\n" }
        text += "date: \(local)\n"
        text += "emotion: \(emotion)\n"
        if !draft.tags.isEmpty { text += "tags: [\(draft.tags.map(YAMLText.quoted).joined(separator: ", "))]\n" }
        text += "---\n\n"
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // `.withoutOverwriting` closes the gap between the check above and the write.
        do {
            try Data(text.utf8).write(to: url, options: .withoutOverwriting)
        } catch {
            throw CommandError("cannot write \(path): \(error.localizedDescription)")
        }
        return path
    }

    private func loadConfig() throws -> DiaryConfig {
        let url = root.appendingPathComponent(ConfigLoader.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return DiaryConfig() }
        let (config, diagnostics) = ConfigLoader.load(String(decoding: data, as: UTF8.self))
        if let problem = diagnostics.first(where: \.isError) {
            throw CommandError("\(problem.location): \(problem.message)")
        }
        return config
    }

    private func resolveEmotion(_ name: String?, config: DiaryConfig) throws -> String {
        let catalog = EmotionCatalog(config.emotions)
        guard let name else { return config.emotions[0].id }
        if let emotion = catalog.emotion(named: name) { return emotion.id }
        let hint = Suggestion.hint(for: name, among: catalog.allNames)
        let known = config.emotions.map(\.id).joined(separator: ", ")
        throw CommandError("unknown emotion '\(name)'\(hint) (known: \(known))", isUsage: true)
    }

    private func localTime(_ text: String?, now: Date, timeZone: TimeZone) throws -> LocalDateTime {
        guard let text else {
            let seconds = Int(now.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: now)
            return LocalDateTime(wallClockSeconds: seconds)
        }
        switch EntryDate.parse(text) {
        case .success(let date): return date.resolve(in: timeZone).local
        case .failure(let problem): throw CommandError(problem.message(for: text), isUsage: true)
        }
    }
}

/// Text written into YAML exactly as given.
enum YAMLText {
    static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 {
                    escaped += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }
}
