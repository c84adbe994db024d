import DiaryModel
import DiaryReader
import Foundation

/// What a build leaves in `<output>/.daybook/` for the next one: the entry cache, a signature
/// of every page's inputs, and a fingerprint of all inputs for the nothing-changed case.
/// Anything missing or damaged only makes the next build do more work, never a wrong one.
struct BuildState {
    /// Bump when pages or state files change shape; a new Daybook version rebuilds everything.
    static let version = "daybook-state-2"

    var entryCache: EntryCache?
    /// Output path → the signature of the inputs it was rendered from.
    var pageSignatures: [String: UInt64] = [:]
    var inputs: InputFingerprint?
    var entryCount = 0
    var pageCount = 0

    private static let entriesFile = "entries.bin"
    private static let pagesFile = "pages.bin"
    private static let inputsFile = "inputs.txt"

    /// The state this process saved last, so repeated builds (`daybook serve`) skip decoding
    /// it again while the files on disk are still the ones it wrote.
    private static let memoLock = NSLock()
    nonisolated(unsafe) private static var memo: (key: String, state: BuildState)?

    private static func memoKey(_ folder: OutputFolder) -> String {
        let base = folder.url.appendingPathComponent(OutputFolder.stateFolder).path
        return [entriesFile, pagesFile, inputsFile].map { name -> String in
            guard let status = FileStatus.of(base + "/" + name) else { return "-" }
            return "\(status.size):\(status.modified)"
        }.joined(separator: "|") + "|" + folder.url.path
    }

    /// Loads the state; with `inputsOnly`, just the fingerprint and counts (the nothing-changed check).
    static func load(from folder: OutputFolder, inputsOnly: Bool = false) -> BuildState {
        if !inputsOnly {
            let key = memoKey(folder)
            memoLock.lock()
            defer { memoLock.unlock() }
            if let memo, memo.key == key { return memo.state }
        }
        var state = BuildState()
        let base = folder.url.appendingPathComponent(OutputFolder.stateFolder)
        if !inputsOnly {
            state.entryCache = EntryCache.load(from: base.appendingPathComponent(entriesFile).path)
        }
        if !inputsOnly, let data = FileManager.default.contents(atPath: base.appendingPathComponent(pagesFile).path) {
            guard let signatures = decodePageSignatures([UInt8](data)) else { return BuildState() }
            state.pageSignatures = signatures
        }
        if let data = FileManager.default.contents(atPath: base.appendingPathComponent(inputsFile).path) {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let parts = lines[0].split(separator: " ")
            if parts.count == 5, parts[0] == version, let listing = UInt64(parts[1], radix: 16),
               let entries = Int(parts[2]), let pages = Int(parts[3]), let recentContent = UInt64(parts[4], radix: 16) {
                state.inputs = InputFingerprint(listing: listing, recentFiles: lines.dropFirst().filter { !$0.isEmpty }.map(String.init),
                                                recentContent: recentContent)
                state.entryCount = entries
                state.pageCount = pages
            }
        }
        return state
    }

    /// Saves the state; `saveEntries` is false when the entry cache did not change.
    func save(to folder: OutputFolder, saveEntries: Bool) throws {
        let base = folder.url.appendingPathComponent(OutputFolder.stateFolder)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        if saveEntries, let entryCache {
            try AtomicFile.write(entryCache.encoded(), to: base.appendingPathComponent(Self.entriesFile).path)
        }
        var pages = BinaryWriter()
        pages.write(Self.version)
        pages.write(pageSignatures.count)
        // In no particular order, like the manifest: only looked up, never compared.
        for path in pageSignatures.keys {
            pages.write(path)
            pages.write(Int(Int64(bitPattern: pageSignatures[path]!)))
        }
        try AtomicFile.write(pages.bytes, to: base.appendingPathComponent(Self.pagesFile).path)
        // "<version> <listing> <entries> <pages> <recent content>", then one recently modified file a line.
        var inputsText = "\(Self.version) \(String(inputs?.listing ?? 0, radix: 16)) \(entryCount) \(pageCount) "
            + "\(String(inputs?.recentContent ?? 0, radix: 16))\n"
        for path in inputs?.recentFiles ?? [] { inputsText += path + "\n" }
        try AtomicFile.write(Array(inputsText.utf8), to: base.appendingPathComponent(Self.inputsFile).path)
        let key = Self.memoKey(folder)
        Self.memoLock.lock()
        Self.memo = (key, self)
        Self.memoLock.unlock()
    }

    /// Page path → signature, as `save` wrote them; nil when damaged or from another version.
    private static func decodePageSignatures(_ bytes: [UInt8]) -> [String: UInt64]? {
        var reader = BinaryReader(bytes)
        guard reader.string() == version, let count = reader.int(), count >= 0, count <= bytes.count else { return nil }
        var signatures: [String: UInt64] = [:]
        signatures.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let signature = reader.int() else { return nil }
            signatures[path] = UInt64(bitPattern: Int64(signature))
        }
        return reader.isAtEnd ? signatures : nil
    }

    /// Removes the nothing-changed fingerprint, before a build starts changing the output.
    static func forgetInputs(in folder: OutputFolder) {
        unlink(folder.url.appendingPathComponent(OutputFolder.stateFolder).appendingPathComponent(inputsFile).path)
    }
}

/// A fingerprint of everything a build reads: Daybook's own version, the options, daybook.yml,
/// the theme, and the name, size and modification time of every file under Content/ and Templates/.
///
/// File systems stamp modification times with a coarse clock, so a file saved twice within one
/// tick keeps its time. A file modified within `EntryCache.racyWindow` of the build's start is
/// therefore also fingerprinted by its bytes, read before the build reads it; the next build
/// compares those bytes again before it trusts that nothing changed (as git does for its index).
struct InputFingerprint: Equatable {
    /// Names, sizes and times of all inputs, and the options.
    var listing: UInt64
    /// Files (relative to the diary) modified close to the build's start, in path order.
    var recentFiles: [String]
    /// A hash of those files' bytes.
    var recentContent: UInt64

    /// Whether the inputs are exactly those `saved` was taken from: the same listing, and the
    /// same bytes in the files that were recent then.
    func matches(_ saved: InputFingerprint?, root: URL) -> Bool {
        guard let saved, saved.listing == listing else { return false }
        return Self.contentHash(of: saved.recentFiles, root: root) == saved.recentContent
    }

    /// The fingerprint of the diary at `root` as it is now, and the listing of Content/ it made,
    /// for the reader to reuse (`ContentFiles(listing:)`).
    static func compute(root: URL, options: SiteBuilder.Options, output: URL,
                        now: Date = Date()) -> (fingerprint: InputFingerprint, content: [FileStatus]?) {
        let racyAfter = Int(now.timeIntervalSince1970 * 1_000_000_000) - EntryCache.racyWindow
        var content: [FileStatus]?
        var recentFiles: [String] = []
        var hasher = StableHasher()
        hasher.combine(BuildState.version)
        hasher.combine(options.includeDrafts)
        hasher.combine(options.strict)
        hasher.combine(output.path)
        hasher.combine(TimeZone.current.identifier)
        let config = FileManager.default.contents(atPath: root.appendingPathComponent(ConfigLoader.fileName).path)
        hasher.combine(config.map { [UInt8]($0) } ?? [])
        for name in DefaultTheme.files.keys.sorted() {
            hasher.combine(name)
            hasher.combine(DefaultTheme.files[name]!)
        }
        for folder in [Theme.folderName, ContentFiles.folderName] {
            guard let files = FileStatus.list(root.appendingPathComponent(folder).resolvingSymlinksInPath().path) else {
                hasher.combine("no \(folder)")
                continue
            }
            if folder == ContentFiles.folderName { content = files }
            for file in files {
                if file.modified >= racyAfter { recentFiles.append(folder + "/" + file.path) }
                hasher.combine(file.path)
                hasher.combine(file.size)
                hasher.combine(file.modified)
            }
        }
        let fingerprint = InputFingerprint(listing: hasher.value, recentFiles: recentFiles,
                                           recentContent: contentHash(of: recentFiles, root: root))
        return (fingerprint, content)
    }

    private static func contentHash(of paths: [String], root: URL) -> UInt64 {
        var hasher = StableHasher()
        for path in paths {
            hasher.combine(path)
            if let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) {
                hasher.combine([UInt8](data))
            } else {
                hasher.combine("unreadable")
            }
        }
        return hasher.value
    }
}
