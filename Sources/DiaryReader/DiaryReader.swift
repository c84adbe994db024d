import DiaryFiles
import DiaryModel
import Foundation

/// What reading a diary folder gave: the diary (possibly partial) and every problem, in order.
public struct DiaryReadResult: Sendable {
    public var diary: Diary
    public var diagnostics: [Diagnostic]
    /// Every file's reading, to pass to the next read.
    public var cache: EntryCache
    /// How many entry files were parsed rather than taken from the cache.
    public var parsedCount = 0

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

    /// Reads the diary. With `cache` (from the previous read), files whose size and modification
    /// time are unchanged are not parsed again, as long as the configuration reading depends on
    /// is the same (`EntryCache.readingKey(for:)`): a change of `base_url` or of the title keeps it.
    /// `files` is a listing of Content/ made just before, to save listing it again, and
    /// `configFile` daybook.yml as the caller already read it.
    public func read(_ options: Options = Options(), cache: EntryCache? = nil, files listed: ContentFiles? = nil,
                     configFile: ConfigFile? = nil) -> DiaryReadResult {
        let configFile = configFile ?? ConfigFile.load(root: root)
        let config = configFile.config
        var diagnostics = configFile.diagnostics
        let readingKey = EntryCache.readingKey(for: config)
        let usableCache = cache?.readingKey == readingKey ? cache : nil
        var newCache = EntryCache(readingKey: readingKey)

        let files: ContentFiles
        do {
            files = try listed ?? ContentFiles.list(root: root)
        } catch {
            diagnostics.append(.error(at: SourceLocation(path: ContentFiles.folderName),
                                      "cannot read the Content/ folder; a diary keeps its entries in Content/ (run 'daybook init' to start one)"))
            return finish(Diary(config: config, entries: [], emotions: config.emotions), diagnostics, options, cache: newCache, parsed: 0)
        }
        newCache.contentPaths = files.pathsHash
        let parser = EntryParser(config: config, files: files)
        let rootPath = root.path
        let entryPaths = files.entryPaths
        let readAt = Int(Date().timeIntervalSince1970 * 1_000_000_000)
        let racyAfter = readAt - EntryCache.racyWindow
        // Kept in memory (`daybook serve`, the next build in this process), the cache holds for
        // files as old as this reading; saved, as old as the save.
        newCache.savedAt = readAt
        let readings = ParallelMap.map(Array(entryPaths.indices)) { position -> (EntryCache.Source?, wasParsed: Bool) in
            let path = entryPaths[position]
            guard let status = files.entryStatuses.isEmpty ? FileStatus.of(rootPath + "/" + path) : files.entryStatuses[position] else {
                return (nil, true)
            }
            if let cached = usableCache?.reusable(path, size: status.size, modified: status.modified, files: files) {
                return (cached, false)
            }
            guard let data = LocalFiles.read(rootPath + "/" + path) else { return (nil, true) }
            let parsed = parser.parse(data, path: path)
            // A file modified within the file system's timestamp granularity of this read could
            // change again with the same size and time: its reading is not reused next time.
            let modified = status.modified >= racyAfter ? -1 : status.modified
            return (EntryCache.source(parsed, at: path, size: status.size, modified: modified, readingKey: readingKey), true)
        }
        var parsed: [ParsedEntry] = []
        parsed.reserveCapacity(entryPaths.count)
        var newlyParsed: [(path: String, source: EntryCache.Source)] = []
        var unreadable = false
        for (path, reading) in zip(entryPaths, readings) {
            guard let source = reading.0 else {
                unreadable = true
                parsed.append(ParsedEntry(entry: nil, unknownEmotions: [:],
                                          diagnostics: [.error(at: SourceLocation(path: path), "cannot read this file")]))
                continue
            }
            if reading.wasParsed { newlyParsed.append((path, source)) }
            parsed.append(source.parsed)
        }
        let parsedCount = readings.count { $0.wasParsed }
        // Most files unchanged (an edit): the last cache with the new readings in place.
        if !unreadable, newlyParsed.count <= entryPaths.count / 4,
           let updated = usableCache?.updated(with: newlyParsed, paths: entryPaths.count, contentPaths: files.pathsHash, readAt: readAt) {
            newCache = updated
        } else {
            newCache.reserveCapacity(entryPaths.count)
            for (path, reading) in zip(entryPaths, readings) {
                if let source = reading.0 { newCache.add(path, source) }
            }
        }

        var entries: [Entry] = []
        entries.reserveCapacity(parsed.count)
        var unknownEmotions: [String: String] = [:]
        // Ids are told apart by their hashes, which need no string kept per entry (at 109,500
        // entries a dictionary of the ids costs 50 ms); only once two hashes meet are the ids
        // themselves kept and compared, from then on.
        var idHashes = Set<Int>(minimumCapacity: parsed.count)
        var ownerOfID: [String: String]?
        for (position, result) in parsed.enumerated() {
            diagnostics += result.diagnostics
            guard let entry = result.entry else { continue }
            if !idHashes.insert(entry.id.hashValue).inserted, ownerOfID == nil {
                ownerOfID = Self.owners(of: parsed[..<position])
            }
            if ownerOfID != nil {
                if let other = ownerOfID?[entry.id] {
                    diagnostics.append(.error(at: SourceLocation(path: entry.sourcePath),
                                              "the entry id '\(entry.id)' is also the id of \(other); rename one of the two files"))
                    continue
                }
                ownerOfID?[entry.id] = entry.sourcePath
            }
            guard options.includeDrafts || !entry.isDraft else { continue }
            entries.append(entry)
            for (id, name) in result.unknownEmotions where unknownEmotions[id] == nil { unknownEmotions[id] = name }
        }
        entries.sort(by: Entry.diaryOrder)
        let adHoc = unknownEmotions.keys.sorted().map { Emotion.placeholder(id: $0, label: unknownEmotions[$0]) }
        return finish(Diary(config: config, entries: entries, emotions: config.emotions + adHoc), diagnostics, options,
                      cache: newCache, parsed: parsedCount)
    }

    /// Entry id → the file of the first entry with that id, of readings whose ids all differ.
    private static func owners(of readings: ArraySlice<ParsedEntry>) -> [String: String] {
        var owners: [String: String] = [:]
        for case let entry? in readings.lazy.map(\.entry) { owners[entry.id] = entry.sourcePath }
        return owners
    }

    private func finish(_ diary: Diary, _ diagnostics: [Diagnostic], _ options: Options, cache: EntryCache, parsed: Int) -> DiaryReadResult {
        let ordered = diagnostics.sortedByLocation()
        return DiaryReadResult(diary: diary, diagnostics: options.strict ? ordered.map(\.promotedToError) : ordered,
                               cache: cache, parsedCount: parsed)
    }
}
