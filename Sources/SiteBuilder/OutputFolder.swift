import DiaryModel
import DiaryReader
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

/// The folder a site is written into, and the rules that keep a diary safe from it:
/// never inside or around Content/ and Templates/, never the diary itself, and never emptied
/// unless Daybook made it (it carries the `.daybook-output` mark).
struct OutputFolder {
    static let marker = ".daybook-output"
    static let stateFolder = ".daybook"
    static let manifestName = "manifest.tsv"

    let url: URL

    /// Refuses an output folder that would touch the diary's own files (SPEC §5).
    static func validate(_ output: URL, root: URL) throws {
        let outputPath = output.standardizedFileURL.resolvingSymlinksInPath().path
        let rootPath = root.standardizedFileURL.resolvingSymlinksInPath().path
        func isSame(_ a: String, _ b: String) -> Bool { a == b }
        func isInside(_ inner: String, _ outer: String) -> Bool { inner.hasPrefix(outer == "/" ? "/" : outer + "/") }
        if isSame(outputPath, rootPath) || isInside(rootPath, outputPath) {
            throw BuildError.refusedOutput("the output folder \(outputPath) is the diary folder or holds it; choose a folder such as Output/")
        }
        for protected in ["Content", "Templates"] {
            let path = root.appendingPathComponent(protected).standardizedFileURL.resolvingSymlinksInPath().path
            if isSame(outputPath, path) || isInside(outputPath, path) || isInside(path, outputPath) {
                throw BuildError.refusedOutput("the output folder \(outputPath) is, holds or is inside \(protected)/; Daybook never writes there")
            }
        }
    }

    /// Makes the folder ready to write into: creates and marks it, or checks that Daybook may
    /// write there. With `clean`, empties a marked folder first.
    func prepare(clean: Bool) throws {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = fileManager.fileExists(atPath: url.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue {
            throw BuildError.refusedOutput("\(url.path) is a file, not a folder")
        }
        let marked = fileManager.fileExists(atPath: url.appendingPathComponent(Self.marker).path)
        if clean {
            guard exists else { return try create() }
            guard marked else {
                throw BuildError.refusedOutput("--clean empties only a folder Daybook made (it holds \(Self.marker)); \(url.path) does not, so nothing was deleted")
            }
            for name in try fileManager.contentsOfDirectory(atPath: url.path) where name != Self.marker {
                try fileManager.removeItem(at: url.appendingPathComponent(name))
            }
            return
        }
        if !exists { return try create() }
        if marked { return }
        // A folder with only placeholders (.gitkeep) counts as empty; anything else may be someone's files.
        let names = try fileManager.contentsOfDirectory(atPath: url.path)
        guard names.allSatisfy({ $0.hasPrefix(".") && $0 != Self.stateFolder }) else {
            throw BuildError.refusedOutput("\(url.path) already holds files Daybook did not write; choose an empty or new folder")
        }
        try create()
    }

    private func create() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("This folder is written by Daybook. Its files are replaced on every build.\n".utf8)
            .write(to: url.appendingPathComponent(Self.marker))
    }

    // MARK: - The manifest: what the last build wrote

    /// Output path → a fingerprint of the bytes (or of the copied file) the last build wrote,
    /// or nil when the manifest is missing or damaged.
    func readManifest() -> [String: String]? {
        guard let data = FileManager.default.contents(atPath: url.appendingPathComponent("\(Self.stateFolder)/\(Self.manifestName)").path) else {
            return nil
        }
        var manifest: [String: String] = [:]
        let bytes = [UInt8](data)
        var lineStart = 0
        // Lines are "<fingerprint>\t<path>\n"; split on bytes, as String splitting is slow here.
        while lineStart < bytes.count {
            guard let tab = bytes[lineStart...].firstIndex(of: 0x09),
                  let end = bytes[tab...].firstIndex(of: 0x0A) else { return nil }
            let fingerprint = String(decoding: bytes[lineStart..<tab], as: UTF8.self)
            guard fingerprint.hasPrefix("b:") || fingerprint.hasPrefix("c:") else { return nil }
            manifest[String(decoding: bytes[(tab + 1)..<end], as: UTF8.self)] = fingerprint
            lineStart = end + 1
        }
        return manifest
    }

    /// Every file in the folder but Daybook's own bookkeeping, with a fingerprint nothing matches.
    func filesWithUnknownContent() -> [String: String] {
        var files: [String: String] = [:]
        for file in FileStatus.list(url.path) ?? [] { files[file.path] = "unknown" }
        return files
    }

    /// What became of the files the last build wrote: how many the manifest lists, and which of
    /// them are no longer in the folder; nil without a readable manifest.
    /// Reads the manifest as bytes and asks the folder for each name directly: on a
    /// nothing-changed build of a large diary these tens of thousands of lookups are most of the work.
    func manifestFiles() -> (count: Int, missing: Set<String>)? {
        guard let data = FileManager.default.contents(atPath: url.appendingPathComponent("\(Self.stateFolder)/\(Self.manifestName)").path) else {
            return nil
        }
        let bytes = [UInt8](data)
        var paths: [Range<Int>] = []
        var lineStart = 0
        while lineStart < bytes.count {
            guard let tab = bytes[lineStart...].firstIndex(of: 0x09), let end = bytes[tab...].firstIndex(of: 0x0A),
                  tab - lineStart >= 2, bytes[lineStart + 1] == UInt8(ascii: ":") else { return nil }
            paths.append(tab + 1..<end)
            lineStart = end + 1
        }
        // In path order, files of one folder are looked up one after the other, which the
        // kernel's caches answer a third faster than the manifest's own order.
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            paths.sort { a, b in
                let order = memcmp(base + a.lowerBound, base + b.lowerBound, min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        let folder = open(url.path, O_RDONLY | O_DIRECTORY)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        let batches = stride(from: 0, to: paths.count, by: 512).map { $0..<min(paths.count, $0 + 512) }
        let missing = ParallelMap.map(batches, chunkSize: 1) { batch -> [String] in
            var name = [CChar](repeating: 0, count: 4096)
            var info = stat()
            var missing: [String] = []
            for range in paths[batch] {
                let path = bytes[range]
                guard range.count < name.count else {
                    missing.append(String(decoding: path, as: UTF8.self))
                    continue
                }
                name.withUnsafeMutableBufferPointer { target in
                    path.withUnsafeBufferPointer { UnsafeMutableRawPointer(target.baseAddress!).copyMemory(from: $0.baseAddress!, byteCount: range.count) }
                    target[range.count] = 0
                }
                if fstatat(folder, name, &info, 0) != 0 { missing.append(String(decoding: path, as: UTF8.self)) }
            }
            return missing
        }
        return (paths.count, Set(missing.joined()))
    }

    func saveManifest(_ manifest: [String: String]) throws {
        var text: [UInt8] = []
        text.reserveCapacity(manifest.count * 64)
        // In no particular order: sorting tens of thousands of paths would cost more than writing them.
        for path in manifest.keys {
            text += manifest[path]!.utf8
            text.append(0x09)
            text += path.utf8
            text.append(0x0A)
        }
        try FileManager.default.createDirectory(at: url.appendingPathComponent(Self.stateFolder), withIntermediateDirectories: true)
        try AtomicFile.write(text, to: url.appendingPathComponent("\(Self.stateFolder)/\(Self.manifestName)").path)
    }
}

/// Writing a file so that a reader sees the old bytes or the new ones, never half of them.
enum AtomicFile {
    /// Replaces a file through a temporary file and a rename. A file that does not exist yet
    /// is created in place: no reader can see it half written before the build that makes it
    /// finishes, and a build that stops midway leaves it out of the manifest, so the next build
    /// writes it again. That saves a rename per file, which counts on a fresh 28,000-file site.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let fresh = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if fresh >= 0 {
            let ok = writeAll(bytes, to: fresh)
            close(fresh)
            guard ok else {
                unlink(path)
                throw BuildError.writeFailed(path, String(cString: strerror(errno)))
            }
            return
        }
        let temporary = path + ".daybook-tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BuildError.writeFailed(path, String(cString: strerror(errno))) }
        let ok = writeAll(bytes, to: descriptor)
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw BuildError.writeFailed(path, String(cString: strerror(errno)))
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        return bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { return false }
                written += count
            }
            return true
        }
    }

    static func copy(from source: String, to path: String) throws {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw BuildError.writeFailed(path, "cannot read \(source)")
        }
        try write([UInt8](data), to: path)
    }
}
