import DiaryImport
import Foundation

/// `daybook import dayone|jrnl|daylio PATH`: the diary's configuration, then the import.
public enum DiaryImportCommand {
    /// Imports the export at `path` (relative to the diary root, as `-C` makes every path) into
    /// the diary at `root`, which must be one (`daybook new` refuses a folder that is not either).
    public static func run(root: URL, format: DiaryImporter.Format, path: String,
                           options: DiaryImporter.Options) throws -> ImportReport {
        let config = try DiaryConfigFile.loadDiary(root: root)
        let url = URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL
        do {
            return try DiaryImporter(root: root, config: config).run(format, from: url, displayName: path, options: options)
        } catch let error as ImportError {
            let location = error.file.map { file in error.line.map { "\(file):\($0):1" } ?? file }
            throw CommandError(error.message, isUsage: error.isUsage, location: location)
        }
    }
}
