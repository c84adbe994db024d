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
            if cache.status(of: SavedPageSignatures.file) != nil {
                // Signatures saved but unreadable: none of the state is trusted.
                guard let pages = cache.read(SavedPageSignatures.self) else { return BuildState() }
                state.pageSignatures = pages.signatures
                state.plan = pages.plan
            }
            state.entryVersions = cache.read(SavedEntryVersions.self) ?? SavedEntryVersions()
        }
        if let saved = cache.read(SavedInputs.self) {
            state.inputs = saved.fingerprint
            state.entryCount = saved.entryCount
            state.pageCount = saved.pageCount
            state.pictureFilesKey = saved.pictureFilesKey
            state.entrySourcesKey = saved.entrySourcesKey
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
        try cache.write(SavedPageSignatures(signatures: pageSignatures, plan: plan))
        try cache.write(entryVersions)
        try cache.write(SavedInputs(fingerprint: inputs ?? InputFingerprint(listing: 0, recentFiles: [], recentContent: 0),
                                    entryCount: entryCount, pageCount: pageCount,
                                    pictureFilesKey: pictureFilesKey, entrySourcesKey: entrySourcesKey))
    }

    /// Removes the nothing-changed fingerprint, before a build starts changing the output.
    static func forgetInputs(in cache: BuildCache) {
        cache.remove(.inputs)
    }
}
