import DiaryModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a site's files into its output folder: only files whose bytes changed, each one
/// atomically, then removes what the previous build wrote and this one did not.
struct OutputWriter {
    struct Outcome {
        var written: [String]
        var unchanged: Int
        var deleted: [String]
    }

    let folder: OutputFolder

    /// What the caller already knows of the last build's files: its manifest, and which of
    /// them are gone from the folder.
    struct LastBuild {
        var manifest: [String: String]
        var missing: Set<String>
    }

    /// Writes `files`; the files at `keeping` were not produced this time but are unchanged
    /// from the last build, so they stay (and count as unchanged).
    func write(_ files: [OutputFile], keeping: [String] = [], clean: Bool, last: LastBuild? = nil) throws -> Outcome {
        try folder.prepare(clean: clean)
        let known = clean ? nil : last
        // Without a readable manifest, every file in the (marked) folder counts as one an earlier
        // build wrote, so anything this build does not write again is removed: never a stale page.
        let previous = known?.manifest ?? folder.readManifest() ?? folder.filesWithUnknownContent()
        let base = folder.url.path
        // Many entries copy the same picture: each source is looked at once.
        var copySources: [String: String] = [:]
        for file in files {
            if case .copy(let source) = file.content, copySources[source] == nil { copySources[source] = Self.fingerprint(of: file.content) }
        }
        let fingerprints = ParallelMap.map(files, chunkSize: 64) { file -> String in
            if case .copy(let source) = file.content { return copySources[source]! }
            return Self.fingerprint(of: file.content)
        }
        func exists(_ path: String) -> Bool {
            if let known { return !known.missing.contains(path) }
            var info = stat()
            return stat(base + "/" + path, &info) == 0
        }

        var folders = Set<String>()
        for file in files {
            var parent = (file.path as NSString).deletingLastPathComponent
            while !parent.isEmpty, folders.insert(parent).inserted { parent = (parent as NSString).deletingLastPathComponent }
        }
        for parent in folders.sorted() {
            try FileManager.default.createDirectory(atPath: base + "/" + parent, withIntermediateDirectories: true)
        }

        let results = ParallelMap.map(Array(files.indices), chunkSize: 32) { position -> Result<Bool, Error> in
            let file = files[position]
            let path = base + "/" + file.path
            if previous[file.path] == fingerprints[position], exists(file.path) { return .success(false) }
            do {
                switch file.content {
                case .bytes(let bytes): try AtomicFile.write(bytes, to: path)
                case .copy(let source): try AtomicFile.copy(from: source, to: path)
                }
                return .success(true)
            } catch {
                return .failure(error)
            }
        }
        var written: [String] = []
        var manifest: [String: String] = [:]
        for path in keeping { manifest[path] = previous[path] }
        var firstError: Error?
        for (position, result) in results.enumerated() {
            switch result {
            case .success(let didWrite):
                if didWrite { written.append(files[position].path) }
                manifest[files[position].path] = fingerprints[position]
            case .failure(let error):
                firstError = firstError ?? error
                // Keep what the old manifest knew, so the next build retries this file.
                if let old = previous[files[position].path] { manifest[files[position].path] = old }
            }
        }

        var deleted: [String] = []
        for path in previous.keys.filter({ manifest[$0] == nil && !$0.hasPrefix(".") }).sorted() {
            if unlink(base + "/" + path) == 0 || errno == ENOENT { deleted.append(path) }
            var parent = (path as NSString).deletingLastPathComponent
            // rmdir only removes empty folders: anything else someone put there stays.
            while !parent.isEmpty, rmdir(base + "/" + parent) == 0 { parent = (parent as NSString).deletingLastPathComponent }
        }
        try folder.saveManifest(manifest)
        if let firstError { throw firstError }
        return Outcome(written: written, unchanged: files.count + keeping.count - written.count, deleted: deleted)
    }

    /// Identifies content: a 64-bit hash and the size of bytes, or the size and
    /// modification time of a copied file.
    static func fingerprint(of content: OutputFile.Content) -> String {
        switch content {
        case .bytes(let bytes):
            return "b:\(bytes.count):\(String(StableHasher.hash(bytes), radix: 16))"
        case .copy(let source):
            var info = stat()
            guard stat(source, &info) == 0 else { return "c:missing" }
            return "c:\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(source)"
        }
    }
}
