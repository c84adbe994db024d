import DiaryFiles
import DiaryModel
import Foundation

extension DiaryReader {
    /// The last reading brought up to date for the entry files at `changedPaths` (relative to the
    /// diary root, as a watcher reports them), which alone may have changed since, without looking
    /// at any other file: what `read` would give, for an edit that only changes what entries say.
    ///
    /// The caller guarantees that Content/ holds the same paths as when `last` was read (`files`,
    /// the listing `last` was read among). Nil when an edit changes more than one entry's reading
    /// (its id, moment, draft flag or unknown emotions, which order and name the other entries),
    /// when a file cannot be read or gives no entry, or when its problems are not all its own
    /// (a duplicate id): then only a whole `read` tells.
    public func reread(_ changedPaths: [String], after last: DiaryReadResult, among files: ContentFiles,
                       configFile: ConfigFile, options: Options) -> DiaryReadResult? {
        let config = configFile.config
        guard last.cache.readingKey == EntryCache.readingKey(for: config) else { return nil }
        let rootPath = root.path
        let readAt = Int(Date().timeIntervalSince1970 * 1_000_000_000)
        var result = last
        result.cache.savedAt = readAt
        result.parsedCount = 0
        let parser = EntryParser(config: config, files: files)
        for path in Set(changedPaths).sorted() where ContentFiles.isEntryPath(path) && files.contains(path) {
            guard let old = last.cache.source(path), let oldEntry = old.parsed.entry,
                  let status = FileStatus.of(rootPath + "/" + path), let data = LocalFiles.read(rootPath + "/" + path) else { return nil }
            // As in `read`: a file changed this close to the reading may change again unseen.
            let modified = status.modified >= readAt - EntryCache.racyWindow ? -1 : status.modified
            let source = EntryCache.source(parser.parse(data, path: path), at: path, size: status.size, modified: modified,
                                           readingKey: result.cache.readingKey)
            let parsed = source.parsed
            guard let entry = parsed.entry, entry.id == oldEntry.id, entry.instant == oldEntry.instant,
                  entry.isDraft == oldEntry.isDraft, parsed.unknownEmotions == old.parsed.unknownEmotions,
                  result.diagnostics.lazy.filter({ $0.location.path == path }).count == old.parsed.diagnostics.count else { return nil }
            if options.includeDrafts || !entry.isDraft {
                // Entries are in diary order, and this one keeps its moment and path.
                let position = result.diary.entries.partitioningIndex { !Entry.diaryOrder($0, oldEntry) }
                guard position < result.diary.entries.count, result.diary.entries[position].identity == oldEntry.identity else { return nil }
                result.diary.entries[position] = entry
            }
            result.diagnostics.removeAll { $0.location.path == path }
            result.diagnostics += options.strict ? parsed.diagnostics.map(\.promotedToError) : parsed.diagnostics
            result.cache.replace(path, with: source)
            result.parsedCount += 1
        }
        result.diagnostics = result.diagnostics.sortedByLocation()
        return result
    }
}
