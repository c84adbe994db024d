import DiaryModel
import DiaryReader
import DiarySearch

/// What `daybook search` says when its filters name nothing the diary has, or when nothing
/// matched (SPEC §4): an unknown `--emotion` is a usage error worded as `check` words it; a
/// `--tag` no entry has is said so, with the diary's nearest tag; otherwise the search as asked.
struct SearchMiss {
    let source: SearchSource
    let query: String
    let options: SearchOptions

    /// How many of the most used tags to name when none is near the one asked for.
    static let namedTags = 5

    /// Throws a usage error for an emotion none of the diary's answers to (by id, label or alias;
    /// an emotion only an entry gave itself counts, as its page exists).
    func checkEmotions() throws {
        for name in options.emotions where source.engine.emotionID(named: name) == nil {
            throw CommandError(try source.configuredEmotions().unknownNameMessage(name), isUsage: true)
        }
    }

    /// The line that says why nothing matched.
    func explanation() throws -> String {
        for tag in options.tags where try !source.engine.hasTag(tag) {
            return "no entry has the tag '\(tag)'" + tagHint(for: tag)
        }
        return "no entry matches " + askedFor.joined(separator: " ")
    }

    /// `; did you mean 'walk'?` when a tag of the diary is near `name`, else the most used ones.
    private func tagHint(for name: String) -> String {
        let tags = TagUse(source.entries())
        if let near = Suggestion.closest(to: name, among: tags.names) { return "; did you mean '\(near)'?" }
        guard !tags.names.isEmpty else { return "; no entry has a tag" }
        let most = tags.mostUsed.prefix(Self.namedTags)
        return "; the most used tags are " + most.joined(separator: ", ") + (tags.names.count > most.count ? ", …" : "")
    }

    /// The query and filters, as the command line gives them.
    private var askedFor: [String] {
        var parts = query.isEmpty ? [] : ["'\(query)'"]
        parts += options.tags.map { "--tag \($0)" } + options.emotions.map { "--emotion \($0)" }
        if let days = options.dates {
            if days.lowerBound == days.upperBound {
                parts.append("--on \(days.lowerBound)")
            } else {
                if days.lowerBound != SearchDays.earliest { parts.append("--from \(days.lowerBound)") }
                if days.upperBound != SearchDays.latest { parts.append("--to \(days.upperBound)") }
            }
        }
        return parts
    }
}

/// The tags entries use, each by its first spelling (tags are one by slug), and how often.
private struct TagUse {
    private(set) var names: [String] = []
    private var counts: [Int] = []

    init(_ entries: [Entry]) {
        var indexOfSlug: [String: Int] = [:]
        for tag in entries.lazy.flatMap(\.tags) {
            let slug = Slug.make(from: tag)
            if let index = indexOfSlug[slug] {
                counts[index] += 1
            } else {
                indexOfSlug[slug] = names.count
                names.append(tag)
                counts.append(1)
            }
        }
    }

    /// The names, most used first (ties in the order first used).
    var mostUsed: [String] {
        names.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }.map { names[$0] }
    }
}
