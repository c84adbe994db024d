#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's inode and modification time. Adding, removing or renaming anything in a folder
/// gives it a new modification time, so while its stamp holds, the folder holds the same names.
///
/// File times come from a coarse clock: a change in the same tick as a look at the folder would
/// leave its time as it was. A folder changed within `settling` of a look is therefore not
/// trusted by the stamp that look took.
public struct FolderStamp: Equatable, Sendable {
    public var inode: UInt64
    /// Nanoseconds since 1970.
    public var modified: Int

    public init(inode: UInt64, modified: Int) {
        self.inode = inode
        self.modified = modified
    }

    /// How long after a folder's last change its stamp may be trusted, in nanoseconds.
    public static let settling = 2_000_000_000

    /// The stamp in a `stat` result; nil when it is not a folder's.
    public init?(_ info: stat) {
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        self.init(inode: UInt64(info.st_ino), modified: FileStatus.modificationTime(info))
    }

    /// The folder at `path` (relative to the open folder `base`) as it is now; nil when it is
    /// not a folder.
    public static func of(_ path: UnsafePointer<CChar>, in base: Int32) -> FolderStamp? {
        var info = stat()
        guard fstatat(base, path, &info, 0) == 0 else { return nil }
        return FolderStamp(info)
    }
}
