import DiaryImport
import DiaryModel
import DiaryReader
import Foundation

/// `daybook new`: writes `Content/YYYY/MM/DD/HHMM-<slug>.md` with its front matter filled in.
/// Never overwrites: a second entry in the same minute gets `-2`, then `-3`…
public struct EntryFileWriter {
    /// What the new entry says.
    public struct Draft: Sendable {
        public var title: String?
        /// Required: Daybook never picks an emotion for the writer.
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

    /// The diary's configuration (defaults without a `daybook.yml`); a folder that is not a
    /// diary is a usage error (`DiaryConfigFile.loadDiary`).
    public func config() throws -> DiaryConfig {
        try DiaryConfigFile.loadDiary(root: root)
    }

    /// Writes the entry and returns its path relative to the diary root.
    public func create(_ draft: Draft, now: Date = Date()) throws -> String {
        let config = try config()
        let emotion = try resolveEmotion(draft.emotion, config: config)
        let local = try localTime(draft.date, now: now, timeZone: config.timeZone)
        for tag in draft.tags {
            if let problem = Slug.problem(naming: tag, as: "tag") { throw CommandError(problem, isUsage: true) }
        }
        let title = draft.title?.trimmed
        let placement = EntryFilePlacement.first(at: local, title: title) { path in
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }
        let text = EntryFileText(title: title, date: local, emotion: emotion, tags: draft.tags)
        let url = root.appendingPathComponent(placement.entryPath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // `.withoutOverwriting` closes the gap between finding a free name and writing.
            try Data(text.rendered.utf8).write(to: url, options: .withoutOverwriting)
        } catch {
            throw CommandError("cannot write \(placement.entryPath): \(error.localizedDescription)")
        }
        return placement.entryPath
    }

    private func resolveEmotion(_ name: String?, config: DiaryConfig) throws -> String {
        let known = config.emotions.map(\.id).joined(separator: ", ")
        guard let name else {
            throw CommandError("no emotion given: pass --emotion with one of \(known) (on a terminal, 'daybook new' asks)", isUsage: true)
        }
        let catalog = EmotionCatalog(config.emotions)
        if let emotion = catalog.emotion(named: name) { return emotion.id }
        throw CommandError(catalog.unknownNameMessage(name), isUsage: true)
    }

    /// The entry's time: `text` as given, or now to the second, so that two entries written in
    /// the same minute are ordered as they were written (the file name keeps only the minute).
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
