#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which version of a file is on disk: its inode, size and modification time. Daybook replaces
/// its files by renaming a new one over them, which gives another inode, and a file changed in
/// place gets another time: while the identity holds, so do the bytes read with it.
public struct FileIdentity: Equatable, Sendable {
    public var inode: UInt64
    public var size: Int
    /// Nanoseconds since 1970.
    public var modified: Int

    public init(inode: UInt64, size: Int, modified: Int) {
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    init(_ info: stat) {
        self.init(inode: UInt64(info.st_ino), size: Int(info.st_size), modified: FileStatus.modificationTime(info))
    }

    /// The file at `path` as it is now; nil when there is none.
    public static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }
}
