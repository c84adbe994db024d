import DiaryModel
import SiteOutput
import SitePages

extension BuildContext {
    /// Step 10: removes the last build's files this build neither wrote nor keeps, then saves what
    /// the next build needs: into the build cache, or into the session, which saves it when told to.
    mutating func finish() throws -> BuildStepOutcome {
        let outcome = try removeWhatIsNoLongerPublished()
        report.writtenPaths = outcome.written
        report.addedPaths = outcome.added
        report.unchangedCount = outcome.unchanged
        report.deletedPaths = outcome.deleted
        guard !options.dryRun else { return .goOn }
        // Every picture of the diary as built was prepared: the cache keeps only those (pictures
        // kept from the session's last build were not prepared again, and the cache is as that build left it).
        if indexing.keptPictures == nil { indexing.pictureLibrary.removeUnused() }
        state = nextState()
        let save = BuildCacheSave(self, outcome: outcome)
        guard let session else {
            try save.run()
            if options.endsProcess { MemoryRelease.keepUntilExit(save) }
            return .goOn
        }
        session.remember(self, save: save)
        return .goOn
    }

    /// The step's title in a dry run, which removes nothing.
    var finishTitle: String? { options.dryRun ? "List what would be deleted" : nil }

    /// The search index's files this build wrote or kept.
    var searchFiles: [String] { search.kept + search.written }

    /// Every file the last build wrote is written or kept again, but for those this build no
    /// longer has: the writer is told the fewest files it can be, the kept ones or the gone ones.
    private mutating func removeWhatIsNoLongerPublished() throws -> OutputWriter.Outcome {
        // The session's last build wrote the same pages and pictures: only search index files may be gone.
        if planned.kept != nil, picturesKept, indexing.onlyEntriesChanged, let lastSearchFiles = last.searchFiles {
            let current = Set(searchFiles)
            return try writer.finish(keepingAllExcept: lastSearchFiles.filter { !current.contains($0) })
        }
        if let lastNonPages {
            // The last build's pages are this one's, each rendered again or kept as it is; of its
            // other files, those this build neither wrote again nor keeps (the search index's, the pictures') go.
            let keptFiles = Set(search.kept)
            let picturesKept = self.picturesKept
            // A look at its folder first: most of them are pictures, which need no lookup.
            return try writer.finish(keepingAllExcept: lastNonPages.value.filter {
                !(picturesKept && PublishedPictures.isPictureFile($0)) && !keptFiles.contains($0)
            })
        }
        let (pages, stale) = (planned.pages, planned.stale)
        let keptPages: [String]
        if planned.savedPlan != nil {
            // Only the pages signed again were planned: the others are the last build's.
            let stalePaths = Set(stale.map { pages[$0].path })
            // The plan was kept only with the last build's files known: its pages are among them.
            let pageSignatures = reading.previous.pageSignatures
            keptPages = (lastOutput.siteManifest?.paths ?? []).filter { pageSignatures[$0] != nil && !stalePaths.contains($0) }
        } else {
            let staleSet = Set(stale)
            keptPages = pages.indices.filter { !staleSet.contains($0) }.map { pages[$0].path }
        }
        let kept = keptPages + search.kept + (picturesKept ? pictureOutputFiles().map(\.path) : [])
        return try writer.finish(keeping: kept)
    }

    /// What the next build compares itself with: the entries' reading, the inputs, counts and
    /// page signatures. What only a save needs is added by the save (`BuildCacheSave`).
    private func nextState() -> BuildState {
        var state = BuildState()
        state.entryCache = reading.result.cache
        state.inputs = report.diagnostics.isEmpty ? change.inputs : nil
        state.entryCount = report.entryCount
        state.pageCount = report.pageCount
        let (pages, signatures) = (planned.pages, planned.signatures)
        if planned.kept != nil {
            // The same pages as the session's last build: only the signatures that changed.
            state.pageSignatures = reading.previous.pageSignatures
            for position in planned.stale { state.pageSignatures[pages[position].path] = signatures[position] }
        } else {
            state.pageSignatures.reserveCapacity(pages.count + 1)
            for (page, signature) in zip(pages, signatures) { state.pageSignatures[page.path] = signature }
        }
        state.pageSignatures[SiteBuilder.searchIndexKey] = search.signature
        return state
    }
}
