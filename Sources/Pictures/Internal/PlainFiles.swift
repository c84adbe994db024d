import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#else
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
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
        #if canImport(Darwin)
        let modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
        return Identity(size: Int(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }

    /// The whole file, or nil when it cannot be read (`errno` tells why).
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, count in
            while count < buffer.count {
                let done = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if done < 0 && errno == EINTR { continue }
                if done < 0 { failed = true }
                if done <= 0 { break }
                count += done
            }
        }
        return failed ? nil : bytes
    }

    /// Writes a new file (replacing any); throws the system's reason.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot write '\(path)'") }
        defer { close(descriptor) }
        var written = 0
        try bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let done = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if done < 0 && errno == EINTR { continue }
                guard done > 0 else { throw failure("cannot write '\(path)'") }
                written += done
            }
        }
    }

    /// `what: <the system's reason>`, from `errno`, in lower case.
    static func failure(_ what: String) -> PictureError {
        PictureError(.unavailable("\(what): \(String(cString: strerror(errno)).lowercased())"))
    }
}
