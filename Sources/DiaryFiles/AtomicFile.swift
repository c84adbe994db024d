import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

/// A file that could not be written, with the system's reason.
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Writing a file so that a reader sees the old bytes or the new ones, never half of them.
public enum AtomicFile {
    /// Replaces a file through a temporary file and a rename. A file that does not exist yet
    /// is created in place: no reader can see it half written before the build that makes it
    /// finishes, and a build that stops midway leaves it out of the manifest, so the next build
    /// writes it again. That saves a rename per file, which counts on a fresh 28,000-file site.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path) { write in write(bytes) }
    }

    /// Like `write(_:to:)` for bytes made a part at a time: `produce` hands each part to the
    /// function it is given, which writes it at once, so that a file of hundreds of megabytes
    /// is never held whole in memory.
    public static func write(to path: String, parts produce: (_ write: ([UInt8]) -> Void) -> Void) throws {
        let fresh = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if fresh >= 0 {
            let ok = writeAll(produce, to: fresh)
            close(fresh)
            guard ok else {
                let reason = String(cString: strerror(errno))
                unlink(path)
                throw FileWriteError(path: path, reason: reason)
            }
            return
        }
        let temporary = path + temporarySuffix
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
        let ok = writeAll(produce, to: descriptor)
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileWriteError(path: path, reason: reason)
        }
    }

    /// Copies the file at `source` to `path`, atomically as `write` does.
    public static func copy(from source: String, to path: String) throws {
        guard let bytes = LocalFiles.readBytes(source) else {
            throw FileWriteError(path: path, reason: "cannot read \(source)")
        }
        try write(bytes, to: path)
    }

    /// Moves the file at `source` to `path`, replacing any file there in one step (a rename).
    /// Across file systems, where a rename cannot go, the bytes are written as `write` does and
    /// the source removed.
    public static func move(from source: String, to path: String) throws {
        if rename(source, path) == 0 { return }
        guard errno == EXDEV else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
        guard let bytes = LocalFiles.readBytes(source) else { throw FileWriteError(path: path, reason: "cannot read \(source)") }
        try write(bytes, to: path)
        unlink(source)
    }

    /// The ending of the temporary files a replacement goes through (a watcher ignores them).
    public static let temporarySuffix = ".daybook-tmp"

    /// Writes every part `produce` hands over; false (with `errno` set) once one fails, after
    /// which the rest are not written.
    private static func writeAll(_ produce: (_ write: ([UInt8]) -> Void) -> Void, to descriptor: Int32) -> Bool {
        var ok = true
        var failure: Int32 = 0
        produce { bytes in
            guard ok else { return }
            var written = 0
            ok = bytes.withUnsafeBytes { buffer -> Bool in
                while written < buffer.count {
                    let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count <= 0 { return false }
                    written += count
                }
                return true
            }
            if !ok { failure = errno }
        }
        if !ok { errno = failure }
        return ok
    }
}
