import Foundation

extension BuildSession {
    /// Keeps what the next build in this process can reuse of `build`, and its cache save, put off
    /// until the session is told to save.
    func remember(_ build: BuildContext, save: BuildCacheSave) {
        key = build.last.sessionKey
        configFile = build.change.configFile
        contentListing = build.change.listing.content
        themeListing = build.change.listing.theme
        manifest = save.manifest
        state = build.state
        entryVersions = build.planned.signer.versionsByIdentity
        plan = build.planned.memo
        reading = build.reading.files.map { (build.reading.result, $0) }
        // The next build rereads files by path: their index is made now, on another core, not after the next save.
        let entryCache = build.reading.result.cache
        DispatchQueue.global().async { entryCache.prepareLookups() }
        siteIndex = (build.configKey, build.reading.result.diary.emotions, build.indexing.index, build.indexing.stats.value)
        pictures = build.shared.pictures
        // The cards of an edit's few pages; a build that rendered much of the site keeps none
        // (the session would hold every entry's card).
        cards = build.cards.count <= SiteBuilder.sessionCardLimit ? build.cards : [:]
        pictureFiles = (build.shared.pictures, build.madePictureFiles ?? build.shared.pictures.outputFiles())
        searchFiles = build.searchFiles
        searchState = build.search.state ?? (build.search.outcome == .unchanged ? searchState : nil)
        // A build that only loads the diary into the session (serve's warm-up) loads the search state too,
        // so that the first edit's update does not wait for it.
        if build.evenWhenUnchanged, searchState == nil, build.search.outcome == .unchanged {
            searchState = SearchIndexStore(cache: build.cache, folder: build.folder, encryption: build.encryption)
                .load(signature: build.search.signature)
        }
        pendingSave = save
    }
}
