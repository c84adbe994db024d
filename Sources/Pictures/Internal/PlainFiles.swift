import DiaryFiles
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX file access: whole files read straight into an array, and the facts that tell whether a
/// file changed since it was last hashed.
enum PlainFiles {
    /// What changes when a file is edited or replaced. Equal identities mean the same bytes, as far
    /// as `make` and rsync trust it; a content hash backs it wherever bytes are read.
    struct Identity: Hashable {
        var size: Int
        var modified: Int  // nanoseconds since 1970
        var inode: UInt64
    }

    /// Throws a `PictureError` when there is no file at `path`.
    static func identity(_ path: String) throws(PictureError) -> Identity {
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure("cannot read picture") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw PictureError(.unavailable("cannot read picture: not a file")) }
        return Identity(size: Int(info.st_size), modified: FileStatus.modificationTime(info), inode: UInt64(info.st_ino))
    }

    /// The whole file, or nil when it cannot be read (`errno` tells why).
    static func read(_ path: String) -> [UInt8]? {
        LocalFiles.readBytes(path)
    }

    /// Writes a new file (replacing any), as every Daybook file is written (`AtomicFile`).
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch let error as FileWriteError {
            throw PictureError(.unavailable("cannot write '\(path)': \(error.reason.lowercased())"))
        }
    }

    /// `what: <the system's reason>`, from `errno`, in lower case.
    static func failure(_ what: String) -> PictureError {
        PictureError(.unavailable("\(what): \(String(cString: strerror(errno)).lowercased())"))
    }
}
