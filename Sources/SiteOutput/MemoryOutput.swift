import DiaryFiles
import Foundation

/// The output as a site held in memory: path → bytes, for a build whose files are served or
/// compared rather than published (as Zola's `serve` renders into memory). Folders are implied by
/// the files' paths. Safe to write from several threads at once, as the writer does.
///
/// `daybook serve` still builds into its folder: on a one-entry edit of a 10,950-entry diary
/// (about 31 files written of 31,049), its write and finish steps take 0.19–0.27 s, of which the
/// folder's own work (30 `mkdir`, 31 replacements, 2.4 MB) is about 8 ms; the rest is the
/// manifest's bookkeeping, which memory would not spare, while the site would take 322 MB of it.
package final class MemoryOutput: OutputStore, @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var filesByPath: [String: [UInt8]] = [:]

    package init() {}

    /// Every file the output holds now (path → bytes).
    package var files: [String: [UInt8]] {
        lock.withLock { filesByPath }
    }

    package func prepare(clean: Bool) throws {
        // Nothing in memory can be someone else's files: only emptied, when asked.
        if clean { lock.withLock { filesByPath.removeAll() } }
    }

    package func filePaths() -> [String] {
        lock.withLock { Array(filesByPath.keys) }
    }

    package func makeFolder(_ path: String) throws {}

    package func write(_ bytes: [UInt8], to path: String) throws {
        lock.withLock { filesByPath[path] = bytes }
    }

    package func copy(from source: String, to path: String) throws {
        try write(Self.bytes(of: source), to: path)
    }

    package func move(from staged: String, to path: String) throws {
        try write(Self.bytes(of: staged), to: path)
        unlink(staged)
    }

    package func contains(_ path: String) -> Bool {
        lock.withLock { filesByPath[path] != nil }
    }

    package func read(_ path: String) -> [UInt8]? {
        lock.withLock { filesByPath[path] }
    }

    package func remove(_ path: String) -> Bool {
        lock.withLock { _ = filesByPath.removeValue(forKey: path) }
        return true
    }

    package func removeFolderIfEmpty(_ path: String) -> Bool { false }

    package func removeEmptyFolders() {}

    /// The bytes of a file on disk that a build copies or moves into the output.
    private static func bytes(of source: String) throws -> [UInt8] {
        guard let bytes = LocalFiles.readBytes(source) else { throw FileWriteError(path: source, reason: "cannot be read") }
        return bytes
    }
}
