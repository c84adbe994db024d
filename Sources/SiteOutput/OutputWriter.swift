import BuildSupport
import DiaryFiles
import DiaryModel
import Foundation
import SitePages

/// Writes a site's files into its output folder: only files whose bytes changed, each one
/// atomically, then removes what the previous build wrote and this one did not.
///
/// Files come in batches (the pages, then the search index), so that a batch's bytes can be
/// let go of before the next one is made: a large diary's pages alone are hundreds of megabytes.
///
/// Pages rendered in earlier batches come staged (`PageStaging`): a changed one is moved into
/// place, under its final name only now, after every page rendered.
///
/// A dry run decides the same but writes, deletes and saves nothing (`daybook build --dry-run`).
///
/// Every change goes through an `OutputStore`: the folder on disk, or a site in memory.
///
/// With `encryption`, a file given by its address is written encrypted under its published
/// path; it is compared by the fingerprint of its plain bytes, so only a changed file is encrypted.
package struct OutputWriter {
    /// A file that could not be written: thrown once the rest is written and removed, and
    /// reported as the build's write step's error whichever step finished the writing.
    package struct WriteFailure: Error {
        package var underlying: Error
    }

    package struct Outcome {
        /// Files written (or that a dry run would write), new or changed.
        package var written: [String]
        /// Those of `written` that the folder did not have.
        package var added: Set<String>
        package var unchanged: Int
        package var deleted: [String]
        /// Published path → address of the encrypted files among them.
        package var addresses: [String: String]
        /// How the folder's files differ from the last build's, when the writer kept every other
        /// file as it was without going over them (`finish(keepingAllExcept:)`).
        package var changes: ManifestChanges?
        /// The last build's manifest, which `changes` change; or this build's whole manifest.
        fileprivate var base: ManifestView

        /// What the folder holds now (output path → fingerprint), for the build cache: made
        /// only when asked for, since after an edit the changes alone tell it.
        package var manifest: [String: String] { changes?.applied(to: base.entries) ?? base.entries }
    }

    /// What the caller already knows of the last build's files: its manifest, and which of
    /// them are gone from the folder.
    package struct LastBuild {
        package var manifest: ManifestView
        package var missing: Set<String>

        package init(manifest: ManifestView, missing: Set<String>) {
            self.manifest = manifest
            self.missing = missing
        }
    }

    private let folder: OutputFolder
    private let store: any OutputStore
    private let dryRun: Bool
    private let encryption: OutputEncryption?
    /// The last build's manifest, or every file in the folder when it is unknown.
    private let previous: ManifestView
    private let missing: Set<String>?
    /// The last build left no manifest (it was stopped midway, or the cache is gone): it may
    /// also have left folders it made for files it never wrote, which `finish` removes.
    private let sweepsEmptyFolders: Bool
    /// This build's manifest so far.
    private var manifest: [String: String] = [:]
    /// How many paths of `previous` the manifest holds: when all of them, nothing is left to remove.
    private var previousKept = 0
    private var addresses: [String: String] = [:]
    private var written: [String] = []
    private var added: Set<String> = []
    private var unchanged = 0
    private var createdFolders: Set<String> = []
    private var firstError: Error?
    /// Files made from what the folder holds once this build's files are written, before the last
    /// build's others are removed (the offline list and the worker, `OfflineSite`): given output
    /// path → fingerprint and, in an encrypted build, published path → address.
    package var closingFiles: ((_ manifest: [String: String], _ addresses: [String: String]) -> (site: [OutputFile], inTheClear: [OutputFile]))?

    /// Makes the output ready (`OutputStore.prepare`; not in a dry run) and takes in what the
    /// last build wrote.
    package init(folder: OutputFolder, cache: BuildCache, clean: Bool, last: LastBuild? = nil, dryRun: Bool = false,
         encryption: OutputEncryption? = nil) throws {
        let store = folder.store
        self.folder = folder
        self.store = store
        self.dryRun = dryRun
        self.encryption = encryption
        if !dryRun { try store.prepare(clean: clean) }
        if clean {
            // Emptied by `prepare`; a dry run shows every file there as replaced or deleted.
            previous = ManifestView(dryRun ? Self.filesWithUnknownContent(in: store) : [:])
            missing = nil
            sweepsEmptyFolders = false
            return
        }
        // Without a readable manifest, every file in the (marked) folder counts as one an earlier
        // build wrote, so anything this build does not write again is removed: never a stale page.
        let known = last?.manifest ?? Manifest.load(from: cache).map(ManifestView.init)
        previous = known ?? ManifestView(Self.filesWithUnknownContent(in: store))
        missing = last?.missing
        sweepsEmptyFolders = known == nil && !dryRun
        manifest.reserveCapacity(previous.count)
    }

    /// Writes the files whose bytes differ from what the last build left; a file that cannot be
    /// written is retried by the next build, and the first such error is thrown by `finish`.
    /// `inTheClear`: files published as they are even in an encrypted build (the unlock page).
    package mutating func write(_ files: [OutputFile], inTheClear: Bool = false) throws {
        let base = folder.url.path
        let encryption = inTheClear ? nil : self.encryption
        let paths = encryption.map { stage in ParallelMap.map(files, chunkSize: 64) { stage.publishedPath(of: $0.path) } }
            ?? files.map(\.path)
        // Many entries copy the same picture: each source is looked at once.
        var copySources: [String: String] = [:]
        for file in files {
            if case .copy(let source, _) = file.content, copySources[source] == nil { copySources[source] = Self.fingerprint(of: file.content) }
        }
        let fingerprints = ParallelMap.map(files, chunkSize: 64) { file -> String in
            if case .copy(let source, _) = file.content { return copySources[source]! }
            return Self.fingerprint(of: file.content)
        }

        var folders = Set<String>()
        for path in paths {
            var parent = Self.parent(of: path)
            while !parent.isEmpty, !createdFolders.contains(parent), folders.insert(parent).inserted {
                parent = Self.parent(of: parent)
            }
        }
        // Level by level, so that a folder's parent exists; the folders of one level on every core.
        var levels: [[String]] = []
        for folder in folders {
            let depth = folder.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
            while levels.count <= depth { levels.append([]) }
            levels[depth].append(folder)
        }
        let store = self.store
        for level in levels where !dryRun {
            let failures = ParallelMap.map(level, chunkSize: 64) { folder -> Error? in
                do { try store.makeFolder(folder) } catch { return error }
                return nil
            }
            if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        }
        createdFolders.formUnion(folders)

        let previous = self.previous
        let missing = self.missing
        let dryRun = self.dryRun
        func exists(_ path: String) -> Bool {
            if let missing { return !missing.contains(path) }
            return store.contains(path)
        }
        /// Whether the file was written, and whether the last build had one at its path.
        typealias Written = (didWrite: Bool, wasThere: Bool)
        let results = ParallelMap.map(Array(files.indices), chunkSize: 32) { position -> Result<Written, Error> in
            let file = files[position]
            let path = paths[position]
            let old = previous[path]
            if old == fingerprints[position], exists(path) { return .success((false, true)) }
            if dryRun { return .success((true, old != nil)) }
            do {
                switch (file.content, encryption) {
                case (.staged(_, let staged?), _): try store.move(from: staged, to: path)
                case (.staged(_, nil), _): throw FileWriteError(path: base + "/" + path, reason: "its page was rendered but not staged")
                case (.bytes(let bytes), nil): try store.write(bytes, to: path)
                case (.copy(let source, _), nil): try store.copy(from: source, to: path)
                case (.bytes(let bytes), let stage?): try store.write(stage.encrypt(bytes, at: file.path), to: path)
                case (.copy(let source, _), let stage?):
                    guard let bytes = LocalFiles.readBytes(source) else { throw FileWriteError(path: source, reason: "cannot be read") }
                    try store.write(stage.encrypt(bytes, at: file.path), to: path)
                }
                return .success((true, old != nil))
            } catch {
                return .failure(error)
            }
        }
        for (position, result) in results.enumerated() {
            let path = paths[position]
            if encryption != nil { addresses[path] = files[position].path }
            switch result {
            case .success(let result):
                if result.didWrite {
                    written.append(path)
                    if !result.wasThere { added.insert(path) }
                } else {
                    unchanged += 1
                }
                if manifest.updateValue(fingerprints[position], forKey: path) == nil, result.wasThere { previousKept += 1 }
            case .failure(let error):
                firstError = firstError ?? error
                // Keep what the old manifest knew, so the next build retries this file.
                if let old = previous[path], manifest.updateValue(old, forKey: path) == nil { previousKept += 1 }
            }
        }
    }

    /// Keeps the files at `keeping` (addresses of files not produced this time, unchanged since
    /// the last build), and removes what the last build wrote and this one did not (a dry run
    /// only lists it).
    package mutating func finish(keeping: [String] = []) throws -> Outcome {
        for address in keeping {
            let path = encryption?.publishedPath(of: address) ?? address
            if let old = previous[path] {
                // A file written this time keeps what was written.
                if let written = manifest.updateValue(old, forKey: path) {
                    manifest[path] = written
                    continue
                }
                previousKept += 1
            } else if manifest[path] != nil {
                continue
            }
            if encryption != nil { addresses[path] = address }
            unchanged += 1
        }
        try writeClosingFiles(manifest)
        // Every path of the last build is in this one's manifest (usual for an edit): nothing to look for.
        let gone = previousKept == previous.count ? [] : previous.paths.filter { manifest[$0] == nil && !$0.hasPrefix(".") }
        return try outcome(removing: gone)
    }

    /// Like `finish(keeping:)` for a build that produced again every file of the last build but
    /// those at `removing` (`daybook serve` after an edit of entries' text, which keeps the page
    /// plan and pictures): each file not written this time is kept as the last build left it,
    /// without going over them one by one. Not for an encrypted build.
    package mutating func finish(keepingAllExcept removing: [String]) throws -> Outcome {
        precondition(encryption == nil, "an encrypted build names what it keeps")
        let leaving = removing.filter { manifest[$0] == nil && previous.contains($0) }
        if closingFiles != nil { try writeClosingFiles(ManifestChanges(set: manifest, removed: leaving).applied(to: previous.entries)) }
        let removing = leaving.filter { manifest[$0] == nil }
        unchanged += previous.count - previousKept - removing.count
        return try outcome(removing: removing, changes: ManifestChanges(set: manifest, removed: removing))
    }

    private mutating func writeClosingFiles(_ final: [String: String]) throws {
        guard let closingFiles else { return }
        let files = closingFiles(final, addresses)
        try write(files.site)
        try write(files.inTheClear, inTheClear: true)
    }

    /// Removes the files at `paths` (a dry run only lists them) and tells what the build did.
    private func outcome(removing paths: [String], changes: ManifestChanges? = nil) throws -> Outcome {
        var deleted: [String] = []
        for path in paths.sorted() {
            if dryRun {
                deleted.append(path)
                continue
            }
            if store.remove(path) { deleted.append(path) }
            var parent = Self.parent(of: path)
            while !parent.isEmpty, store.removeFolderIfEmpty(parent) { parent = Self.parent(of: parent) }
        }
        if sweepsEmptyFolders { store.removeEmptyFolders() }
        // Thrown only now, after the removals; it belongs to the writing.
        if let firstError { throw WriteFailure(underlying: firstError) }
        return Outcome(written: written, added: added, unchanged: unchanged, deleted: deleted, addresses: addresses,
                       changes: changes, base: changes == nil ? ManifestView(manifest) : previous)
    }

    /// Every file in the output, with a fingerprint nothing matches (the manifest is lost).
    private static func filesWithUnknownContent(in store: any OutputStore) -> [String: String] {
        var files: [String: String] = [:]
        for path in store.filePaths() { files[path] = "unknown" }
        return files
    }

    /// The folder part of a relative path ("" at the top).
    private static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// Identifies content: a 64-bit hash and the size of bytes, or the size and identity of a
    /// copied file.
    package static func fingerprint(of content: OutputFile.Content) -> String {
        switch content {
        case .bytes(let bytes):
            // Of one length whatever the size and hash (below a terabyte), so that an edit's new
            // fingerprints can be written over the saved ones in place (`Manifest`).
            return "b:" + Self.digits(String(bytes.count), count: 12) + ":" + Self.digits(String(StableHasher.hash(bytes), radix: 16), count: 16)
        case .copy(let source, let identity):
            guard let status = FileStatus.of(source) else { return "c:missing" }
            return "c:\(status.size):\(identity)"
        case .staged(let fingerprint, _):
            return fingerprint
        }
    }

    /// `digits` with zeros before them up to `count`.
    private static func digits(_ digits: String, count: Int) -> String {
        String(repeating: "0", count: max(0, count - digits.count)) + digits
    }
}
