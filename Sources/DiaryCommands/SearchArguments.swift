import DiaryReader

/// `daybook search`'s command line, put in the order its parser reads without guessing (SPEC §4):
/// a word that starts with `-` and is not one of the command's options is a word to exclude, as
/// in the search page's box (`daybook search walk -rain`), where the parser alone would read
/// `-rain` as the short options `-r -a -i -n`. A word after `--` is always a word, and a word that
/// starts with `--` is always an option, so that a mistyped `--form` is named (with "did you
/// mean '--from'"), never searched for. An option that takes a value takes the next word whatever
/// it is, as getopt does (`--emotion -_-`).
public enum SearchArguments {
    /// One of the command's options: its spellings (`-n`, `--limit`), and whether it takes a value.
    public struct Option: Equatable, Sendable {
        public var names: [String]
        public var takesValue: Bool

        public init(names: [String], takesValue: Bool) {
            self.names = names
            self.takesValue = takesValue
        }
    }

    /// The options of `daybook search`, as its parser declares them (a test holds the two to each
    /// other): written out, because asking the parser for them (`--experimental-dump-help`'s
    /// description) costs 20 ms of every search in a debug build.
    public static let searchOptions: [Option] = [
        Option(names: ["-C"], takesValue: true), Option(names: ["-n", "--limit"], takesValue: true),
        Option(names: ["--from"], takesValue: true), Option(names: ["--to"], takesValue: true), Option(names: ["--on"], takesValue: true),
        Option(names: ["--tag"], takesValue: true), Option(names: ["--emotion"], takesValue: true),
        Option(names: ["--sort"], takesValue: true), Option(names: ["--format"], takesValue: true),
        Option(names: ["--json"], takesValue: false), Option(names: ["--drafts"], takesValue: false),
        Option(names: ["--version"], takesValue: false), Option(names: ["-h", "--help"], takesValue: false),
    ]

    /// `arguments` (those after `search`) as the options and their values, then `--` and every other
    /// word in the order given. A value goes with its option's long name (`--limit=3`), so that one
    /// starting with `-` stays the option's; an option without a long name keeps its value apart.
    public static func arranged(_ arguments: [String], options: [Option] = searchOptions) -> [String] {
        var optionWords: [String] = []
        var searchWords: [String] = []
        var position = arguments.startIndex
        while position < arguments.endIndex {
            let word = arguments[position]
            position += 1
            if word == "--" {
                searchWords += arguments[position...]
                break
            }
            guard word.hasPrefix("-"), word.count > 1 else {
                searchWords.append(word)
                continue
            }
            let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                if word.hasPrefix("--") { optionWords.append(word) } else { searchWords.append(word) }
                continue
            }
            guard option.takesValue, name == word, position < arguments.endIndex else {
                optionWords.append(word)
                continue
            }
            let value = arguments[position]
            position += 1
            if let long = option.names.first(where: { $0.hasPrefix("--") }) {
                optionWords.append("\(long)=\(value)")
            } else {
                optionWords += [word, value]
            }
        }
        return searchWords.isEmpty ? optionWords : optionWords + ["--"] + searchWords
    }

    /// What to say of `word`, an option the command does not have: `unknown option '--form'; did you mean '--from'?`.
    public static func unknownOptionMessage(_ word: String, options: [Option] = searchOptions) -> String {
        let name = String(word.prefix { $0 != "=" })
        let hint = Suggestion.hint(for: name, among: options.flatMap(\.names).filter { $0.hasPrefix("--") })
        return "unknown option '\(name)'\(hint)"
    }
}
