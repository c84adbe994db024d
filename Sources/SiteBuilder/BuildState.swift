import DiaryFiles
import DiaryModel
import DiaryReader
import Foundation

/// What a build remembers for the next one (in the build cache, `BuildCache`): the entry
/// cache, a signature of every page's inputs, and a fingerprint of all inputs for the
/// nothing-changed case. Anything missing or damaged only makes the next build do more work,
/// never a wrong one.
struct BuildState {
    var entryCache: EntryCache?
    /// Output path → the signature of the inputs it was rendered from.
    var pageSignatures: [String: UInt64] = [:]
    /// The plan those pages were signed with, for a next build that keeps it; saved with them.
    var plan: SavedPagePlan?
    /// The entries' versions, for the next build in another process.
    var entryVersions = SavedEntryVersions()
    var inputs: InputFingerprint?
    var entryCount = 0
    var pageCount = 0
    /// The fingerprint of the picture files a plain build wrote (`PublishedPictures.fingerprint(of:)`;
    /// 0 after an encrypted one): the next build need not offer the same files to the writer again.
    var pictureFilesKey: UInt64 = 0

    /// Loads the state but for its entry cache (`load(from:reading:)` loads that too); with
    /// `inputsOnly`, just the fingerprint and counts (the nothing-changed check).
    static func load(from cache: BuildCache, inputsOnly: Bool = false) -> BuildState {
        var state = BuildState()
        if !inputsOnly {
            if let bytes = cache.read(.pageSignatures) {
                guard let (signatures, plan) = decodePageSignatures(bytes) else { return BuildState() }
                state.pageSignatures = signatures
                state.plan = plan
            }
            state.entryVersions = cache.read(.entryVersions).flatMap(SavedEntryVersions.init(decoding:)) ?? SavedEntryVersions()
        }
        if let bytes = cache.read(.inputs) {
            var reader = BinaryReader(bytes)
            if let listing = reader.int(), let recentContent = reader.int(), let entries = reader.int(), let pages = reader.int(),
               let pictureFiles = reader.int(), let recentFiles = reader.strings(), reader.isAtEnd {
                state.inputs = InputFingerprint(listing: UInt64(bitPattern: Int64(listing)), recentFiles: recentFiles,
                                                recentContent: UInt64(bitPattern: Int64(recentContent)))
                state.entryCount = entries
                state.pageCount = pages
                state.pictureFilesKey = UInt64(bitPattern: Int64(pictureFiles))
            }
        }
        return state
    }

    /// Loads the state, handing its entry cache to `reading` as soon as it is decoded: the rest
    /// (page signatures, entry versions) is decoded on another core meanwhile.
    static func load<Result>(from cache: BuildCache, reading: (EntryCache?) -> Result) -> (BuildState, Result) {
        let entryCache = cache.map(.entries).flatMap { EntryCache(decoding: $0.bytes, window: $0.body) }
        let rest = BackgroundValue(working: { load(from: cache) })
        let result = reading(entryCache)
        var state = rest.value
        state.entryCache = entryCache
        return (state, result)
    }

    /// Saves the state; `saveEntries` is false when the entry cache did not change.
    func save(to cache: BuildCache, saveEntries: Bool) throws {
        if saveEntries, let entryCache {
            try cache.write(.entries, parts: entryCache.encode)
        }
        var pages = BinaryWriter()
        // A path's length, its bytes (about 40) and the signature: sized once, not grown by doubling.
        pages.reserveCapacity(8 + pageSignatures.count * 64 + (plan.map { 16 * ($0.versions.count + $0.pagePositions.count) } ?? 0))
        pages.write(pageSignatures.count)
        // In no particular order, like the manifest: only looked up, never compared.
        for (path, signature) in pageSignatures {
            pages.write(path)
            pages.write(Int(Int64(bitPattern: signature)))
        }
        pages.write(plan != nil)
        plan?.write(into: &pages)
        try cache.write(.pageSignatures, pages.bytes)
        try cache.write(.entryVersions, entryVersions.encoded())
        var inputsFile = BinaryWriter()
        inputsFile.write(Int(Int64(bitPattern: inputs?.listing ?? 0)))
        inputsFile.write(Int(Int64(bitPattern: inputs?.recentContent ?? 0)))
        inputsFile.write(entryCount)
        inputsFile.write(pageCount)
        inputsFile.write(Int(Int64(bitPattern: pictureFilesKey)))
        inputsFile.write(inputs?.recentFiles ?? [])
        try cache.write(.inputs, inputsFile.bytes)
    }

    /// Page path → signature, and the plan, as `save` wrote them; nil when damaged.
    private static func decodePageSignatures(_ bytes: [UInt8]) -> ([String: UInt64], SavedPagePlan?)? {
        var reader = BinaryReader(bytes)
        guard let count = reader.int(), count >= 0, count <= bytes.count else { return nil }
        var signatures: [String: UInt64] = [:]
        signatures.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let signature = reader.int() else { return nil }
            signatures[path] = UInt64(bitPattern: Int64(signature))
        }
        guard let hasPlan = reader.bool() else { return nil }
        let plan = hasPlan ? SavedPagePlan(reading: &reader) : nil
        guard !hasPlan || plan != nil, reader.isAtEnd else { return nil }
        return (signatures, plan)
    }

    /// Removes the nothing-changed fingerprint, before a build starts changing the output.
    static func forgetInputs(in cache: BuildCache) {
        cache.remove(.inputs)
    }
}
