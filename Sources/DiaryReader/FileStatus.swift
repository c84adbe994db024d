import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Name, size and modification time of files, read with plain POSIX calls (fast for the
/// tens of thousands of files a diary and its site hold).
public struct FileStatus: Equatable, Sendable {
    /// Relative to the folder listed (or as given to `of`).
    public var path: String
    public var size: Int
    /// Nanoseconds since 1970.
    public var modified: Int

    /// Every file below `folder` (hidden ones skipped), sorted by path; nil when it cannot be read.
    public static func list(_ folder: String) -> [FileStatus]? {
        var found: [FileStatus] = []
        guard collect(folder, prefix: "", into: &found) else { return nil }
        return found.sorted { $0.path < $1.path }
    }

    public static func of(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(path: path, size: Int(info.st_size), modified: modificationTime(info))
    }

    private static func modificationTime(_ info: stat) -> Int {
        #if canImport(Darwin)
        return Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
        return Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
    }

    private static func collect(_ folder: String, prefix: String, into found: inout [FileStatus]) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                _ = collect(path, prefix: prefix + name + "/", into: &found)
            } else {
                found.append(FileStatus(path: prefix + name, size: Int(info.st_size), modified: modificationTime(info)))
            }
        }
        return true
    }
}
