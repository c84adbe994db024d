import DiaryModel
import DiarySearch
import Foundation

/// `daybook search WORDS…`: the same matches as the site's search page, in the same order. It says
/// only what is about the search (SPEC §4): an `--emotion` the diary does not know, a `--tag` no
/// entry has, why nothing matched; the diary's other problems are `check`'s and `build`'s to tell.
public enum DiarySearchCommand {
    /// What a search found.
    public struct Outcome: Sendable {
        public var results: [SearchResult]
        /// When nothing matched, the line that says why (`SearchMiss`); nil otherwise.
        public var nothingFound: String?
        /// True when the answer came from the built site's index rather than from Content/.
        public var usedBuiltIndex: Bool
    }

    /// Searches the built index when the output folder is up to date with the diary (the page
    /// reads exactly those files), or builds the same index in memory from Content/.
    public static func run(root: URL, query: String, limit: Int?, includeDrafts: Bool = false) throws -> Outcome {
        try run(root: root, query: query, options: SearchOptions(limit: limit), includeDrafts: includeDrafts)
    }

    /// `run(root:query:limit:includeDrafts:)` with the command's filters, order and limit. Throws a
    /// usage error for an emotion the diary does not know, and the error of a `daybook.yml` that
    /// cannot be read (the search would not be the site's).
    public static func run(root: URL, query: String, options: SearchOptions, includeDrafts: Bool = false) throws -> Outcome {
        let source = try SearchSource(root: root, includeDrafts: includeDrafts)
        let miss = SearchMiss(source: source, query: query, options: options)
        try miss.checkEmotions()
        let results = try source.engine.search(query, options: options)
        return Outcome(results: results, nothingFound: results.isEmpty ? try miss.explanation() : nil,
                       usedBuiltIndex: source.isBuiltIndex)
    }

    /// The results as `--format md` prints them: each entry in full, as Markdown (its title as a
    /// heading, a line of date, emotion and path, then its Markdown body as written, front matter
    /// and title heading left out), separated by a blank line.
    public static func markdown(_ results: [SearchResult], root: URL) -> String {
        results.map { result in
            let source = (try? String(contentsOf: root.appendingPathComponent(result.path), encoding: .utf8)) ?? ""
            let body = Self.body(ofMarkdown: source, title: result.title)
            return "# \(result.title)\n\n\(result.date) · \(result.emotion) · \(result.path)\n\n\(body)\n"
        }.joined(separator: "\n")
    }

    /// A Markdown file's text after its front matter, without a first `# heading` that is its title.
    static func body(ofMarkdown text: String, title: String) -> String {
        var lines = text.components(separatedBy: "\n")
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---",
           let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }) {
            lines.removeSubrange(0...end)
        }
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        if let first = lines.first, first.hasPrefix("# "), first.dropFirst(2).trimmingCharacters(in: .whitespaces) == title {
            lines.removeFirst()
            while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The results as the `--json` output: `[{id, url, title, date, emotion, path}]`.
    public static func json(_ results: [SearchResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
    }
}
