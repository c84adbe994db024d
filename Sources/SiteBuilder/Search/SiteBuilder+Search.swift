import DiaryIndex
import DiaryModel
import DiarySearch
import SiteOutput
import SitePages

/// What a build did to the search index.
public enum SearchIndexOutcome: Sendable, Equatable {
    /// No entry it shows changed: its files stay.
    case unchanged
    /// Updated in place: only the files an edit touches were made again.
    case updated
    /// Built in full.
    case rebuilt
}

extension SiteBuilder {
    /// The search index's part of a build.
    struct SearchIndexOutput {
        /// The signature of everything the index is built from, for the next build to compare.
        var signature: UInt64
        /// The index files written.
        var written: [String] = []
        /// The index files that stay as they are.
        var kept: [String] = []
        /// The state to save once the files are written; nil when the index did not change.
        var state: SearchIndexState?
        var outcome = SearchIndexOutcome.unchanged
    }

    /// What the search step does, worked out without writing anything (`planSearchIndex`).
    enum SearchIndexPlan: Sendable {
        /// No entry the index shows changed: these files of it stay.
        case keep([String])
        /// Updated in place: the files to write, and those that stay.
        case update(SearchIndexUpdate.Outcome)
        /// Built in full; `afterTrying` when an update was tried and cannot give the right index.
        case rebuild(afterTrying: Bool)
    }

    /// Works out whether the search index stays, is updated (making the files to write) or must
    /// be built in full. It reads only the index's saved state and its files as the last build
    /// wrote them, so it can run on another core while the pages are rendered and written.
    /// - Parameters:
    ///   - manifest: what the last build wrote (nil when unknown); `missing`: which of those files are gone.
    ///   - known: the state of the index as a session's last build left it, when it has it in memory.
    static func planSearchIndex(index: SiteIndex, emotions: [Emotion], signer: PageSignatures, lastSignature: UInt64?,
                                manifest: ManifestView?, missing: Set<String>, store: SearchIndexStore,
                                known: SearchIndexState?) -> SearchIndexPlan {
        // Kept or updated files must all be there; otherwise only a full build rewrites the lost ones.
        let lastIndexIsWhole = manifest?.contains(SearchIndexBuilder.manifestPath) == true && !missing.contains(where: SearchIndexBuilder.isIndexFile)
        if lastSignature == signer.searchSignature(emotions: emotions), lastIndexIsWhole, let manifest {
            return .keep(manifest.paths(withPrefix: SearchIndexBuilder.folder).filter(SearchIndexBuilder.isIndexFile))
        }
        guard lastSignature != nil, lastIndexIsWhole, let manifest, known != nil || store.exists else { return .rebuild(afterTrying: false) }
        let knownState = known.flatMap { SearchIndexStore.describes($0, signature: lastSignature) ? $0 : nil }
        guard let previous = knownState ?? store.load(signature: lastSignature),
              let update = SearchIndexUpdate(builder: searchIndexBuilder(index: index, emotions: emotions), previous: previous)
                .update(context: signer.searchContext(emotions: emotions), versions: signer.entryVersions,
                        loadFile: { store.indexFile($0, manifest: manifest) }) else { return .rebuild(afterTrying: true) }
        return .update(update)
    }

    /// Makes the search index's files for this build as `plan` says, and hands them to `write`, a
    /// batch at a time when built in full (so that they need not all be in memory at once). The
    /// index depends on every entry: it stays as it is when none changed, is updated when a few did
    /// (`SearchIndexUpdate`), and is built in full when that cannot give the right index.
    static func searchIndex(index: SiteIndex, emotions: [Emotion], signer: PageSignatures, plan: SearchIndexPlan,
                            retitle: (String) -> Void, write: ([OutputFile]) throws -> Void) throws -> SearchIndexOutput {
        var output = SearchIndexOutput(signature: signer.searchSignature(emotions: emotions))
        switch plan {
        case .keep(let files):
            output.kept = files
            return output
        case .update(let update):
            retitle("Update the search index")
            try write(outputFiles(update.changed, writtenInto: &output.written))
            output.kept = update.unchanged
            output.state = update.state
            output.outcome = .updated
            return output
        case .rebuild(let afterTrying):
            if afterTrying { retitle("Update the search index") }
        }
        retitle("Index \(BuildPipeline.count(index.entries.count)) entries for search")
        output.state = try searchIndexBuilder(index: index, emotions: emotions)
            .index(context: signer.searchContext(emotions: emotions), versions: signer.entryVersions) { files in
                try write(outputFiles(files, writtenInto: &output.written))
            }
        output.outcome = .rebuilt
        return output
    }

    private static func searchIndexBuilder(index: SiteIndex, emotions: [Emotion]) -> SearchIndexBuilder {
        SearchIndexBuilder(entries: index.entries, emotions: emotions, urls: URLMap(baseURL: index.config.baseURL),
                           searchFields: index.config.searchFields)
    }

    /// `files` as output files in path order, their paths added to `written`.
    private static func outputFiles(_ files: [String: [UInt8]], writtenInto written: inout [String]) -> [OutputFile] {
        let paths = files.keys.sorted()
        written += paths
        return paths.map { OutputFile(path: $0, content: .bytes(files[$0]!)) }
    }
}
