import DiaryFiles
import DiaryModel
import Foundation

/// `daybook.yml` as a build reads it, once: its bytes (for the build's fingerprints) and the
/// configuration they give, with their problems.
public struct ConfigFile: Sendable {
    /// The file's bytes; nil when the diary has no daybook.yml (every default applies).
    public let bytes: [UInt8]?
    public let config: DiaryConfig
    public let diagnostics: [Diagnostic]

    public init(bytes: [UInt8]?) {
        self.bytes = bytes
        guard let bytes else {
            (config, diagnostics) = (DiaryConfig(), [])
            return
        }
        switch TextDecoding.decode(Data(bytes), path: ConfigLoader.fileName) {
        case .success(let text): (config, diagnostics) = ConfigLoader.load(text)
        case .failure(let problem): (config, diagnostics) = (DiaryConfig(), [problem])
        }
    }

    /// Reads the diary's daybook.yml.
    public static func load(root: URL) -> ConfigFile {
        ConfigFile(bytes: LocalFiles.readBytes(root.path + "/" + ConfigLoader.fileName))
    }
}
