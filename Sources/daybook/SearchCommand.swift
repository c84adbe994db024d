import ArgumentParser
import DiaryCommands
import DiarySearch
import Foundation

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print the entries that match every word, best match first: the same answers as the site's search page.",
        discussion: """
            The query language is the search page's: "two words" in quotes match in that order, -word excludes \
            (any word starting with '-' that is not an option of search), #tag, emotion:ID, 2025 and 2025-10 \
            filter, ㅅㅊ matches initial consonants. Exits 1 when nothing matches, 2 for a day that does not \
            exist or an emotion the diary does not know.
            """
    )

    /// How the results are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, md
    }

    @OptionGroup var location: DiaryLocation

    @Argument(parsing: .allUnrecognized,
              help: "Words that must all appear (in any case; part of a word is enough); -word excludes one.")
    var words: [String] = []

    @Option(name: [.customShort("n"), .customLong("limit")], help: "Print at most this many matches.")
    var limit: Int?

    @Option(help: ArgumentHelp("Only entries written on or after this day.", valueName: "YYYY-MM-DD"))
    var from: String?

    @Option(help: ArgumentHelp("Only entries written on or before this day.", valueName: "YYYY-MM-DD"))
    var to: String?

    @Option(help: ArgumentHelp("Only entries written on this day.", valueName: "YYYY-MM-DD"))
    var on: String?

    @Option(help: "Only entries with this tag (repeat it: every tag must match).")
    var tag: [String] = []

    @Option(help: "Only entries with this emotion among theirs (id, label or alias).", completion: .diaryEmotions)
    var emotion: String?

    @Option(help: "rank (best match first) or date (newest first).")
    var sort: SearchOrder = .rank

    @Option(help: "text (one line an entry), json, or md (the entries in full, as Markdown).")
    var format: Format = .text

    @Flag(help: "The same as --format json.")
    var json = false

    @Flag(help: "Search drafts too (as a site built with --drafts does).")
    var drafts = false

    func validate() throws {
        // `Daybook.arranged` put every word to search for after a `--`: what comes before is an
        // option the parser did not know, which `.allUnrecognized` would otherwise collect.
        if let unknown = words.prefix(while: { $0 != "--" }).first {
            throw ValidationError(SearchArguments.unknownOptionMessage(unknown))
        }
        if let limit, limit < 1 { throw ValidationError("-n must be 1 or more") }
        let days: SearchDays
        do {
            days = try SearchDays(from: from, to: to, on: on)
        } catch let error as CommandError {
            throw ValidationError(error.message)
        }
        let hasFilter = !tag.isEmpty || emotion != nil || days.range != nil
        if words.joined().trimmingCharacters(in: .whitespaces).isEmpty, !hasFilter {
            throw ValidationError("give at least one word or filter to search for")
        }
    }

    private func options() throws -> SearchOptions {
        SearchOptions(order: sort, tags: tag, emotions: emotion.map { [$0] } ?? [],
                      dates: try SearchDays(from: from, to: to, on: on).range, limit: limit)
    }

    func run() throws {
        // `Daybook.arranged` put the words after a `--`, which ends the options.
        let query = words.filter { $0 != "--" }.joined(separator: " ")
        let outcome = try DiarySearchCommand.run(root: location.root, query: query, options: options(), includeDrafts: drafts)
        switch json ? .json : format {
        case .json: print(try DiarySearchCommand.json(outcome.results))
        case .md: if !outcome.results.isEmpty { print(DiarySearchCommand.markdown(outcome.results, root: location.root), terminator: "") }
        case .text: for result in outcome.results { print(result.line) }
        }
        if let nothingFound = outcome.nothingFound {
            StandardError.print(nothingFound)
            throw ExitCode.failure
        }
    }
}

extension SearchOrder: ExpressibleByArgument {}
