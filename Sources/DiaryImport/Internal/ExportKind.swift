import Foundation

/// Which app wrote an export, told by the marks of each format: a zip or a folder with a journal's
/// JSON is Day One's; JSON whose entries have `creationDate` (or with Day One's `metadata`) is Day
/// One's, and whose entries have `date` and `time` is jrnl's; a CSV whose first line names
/// `full_date` (or `year` and `date`), `time` and `mood` is Daylio's. Asked only when the importer
/// the user chose cannot read an export, to name the one that can: a readable export is never
/// second-guessed.
enum ExportKind {
    static func format(of url: URL) -> DiaryImporter.Format? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            let files = try? ExportFiles(at: url, displayName: url.lastPathComponent)
            return files.map { DayOneExport.journalFiles(in: $0.paths).isEmpty } == false ? .dayOne : nil
        }
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .dayOne }
        if let json = try? JSONSerialization.jsonObject(with: data) { return format(ofJSON: json) }
        return format(ofCSV: data)
    }

    private static func format(ofJSON json: Any) -> DiaryImporter.Format? {
        guard let root = json as? [String: Any] else { return nil }
        if (root["metadata"] as? [String: Any])?["version"] != nil { return .dayOne }
        let first = (root["entries"] as? [[String: Any]])?.first ?? root
        if first["creationDate"] != nil { return .dayOne }
        if first["date"] != nil && (first["time"] != nil || first["body"] != nil) { return .jrnl }
        return nil
    }

    private static func format(ofCSV data: Data) -> DiaryImporter.Format? {
        let firstLine = data.prefix { $0 != UInt8(ascii: "\n") }
        let columns = Set(String(decoding: firstLine, as: UTF8.self)
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\"", "\u{FEFF}"])) })
        let hasDate = columns.contains("full_date") || columns.isSuperset(of: ["year", "date"])
        return hasDate && columns.isSuperset(of: ["time", "mood"]) ? .daylio : nil
    }
}
