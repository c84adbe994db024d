import BuildSupport
import DiaryFiles
import DiaryIndex
import DiaryModel
import DiarySearch
import SiteOutput
import SitePages

/// What a build saves into the build cache for the next one, and the save itself: run at once by a
/// command-line build, and kept by a serve session until the diary has been quiet for a moment
/// (`BuildSession.saveState`). A session's next build replaces a save not yet run, and does what it would.
struct BuildCacheSave {
    private let cache: BuildCache
    private let folder: OutputFolder
    private let encryption: OutputEncryption?
    /// The state to save; what only a save needs is worked out when it runs.
    private var state: BuildState
    private let signer: PageSignatures
    private let pictures: PublishedPictures
    private let entrySourcesKey: UInt64
    /// The plan the next command-line build may keep: the saved one brought up to date, or this
    /// build's, made when saved.
    private let savedPlan: SavedPagePlan?
    private let planPages: [PlannedPage]
    private let planContext: PageSignatures.Context?
    private let shapeKey: UInt64?
    private let configKey: String
    private let emotions: [Emotion]
    private let entries: [Entry]
    /// After an edit, the last manifest as saved, saved again with this build's changes; otherwise
    /// the whole of it (a session's build, or when that cannot be done).
    private let manifestUpdate: (saved: Manifest, changes: ManifestChanges)?
    let manifest: [String: String]?
    /// The saved manifest's lines were hashed by path when it was indexed: not again to save it.
    private let manifestIndex: Manifest.Index?
    private let addresses: [String: String]
    /// The list of the entries' files, unless the cache holds the same.
    private let entrySources: EntrySources?
    private let folderStamps: FolderStamps?
    private let completeFolders: CompleteFolders?
    private let touched: (written: [String], added: Set<String>, deleted: [String])
    private let lastListed: ManifestView?
    private let contentListing: InputFingerprint.Listing
    /// Whether it saves the entry cache (a large change), not only the rest.
    let savesEntries: Bool
    /// The search index state it saves, if the index changed.
    let searchState: SearchIndexState?

    init(_ build: BuildContext, outcome: OutputWriter.Outcome) {
        cache = build.cache
        folder = build.folder
        encryption = build.encryption
        state = build.state
        signer = build.planned.signer
        pictures = build.shared.pictures
        let reading = build.reading!
        let index = build.indexing.index
        // Saving the cache costs more than parsing a few files again next time, and an outdated
        // cached file is never reused (its size or time differs), so small edits leave it be.
        // A session's last build whose cache is not saved yet: this save replaces its save, and does what it would.
        let unsaved = build.session?.pendingSave
        savesEntries = reading.previous.entryCache?.readingKey != reading.result.cache.readingKey || reading.result.parsedCount > 32
            || unsaved?.savesEntries == true
        searchState = build.search.state ?? unsaved?.searchState
        let isSession = build.session != nil
        manifestUpdate = isSession ? nil : outcome.changes.flatMap { changes in build.lastOutput.savedManifest.map { ($0, changes) } }
        manifest = manifestUpdate == nil ? outcome.manifest : nil
        manifestIndex = build.lastOutput.manifest?.savedIndex
        addresses = outcome.addresses
        // Unless the cache holds the same list, as the state loaded from it says (a session's state
        // may be one whose save has not happened).
        entrySourcesKey = SiteBuilder.entrySourcesKey(of: index.entries)
        entrySources = !isSession && reading.previous.entrySourcesKey == entrySourcesKey && build.cache.status(of: .entrySources) != nil
            ? nil : EntrySources(of: index.entries)
        folderStamps = build.lastOutput.folderStamps
        completeFolders = build.lastOutput.completeFolders
        touched = (outcome.written, outcome.added, outcome.deleted)
        lastListed = build.lastOutput.manifest
        contentListing = build.change.listing
        savedPlan = build.planned.savedPlan
        planPages = build.planned.memo?.pages ?? build.planned.pages
        planContext = build.planned.memo?.context
        shapeKey = build.planned.shapeKey
        configKey = build.configKey
        emotions = reading.result.diary.emotions
        entries = index.entries
    }

    /// Saves it all. The files that list every output file or entry by path are written on another
    /// core, and the search index's state on a third, while this one works out and writes the rest.
    func run() throws {
        let listsSaved = BackgroundValue(working: { Result { try saveLists() } })
        defer { _ = listsSaved.value }
        // The search index's state is the largest file after the lists, and a next build uses it
        // only if the page signatures saved below name its signature.
        let searchStore = SearchIndexStore(cache: cache, folder: folder, encryption: encryption)
        let searchSaved = searchState.map { searchState in BackgroundValue(working: { Result { try searchStore.save(searchState) } }) }
        defer { _ = searchSaved?.value }
        var state = self.state
        // Worked out only when saved: `daybook serve` saves after the page is served.
        state.entryVersions = signer.savedVersions()
        // Of a plain site only: an encrypted one's files are under other names.
        state.pictureFilesKey = encryption != nil ? 0 : pictures.filesKey
        state.entrySourcesKey = entrySourcesKey
        state.plan = savedPlan.map { plan in
            var plan = plan
            plan.versions = signer.entryVersions
            return plan
        } ?? SavedPagePlan(pages: planPages,
                           shapeKey: shapeKey ?? SavedPagePlan.shapeKey(configKey: configKey, emotions: emotions, entries: entries),
                           context: planContext ?? signer.context(of: planPages), versions: signer.entryVersions)
        try state.save(to: cache, saveEntries: savesEntries)
        try searchSaved?.value.get()
        try listsSaved.value.get()
    }

    private func saveLists() throws {
        var stampsToSave = folderStamps
        if let (saved, changes) = manifestUpdate {
            let fileCount = try saved.save(updatedWith: changes, to: cache, index: manifestIndex)
            // The folders this build wrote into are listed as pending, with the files they hold
            // now: the next check lists those few, and needs not read the manifest.
            if let identity = cache.identity(of: .manifest),
               let complete = completeFolders?.updated(after: touched, changes: changes,
                                                       wasListed: { lastListed?.contains($0) == true },
                                                       savedAs: identity, fileCount: fileCount) {
                stampsToSave = FolderStamps(complete: complete)
            }
        } else if let manifest {
            try Manifest.save(manifest, to: cache)
        }
        try encryption?.saveAddresses(addresses, to: cache)
        if let entrySources { try cache.write(entrySources) }
        // The folders this build wrote into have changed since their stamps: the next check looks
        // at their files. Stamps the check did not change, or none (a session's build), leave the
        // saved ones: a folder changed since its stamp no longer matches it.
        try stampsToSave?.save(to: cache)
        try contentListing.saveContentMemories(in: cache)
    }
}
