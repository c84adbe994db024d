import DiaryIndex
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
import SiteBuilder

/// Where `daybook search` finds its answers: the built site's index when the output folder is up
/// to date with the diary (the page reads exactly those files), else the same index built in
/// memory from Content/. Either way the diary's entries are read at most once, and only when the
/// index is not enough (a search that found nothing names the tags the diary does have).
final class SearchSource {
    let root: URL
    let includeDrafts: Bool
    let engine: SearchEngine
    let isBuiltIndex: Bool
    private var reading: DiaryReadResult?

    /// Opens the index. A `daybook.yml` with an error stops the search with that error: its
    /// emotions, fields and addresses are what the search answers with.
    init(root: URL, includeDrafts: Bool) throws {
        self.root = root
        self.includeDrafts = includeDrafts
        let builder = SiteBuilder(root: root)
        let build = SiteBuilder.Options(includeDrafts: includeDrafts)
        if builder.isUpToDate(build), let sourcePaths = builder.sourcePaths(build) {
            let output = builder.outputFolder(build)
            var engine = try SearchEngine { path in
                FileManager.default.contents(atPath: output.appendingPathComponent(path).path).map { [UInt8]($0) }
            }
            engine.sourcePaths = sourcePaths
            self.engine = engine
            isBuiltIndex = true
            return
        }
        let reading = DiaryReader(root: root).read(.init(includeDrafts: includeDrafts))
        if let problem = reading.diagnostics.first(where: { $0.isError && $0.location.path == ConfigLoader.fileName }) {
            throw CommandError(problem.message, location: problem.location.description)
        }
        let diary = reading.diary
        let files = SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: diary.config.baseURL),
                                       searchFields: diary.config.searchFields).files()
        var engine = try SearchEngine(files: files)
        engine.sourcePaths = Dictionary(diary.entries.map { ($0.id, $0.sourcePath) }, uniquingKeysWith: { first, _ in first })
        self.engine = engine
        self.reading = reading
        isBuiltIndex = false
    }

    /// The diary's configured emotions, to suggest a name from.
    func configuredEmotions() throws -> EmotionCatalog {
        let config = try reading?.diary.config ?? DiaryConfigFile.load(root: root)
        return EmotionCatalog(config.emotions)
    }

    /// The entries searched: read from Content/ the first time they are needed.
    func entries() -> [Entry] {
        if reading == nil { reading = DiaryReader(root: root).read(.init(includeDrafts: includeDrafts)) }
        return reading?.diary.entries ?? []
    }
}
