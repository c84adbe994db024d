import BuildSupport
import DiaryModel
import DiaryReader
import Foundation

/// jrnl's JSON export (`jrnl --export json`, or `--format json` in jrnl 4): an object with
/// `tags` (name → count) and `entries`, each with `title`, `body`, `date` (`YYYY-MM-DD`) and
/// `time` (`HH:MM`) on the writer's own clock, `tags` (with their `@`), `starred`, and a `uuid`
/// for journals that came from Day One. A one-entry file (`--export json -o folder/`) is the
/// entry object itself.
enum JrnlExport {
    static func entries(fromJSON data: Data, file: String) throws -> [ImportedEntry] {
        let list: [JSONFields]
        do {
            guard let root = try JSONFields.parse(data) as? [String: Any] else {
                throw JSONFields.Mismatch(message: "expected an object with 'entries', as 'jrnl --export json' writes")
            }
            let journal = JSONFields(root)
            if journal.object["entries"] != nil {
                list = try journal.list("entries")
            } else if journal.object["date"] != nil && journal.object["title"] != nil {
                list = [journal]
            } else {
                throw JSONFields.Mismatch(message: "no 'entries' list; export the journal with 'jrnl --export json'")
            }
        } catch let problem as JSONFields.Mismatch {
            throw ImportError(file: file, problem.message)
        }
        var entries: [ImportedEntry] = []
        var seen: [String: Int] = [:]
        for (index, fields) in list.enumerated() {
            do {
                var entry = try self.entry(fields)
                // Entries without a uuid are told apart by time and title; a second entry with
                // both the same gets `#2`, in the order of the export.
                seen[entry.importID, default: 0] += 1
                if let count = seen[entry.importID], count > 1 { entry.importID += "#\(count)" }
                entries.append(entry)
            } catch let problem as JSONFields.Mismatch {
                throw ImportError(file: file, "entry \(index + 1): \(problem.message)")
            }
        }
        return entries
    }

    private static func entry(_ fields: JSONFields) throws -> ImportedEntry {
        let dateText = try fields.requiredString("date")
        let timeText = try fields.string("time") ?? "00:00"
        let local: LocalDateTime
        switch EntryDate.parse("\(dateText) \(timeText)") {
        case .success(let date) where date.utcOffsetSeconds == nil:
            local = date.wallClock
        case .success:
            throw JSONFields.Mismatch(message: "the time \"\(timeText)\" must be HH:MM")
        case .failure(let problem):
            throw JSONFields.Mismatch(message: problem.message(for: "\(dateText) \(timeText)"))
        }
        let title = (try fields.string("title") ?? "").trimmed
        let body = try fields.string("body") ?? ""
        let tags = try fields.strings("tags").map(tagName).filter { !$0.isEmpty }
        var extra: [EntryFileText.Field] = []
        if try fields.bool("starred") == true { extra.append(.init("starred", .flag(true))) }
        let importID: String
        if let uuid = try fields.string("uuid"), !uuid.isEmpty {
            importID = "jrnl:\(uuid)"
        } else {
            var hasher = StableHasher()
            hasher.combine(title)
            importID = "jrnl:\(local) \(String(hasher.value, radix: 16))"
        }
        return ImportedEntry(label: ImportedEntry.label(local, title), importID: importID, local: local,
                             title: title.isEmpty ? nil : title, body: body, tags: tags, extra: extra)
    }

    /// `@walk` → `walk`: jrnl keeps the tag symbol (`@` unless configured otherwise) in the name.
    static func tagName(_ tag: String) -> String {
        String(tag.trimmed.drop { !$0.isLetter && !$0.isNumber })
    }
}
