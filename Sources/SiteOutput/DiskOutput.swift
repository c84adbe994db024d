import DiaryFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output as a folder on disk: one system call (or `AtomicFile`'s few) per change, so that
/// an edit of a large diary touches no more than the files that changed.
package struct DiskOutput: OutputStore {
    package let folder: OutputFolder
    /// The folder's path, which every file's path starts with.
    private let base: String

    package init(_ folder: OutputFolder) {
        self.folder = OutputFolder(url: folder.url)
        base = folder.url.path
    }

    package func prepare(clean: Bool) throws {
        try folder.prepare(clean: clean)
    }

    package func filePaths() -> [String] {
        (FileStatus.list(base) ?? []).map(\.path)
    }

    package func makeFolder(_ path: String) throws {
        guard mkdir(base + "/" + path, 0o755) == 0 || errno == EEXIST else {
            throw FileWriteError(path: base, reason: "\(path): \(String(cString: strerror(errno)))")
        }
    }

    package func write(_ bytes: [UInt8], to path: String) throws {
        try AtomicFile.write(bytes, to: base + "/" + path)
    }

    package func copy(from source: String, to path: String) throws {
        try AtomicFile.copy(from: source, to: base + "/" + path)
    }

    package func move(from staged: String, to path: String) throws {
        try AtomicFile.move(from: staged, to: base + "/" + path)
    }

    package func contains(_ path: String) -> Bool {
        var info = stat()
        return stat(base + "/" + path, &info) == 0
    }

    package func read(_ path: String) -> [UInt8]? {
        LocalFiles.readBytes(base + "/" + path)
    }

    package func remove(_ path: String) -> Bool {
        unlink(base + "/" + path) == 0 || errno == ENOENT
    }

    package func removeFolderIfEmpty(_ path: String) -> Bool {
        // rmdir only removes empty folders: anything else someone put there stays.
        rmdir(base + "/" + path) == 0
    }

    package func removeEmptyFolders() {
        folder.removeEmptyFolders()
    }
}
