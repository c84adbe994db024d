import DiaryModel
import Foundation

/// What reading a diary folder gave: the diary (possibly partial) and every problem, in order.
public struct DiaryReadResult: Sendable {
    public var diary: Diary
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains(where: \.isError) }
}

/// Reads a diary folder (`daybook.yml` and `Content/`) into a `Diary`, in parallel across files,
/// with the same result on every run.
public struct DiaryReader: Sendable {
    /// Which entries end up in the diary, and how strict to be.
    public struct Options: Sendable {
        public var includeDrafts: Bool
        /// Warnings count as errors.
        public var strict: Bool

        public init(includeDrafts: Bool = false, strict: Bool = false) {
            self.includeDrafts = includeDrafts
            self.strict = strict
        }
    }

    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    public func read(_ options: Options = Options()) -> DiaryReadResult {
        var diagnostics: [Diagnostic] = []
        let (config, configProblems) = loadConfig()
        diagnostics += configProblems

        let files: ContentFiles
        do {
            files = try ContentFiles.list(root: root)
        } catch {
            diagnostics.append(.error(at: SourceLocation(path: ContentFiles.folderName),
                                      "cannot read the Content/ folder; a diary keeps its entries in Content/ (run 'daybook init' to start one)"))
            return finish(Diary(config: config, entries: [], emotions: config.emotions), diagnostics, options)
        }
        let parser = EntryParser(config: config, files: files)
        let rootPath = root.path
        let parsed = ParallelMap.map(files.entryPaths) { path -> ParsedEntry in
            guard let data = LocalFiles.read(rootPath + "/" + path) else {
                return ParsedEntry(entry: nil, unknownEmotions: [:],
                                   diagnostics: [.error(at: SourceLocation(path: path), "cannot read this file")])
            }
            return parser.parse(data, path: path)
        }

        var entries: [Entry] = []
        var unknownEmotions: [String: String] = [:]
        var ownerOfID: [String: String] = [:]
        for result in parsed {
            diagnostics += result.diagnostics
            guard let entry = result.entry else { continue }
            if let other = ownerOfID[entry.id] {
                diagnostics.append(.error(at: SourceLocation(path: entry.sourcePath),
                                          "the entry id '\(entry.id)' is also the id of \(other); rename one of the two files"))
                continue
            }
            ownerOfID[entry.id] = entry.sourcePath
            guard options.includeDrafts || !entry.isDraft else { continue }
            entries.append(entry)
            for (id, name) in result.unknownEmotions where unknownEmotions[id] == nil { unknownEmotions[id] = name }
        }
        entries.sort(by: Entry.diaryOrder)
        let adHoc = unknownEmotions.keys.sorted().map { id in
            Emotion(id: id, label: unknownEmotions[id] ?? id, emoji: "•", color: "#9aa0a6", isConfigured: false)
        }
        return finish(Diary(config: config, entries: entries, emotions: config.emotions + adHoc), diagnostics, options)
    }

    private func loadConfig() -> (DiaryConfig, [Diagnostic]) {
        let url = root.appendingPathComponent(ConfigLoader.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return (DiaryConfig(), []) }
        switch TextDecoding.decode(data, path: ConfigLoader.fileName) {
        case .success(let text): return ConfigLoader.load(text)
        case .failure(let problem): return (DiaryConfig(), [problem])
        }
    }

    private func finish(_ diary: Diary, _ diagnostics: [Diagnostic], _ options: Options) -> DiaryReadResult {
        let ordered = diagnostics.sortedByLocation()
        return DiaryReadResult(diary: diary, diagnostics: options.strict ? ordered.map(\.promotedToError) : ordered)
    }
}
