import DiaryModel
import DiaryReader
import Foundation

/// The diary's `daybook.yml` for commands that write entries: defaults when there is none, and
/// a command error (not a half-read configuration) when it has an error.
enum DiaryConfigFile {
    /// The configuration of the diary at `root`, for a command that writes entries into it. A
    /// folder with neither `daybook.yml` nor `Content/` is not a diary: a usage error, rather
    /// than a `Content/` made wherever the command happened to run.
    static func loadDiary(root: URL) throws -> DiaryConfig {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: root.appendingPathComponent(ConfigLoader.fileName).path)
                || fileManager.fileExists(atPath: root.appendingPathComponent(ContentFiles.folderName).path) else {
            throw CommandError("\(root.path) is not a diary (it has no \(ConfigLoader.fileName) and no \(ContentFiles.folderName)/ folder); "
                               + "start one with 'daybook init', or name your diary's folder with -C DIR", isUsage: true)
        }
        return try load(root: root)
    }

    static func load(root: URL) throws -> DiaryConfig {
        let url = root.appendingPathComponent(ConfigLoader.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return DiaryConfig() }
        let (config, diagnostics) = ConfigLoader.load(String(decoding: data, as: UTF8.self))
        if let problem = diagnostics.first(where: \.isError) {
            throw CommandError("\(problem.location): \(problem.message)")
        }
        return config
    }
}
