import DiaryIndex
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
import SiteBuilder

/// `daybook search WORDS…`: the same matches as the site's search page, newest first.
public enum DiarySearchCommand {
    /// What a search found, and the problems met reading the diary when it was read directly.
    public struct Outcome: Sendable {
        public var results: [SearchResult]
        public var diagnostics: [Diagnostic]
        /// True when the answer came from the built site's index rather than from Content/.
        public var usedBuiltIndex: Bool
    }

    /// Searches the built index when the output folder is up to date with the diary (the page
    /// reads exactly those files), or builds the same index in memory from Content/.
    public static func run(root: URL, query: String, limit: Int?, includeDrafts: Bool = false) throws -> Outcome {
        let builder = SiteBuilder(root: root)
        let options = SiteBuilder.Options(includeDrafts: includeDrafts)
        if builder.isUpToDate(options), let sourcePaths = builder.sourcePaths(options) {
            let output = builder.outputFolder(options)
            var engine = try SearchEngine { path in
                FileManager.default.contents(atPath: output.appendingPathComponent(path).path).map { [UInt8]($0) }
            }
            engine.sourcePaths = sourcePaths
            return Outcome(results: try engine.search(query, limit: limit), diagnostics: [], usedBuiltIndex: true)
        }
        let reading = DiaryReader(root: root).read(.init(includeDrafts: includeDrafts))
        let diary = reading.diary
        let files = SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: diary.config.baseURL),
                                       searchFields: diary.config.searchFields).files()
        var engine = try SearchEngine(files: files)
        engine.sourcePaths = Dictionary(diary.entries.map { ($0.id, $0.sourcePath) }, uniquingKeysWith: { first, _ in first })
        return Outcome(results: try engine.search(query, limit: limit), diagnostics: reading.diagnostics, usedBuiltIndex: false)
    }

    /// The results as the `--json` output: `[{id, url, title, date, emotion, path}]`.
    public static func json(_ results: [SearchResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
    }
}
