import BuildSupport
import DiaryFiles
import DiaryModel
import DiaryReader
import Foundation
import SiteOutput
import SitePages

/// What a build remembers for the next one (in the build cache, `BuildCache`): the entry
/// cache, a signature of every page's inputs, and a fingerprint of all inputs for the
/// nothing-changed case. Anything missing or damaged only makes the next build do more work,
/// never a wrong one.
struct BuildState {
    var entryCache: EntryCache?
    /// Each page's signature of the inputs it was rendered from, by output path.
    var pageSignatures = PageSignatureTable()
    /// The plan those pages were signed with, for a next build that keeps it; saved with them.
    var plan: SavedPagePlan?
    /// The entries' versions, for the next build in another process.
    var entryVersions = SavedEntryVersions()
    var inputs: InputFingerprint?
    var entryCount = 0
    var pageCount = 0
    /// The fingerprint of the picture files a plain build wrote (`PublishedPictures.filesKey`;
    /// 0 after an encrypted one): the next build need not offer the same files to the writer again.
    var pictureFilesKey: UInt64 = 0
    /// The key of the entries' files the build cache lists (`SiteBuilder.entrySourcesKey`): a build
    /// that publishes the same entries from the same files need not list them again.
    var entrySourcesKey: UInt64 = 0

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
               let pictureFiles = reader.int(), let entrySources = reader.int(), let recentFiles = reader.strings(), reader.isAtEnd {
                state.inputs = InputFingerprint(listing: UInt64(bitPattern: Int64(listing)), recentFiles: recentFiles,
                                                recentContent: UInt64(bitPattern: Int64(recentContent)))
                state.entryCount = entries
                state.pageCount = pages
                state.pictureFilesKey = UInt64(bitPattern: Int64(pictureFiles))
                state.entrySourcesKey = UInt64(bitPattern: Int64(entrySources))
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
        // Two numbers a page, then the plan: sized once, not grown by doubling.
        pages.reserveCapacity(8 + pageSignatures.count * 16 + (plan.map { 16 * ($0.versions.count + $0.pagePositions.count) } ?? 0))
        pageSignatures.write(into: &pages)
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
        inputsFile.write(Int(Int64(bitPattern: entrySourcesKey)))
        inputsFile.write(inputs?.recentFiles ?? [])
        try cache.write(.inputs, inputsFile.bytes)
    }

    /// The pages' signatures, and the plan, as `save` wrote them; nil when damaged.
    private static func decodePageSignatures(_ bytes: [UInt8]) -> (PageSignatureTable, SavedPagePlan?)? {
        var reader = BinaryReader(bytes)
        guard let signatures = PageSignatureTable(reading: &reader, limit: bytes.count), let hasPlan = reader.bool() else { return nil }
        let plan = hasPlan ? SavedPagePlan(reading: &reader) : nil
        guard !hasPlan || plan != nil, reader.isAtEnd else { return nil }
        return (signatures, plan)
    }

    /// Removes the nothing-changed fingerprint, before a build starts changing the output.
    static func forgetInputs(in cache: BuildCache) {
        cache.remove(.inputs)
    }
}
