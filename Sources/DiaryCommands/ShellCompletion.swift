import DiaryModel
import DiaryReader
import Foundation

/// The diary's own names for a shell's TAB: its emotions after `--emotion`, its deploy targets
/// after `daybook deploy`. The shell hands over the command line as typed, so the diary is the
/// one its `-C DIR` names (else the current folder), and its `daybook.yml` is read as far as it
/// can be: a completion never prints an error into the line being typed.
public enum ShellCompletion {
    /// The ids of the diary's emotions, in daybook.yml's order, that start with `prefix`.
    public static func emotionIDs(commandLine words: [String], prefix: String,
                                  currentFolder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> [String] {
        config(commandLine: words, currentFolder: currentFolder).emotions.map(\.id).filter { $0.hasPrefix(prefix) }
    }

    /// The names of daybook.yml's deploy targets, in its order, that start with `prefix`.
    public static func deployTargetNames(commandLine words: [String], prefix: String,
                                         currentFolder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> [String] {
        config(commandLine: words, currentFolder: currentFolder).deployTargets.map(\.name).filter { $0.hasPrefix(prefix) }
    }

    /// The configuration of the diary the command line names.
    static func config(commandLine words: [String], currentFolder: URL) -> DiaryConfig {
        let root = diaryFolder(commandLine: words, currentFolder: currentFolder)
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(ConfigLoader.fileName).path) else {
            return DiaryConfig()
        }
        return ConfigLoader.load(String(decoding: data, as: UTF8.self)).config
    }

    /// The folder of the last `-C DIR` on the command line (as a shell word: quotes and a
    /// leading `~/` undone), relative to `currentFolder`; else `currentFolder`.
    static func diaryFolder(commandLine words: [String], currentFolder: URL) -> URL {
        guard let flag = words.lastIndex(of: "-C"), flag + 1 < words.count else { return currentFolder }
        var path = unquoted(words[flag + 1])
        if path == "~" || path.hasPrefix("~/") {
            path = FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
        }
        return (path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentFolder.appendingPathComponent(path)).standardizedFileURL
    }

    /// A shell word's text: surrounding quotes taken off, backslash escapes undone.
    static func unquoted(_ word: String) -> String {
        if word.count >= 2, let quote = word.first, quote == "'" || quote == "\"", word.last == quote {
            return String(word.dropFirst().dropLast())
        }
        var text = ""
        var escaped = false
        for character in word {
            if character == "\\" && !escaped {
                escaped = true
                continue
            }
            text.append(character)
            escaped = false
        }
        return text
    }
}
