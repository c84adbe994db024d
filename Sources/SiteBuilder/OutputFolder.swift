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

    /// What the last build wrote (output path → a fingerprint of the bytes or of the copied
    /// file), or nil when the manifest is missing or damaged.
    func loadManifest() -> Manifest? {
        guard let data = FileManager.default.contents(atPath: url.appendingPathComponent("\(Self.stateFolder)/\(Self.manifestName)").path) else {
            return nil
        }
        return Manifest(bytes: [UInt8](data))
    }

    /// Every file in the folder but Daybook's own bookkeeping, with a fingerprint nothing matches.
    func filesWithUnknownContent() -> [String: String] {
        var files: [String: String] = [:]
        for file in FileStatus.list(url.path) ?? [] { files[file.path] = "unknown" }
        return files
    }

    /// Which of the files `manifest` lists are no longer in the folder; nil when the folder
    /// cannot be opened. Each name is asked of the open folder: on a nothing-changed build of a
    /// large diary these tens of thousands of lookups are most of the work.
    func missingFiles(of manifest: Manifest) -> Set<String>? {
        let folder = open(url.path, O_RDONLY | O_DIRECTORY)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        return manifest.paths { name in
            var info = stat()
            return fstatat(folder, name, &info, 0) == 0
        }
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
