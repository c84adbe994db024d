import DiaryModel
import DiaryReader
import Foundation

/// The diary's `daybook.yml` for commands that write entries: defaults when there is none, and
/// a command error (not a half-read configuration) when it has an error.
enum DiaryConfigFile {
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
