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

    /// Reads the diary's daybook.yml. The same bytes as the last read give the same configuration,
    /// not parsed again: `daybook build` reads the file to know whether to encrypt, then to build.
    public static func load(root: URL) -> ConfigFile {
        let bytes = LocalFiles.readBytes(root.path + "/" + ConfigLoader.fileName)
        if let last = lock.withLock({ lastRead }), last.bytes == bytes { return last }
        let file = ConfigFile(bytes: bytes)
        lock.withLock { lastRead = file }
        return file
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var lastRead: ConfigFile?
}
