import BuildSupport
import DiaryModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif

/// Plain POSIX file access for the hot path: Foundation's URL appending asks the disk whether
/// each path is a folder, and that alone cost more than parsing the front matter.
public enum LocalFiles {
    /// The whole file at `path`, or nil when it cannot be read.
    public static func read(_ path: String) -> Data? {
        withOpenFile(path) { descriptor, info in
            let size = Int(info.st_size)
            var data = Data(count: size)
            var total = 0
            let complete = data.withUnsafeMutableBytes { buffer -> Bool in
                while total < buffer.count {
                    let count = systemRead(descriptor, buffer.baseAddress! + total, buffer.count - total)
                    if count < 0 { return false }
                    if count == 0 { break }
                    total += count
                }
                return true
            }
            guard complete else { return nil }
            if total < data.count { data.removeSubrange(total...) }
            return data
        }
    }

    /// The whole file at `path` as bytes, read straight into the array (a state file is tens
    /// of megabytes: no second copy); nil when it cannot be read.
    public static func readBytes(_ path: String) -> [UInt8]? {
        readBytesAndIdentity(path)?.bytes
    }

    /// The same, with the identity of the file the bytes were read from.
    public static func readBytesAndIdentity(_ path: String) -> (bytes: [UInt8], identity: FileIdentity)? {
        withOpenFile(path) { descriptor, info in
            let size = Int(info.st_size)
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                while count < buffer.count {
                    let read = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if read < 0 && errno == EINTR { continue }
                    if read < 0 { failed = true }
                    if read <= 0 { break }
                    count += read
                }
            }
            return failed ? nil : (bytes, FileIdentity(info))
        }
    }

    /// The file at `path` mapped into memory (read-only, private); nil when it cannot be opened
    /// or mapped. Daybook replaces the files it maps by renaming a new file over them, so a
    /// mapping keeps the bytes it was made with.
    public static func map(_ path: String) -> SharedBytes? {
        withOpenFile(path) { descriptor, info in
            let size = Int(info.st_size)
            // mmap refuses an empty length; an empty file needs no mapping.
            guard size > 0 else { return SharedBytes([]) }
            guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
            return SharedBytes(mapping: UnsafeRawBufferPointer(start: base, count: size))
        }
    }

    /// The names in the folder at `path` (relative to the open folder `base`), hidden ones too;
    /// nil when it cannot be listed. One listing answers for thousands of files at the cost of a
    /// few of the lookups it replaces.
    public static func names(inFolderAt path: UnsafePointer<CChar>, relativeTo base: Int32) -> Set<String>? {
        var names = Set<String>()
        let listed = forEachName(inFolderAt: path, relativeTo: base) { names.insert(String(cString: $0.name)) }
        return listed ? names : nil
    }

    /// Calls `body` with each name the listing of the folder at `path` (relative to the open
    /// folder `base`) gives, but `.` and `..`; false when the folder cannot be listed.
    public static func forEachName(inFolderAt path: UnsafePointer<CChar>, relativeTo base: Int32, _ body: (ListedName) -> Void) -> Bool {
        let descriptor = openat(base, path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return false }
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return false
        }
        defer { closedir(directory) }
        while let item = readdir(directory) {
            let listed = ListedName(item)
            if !listed.isDots { body(listed) }
        }
        return true
    }

    /// Runs `body` with the open file at `path` and its size; nil when it cannot be opened.
    private static func withOpenFile<Result>(_ path: String, _ body: (_ descriptor: Int32, _ info: stat) -> Result?) -> Result? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return body(descriptor, info)
    }
}
