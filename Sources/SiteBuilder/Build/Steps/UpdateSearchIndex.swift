import SiteOutput

extension BuildContext {
    /// Step 9: the search index depends on every entry: updated or rebuilt when any of them (or an
    /// emotion) changed, as planned beside the pages.
    mutating func searchIndex(retitle: (String) -> Void) throws -> BuildStepOutcome {
        let store = SearchIndexStore(cache: cache, folder: folder, encryption: encryption)
        var forgotten = options.dryRun
        var writer = self.writer!
        self.writer = nil
        defer { self.writer = writer }
        search = try SiteBuilder.searchIndex(index: indexing.index, emotions: reading.result.diary.emotions, signer: planned.signer,
                                             plan: searchPlan.value, retitle: retitle) { files in
            // The saved state describes the index as it was: once one of its files changes, it no longer does.
            if !forgotten { store.forget() }
            forgotten = true
            try writer.write(files)
        }
        MemoryRelease.returnFreedMemory()
        report.searchIndex = search.outcome
        return .goOn
    }
}
