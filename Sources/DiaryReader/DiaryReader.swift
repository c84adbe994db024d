import BuildSupport
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
    /// The pictures named by entry files that gave no entry, which a check looks at all the same.
    public var picturesWithoutEntry: [PictureUse] = []

    /// Every picture the diary's files name that exists: its entries' and those of files that gave no entry.
    public var pictureUses: [PictureUse] { diary.entries.flatMap(PictureUse.of) + picturesWithoutEntry }

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

        let files: ContentFiles
        do {
            files = try listed ?? ContentFiles.list(root: root)
        } catch {
            diagnostics.append(.error(at: SourceLocation(path: ContentFiles.folderName),
                                      "cannot read the Content/ folder; a diary keeps its entries in Content/ (run 'daybook init' to start one)"))
            return finish(Diary(config: config, entries: [], emotions: config.emotions), diagnostics, options, cache: EntryCache(readingKey: readingKey), parsed: 0)
        }
        let parser = EntryParser(config: config, files: files)
        let rootPath = root.path
        let entryPaths = files.entryPaths
        let readAt = Int(Date().timeIntervalSince1970 * 1_000_000_000)
        let racyAfter = readAt - EntryCache.racyWindow
        var readings = ParallelMap.map(Array(entryPaths.indices)) { position -> (EntryCache.Source?, wasParsed: Bool) in
            let path = entryPaths[position]
            guard let status = files.entryStatuses.isEmpty ? FileStatus.of(rootPath + "/" + path) : files.entryStatuses[position] else {
                return (nil, true)
            }
            if let cached = usableCache?.reusable(path, at: position, size: status.size, modified: status.modified, files: files) {
                return (cached, false)
            }
            guard let data = LocalFiles.read(rootPath + "/" + path) else { return (nil, true) }
            let parsed = parser.parse(data, path: path)
            // A file modified within the file system's timestamp granularity of this read could
            // change again with the same size and time: its reading is not reused next time.
            let modified = status.modified >= racyAfter ? -1 : status.modified
            return (EntryCache.source(parsed, at: path, size: status.size, modified: modified, readingKey: readingKey), true)
        }
        var newlyParsed: [(path: String, source: EntryCache.Source, position: Int)] = []
        var unreadable = false
        for position in readings.indices where readings[position].wasParsed {
            if let source = readings[position].0 { newlyParsed.append((entryPaths[position], source, position)) } else { unreadable = true }
        }
        // Kept in memory (`daybook serve`, the next build in this process), the cache holds for
        // files as old as this reading; saved, as old as the save.
        let newCache: EntryCache
        // Most files unchanged (an edit): the last cache with the new readings in place.
        if !unreadable, newlyParsed.count <= entryPaths.count / 4,
           let updated = usableCache?.updated(with: newlyParsed, paths: entryPaths.count, contentPaths: files.pathsHash, readAt: readAt) {
            newCache = updated
        } else {
            let kept = entryPaths.indices.compactMap { position in readings[position].0.map { (entryPaths[position], $0) } }
            newCache = EntryCache(readingKey: readingKey, readings: kept, savedAt: readAt, contentPaths: files.pathsHash)
        }

        let parsedCount = readings.count { $0.wasParsed }
        var gathered = GatheredEntries.gather(readings, paths: entryPaths, includeDrafts: options.includeDrafts)
        // Letting go of the readings releases each one's parts, a read of each entry's memory: on
        // another core, beside what follows (the cache and the entries hold the same parts).
        DispatchQueue.global().async { [readings] in withExtendedLifetime(readings) {} }
        readings = []
        diagnostics += gathered.diagnostics
        gathered.entries.sort(by: Entry.diaryOrder)
        let adHoc = gathered.unknownEmotions.keys.sorted().map { Emotion.placeholder(id: $0, label: gathered.unknownEmotions[$0]) }
        var result = finish(Diary(config: config, entries: gathered.entries, emotions: config.emotions + adHoc), diagnostics, options,
                            cache: newCache, parsed: parsedCount)
        result.picturesWithoutEntry = gathered.picturesWithoutEntry
        return result
    }

    private func finish(_ diary: Diary, _ diagnostics: [Diagnostic], _ options: Options, cache: EntryCache, parsed: Int) -> DiaryReadResult {
        let ordered = diagnostics.sortedByLocation()
        return DiaryReadResult(diary: diary, diagnostics: options.strict ? ordered.map(\.promotedToError) : ordered,
                               cache: cache, parsedCount: parsed)
    }
}
