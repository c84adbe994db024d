import DiaryReader
import Foundation

/// The `import_id:` of every entry already in `Content/`, wherever it was moved and however it
/// was edited since: how an import recognises what an earlier one wrote.
enum ImportedIDs {
    static let key = "import_id"

    /// Import id → the entry file that has it.
    static func scan(root: URL) -> [String: String] {
        guard let files = try? ContentFiles.list(root: root) else { return [:] }
        var found: [String: String] = [:]
        for path in files.entryPaths {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
                  let id = importID(in: String(decoding: data, as: UTF8.self)) else { continue }
            if found[id] == nil { found[id] = path }
        }
        return found
    }

    /// The `import_id:` line of an entry's front matter, as written by an import.
    static func importID(in text: String) -> String? {
        guard text.contains(key + ":"), let yaml = EntryParser.frontMatter(of: text) else { return nil }
        for line in yaml.split(whereSeparator: \.isNewline) where line.hasPrefix(key + ":") {
            let value = YAMLText.unquoted(line.dropFirst(key.count + 1))
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
