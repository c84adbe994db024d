import DiaryModel
import DiaryReader
import Foundation

/// What a build leaves in `<output>/.daybook/` for the next one: the entry cache, a signature
/// of every page's inputs, and a fingerprint of all inputs for the nothing-changed case.
/// Anything missing or damaged only makes the next build do more work, never a wrong one.
struct BuildState {
    /// Bump when pages or state files change shape; a new Daybook version rebuilds everything.
    static let version = "daybook-state-1"

    var entryCache: EntryCache?
    /// Output path → the signature of the inputs it was rendered from.
    var pageSignatures: [String: UInt64] = [:]
    var inputs: UInt64?
    var entryCount = 0
    var pageCount = 0

    private static let entriesFile = "entries.bin"
    private static let pagesFile = "pages.tsv"
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
        if !inputsOnly, let data = FileManager.default.contents(atPath: base.appendingPathComponent(entriesFile).path) {
            state.entryCache = EntryCache(decoding: [UInt8](data))
        }
        if !inputsOnly, let data = FileManager.default.contents(atPath: base.appendingPathComponent(pagesFile).path) {
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                guard parts.count == 2, let signature = UInt64(parts[0], radix: 16) else { return BuildState() }
                state.pageSignatures[String(parts[1])] = signature
            }
        }
        if let data = FileManager.default.contents(atPath: base.appendingPathComponent(inputsFile).path) {
            let parts = String(decoding: data, as: UTF8.self).split(separator: " ")
            if parts.count == 4, parts[0] == version, let inputs = UInt64(parts[1], radix: 16),
               let entries = Int(parts[2]), let pages = Int(parts[3].trimmingCharacters(in: .whitespacesAndNewlines)) {
                state.inputs = inputs
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
        let pages = pageSignatures.keys.sorted().map { "\(String(pageSignatures[$0]!, radix: 16))\t\($0)\n" }.joined()
        try AtomicFile.write(Array(pages.utf8), to: base.appendingPathComponent(Self.pagesFile).path)
        let inputsLine = "\(Self.version) \(String(inputs ?? 0, radix: 16)) \(entryCount) \(pageCount)\n"
        try AtomicFile.write(Array(inputsLine.utf8), to: base.appendingPathComponent(Self.inputsFile).path)
        let key = Self.memoKey(folder)
        Self.memoLock.lock()
        Self.memo = (key, self)
        Self.memoLock.unlock()
    }

    /// Removes the nothing-changed fingerprint, before a build starts changing the output.
    static func forgetInputs(in folder: OutputFolder) {
        unlink(folder.url.appendingPathComponent(OutputFolder.stateFolder).appendingPathComponent(inputsFile).path)
    }
}

/// A fingerprint of everything a build reads: Daybook's own version, the options, daybook.yml,
/// the theme, and the name, size and modification time of every file under Content/.
enum InputFingerprint {
    /// The fingerprint, or nil when a file was modified so recently (within `racyWindow` of
    /// `now`) that a second change in the same timestamp tick could go unseen.
    /// Also returns the listing of Content/ it made, for the reader to reuse.
    static func compute(root: URL, options: SiteBuilder.Options, output: URL,
                        now: Date = Date()) -> (fingerprint: UInt64?, content: ContentFiles?) {
        let racyAfter = Int(now.timeIntervalSince1970 * 1_000_000_000) - EntryCache.racyWindow
        var content: ContentFiles?
        var isRacy = false
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
            if folder == ContentFiles.folderName { content = ContentFiles(listing: files) }
            for file in files {
                if file.modified >= racyAfter { isRacy = true }
                hasher.combine(file.path)
                hasher.combine(file.size)
                hasher.combine(file.modified)
            }
        }
        return (isRacy ? nil : hasher.value, content)
    }
}
