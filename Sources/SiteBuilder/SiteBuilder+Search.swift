import DiaryIndex
import DiaryModel
import DiarySearch

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

    /// Makes the search index's files for this build and hands them to `write`, a batch at a time
    /// when built in full (so that they need not all be in memory at once). The index depends on
    /// every entry: it stays as it is when none changed, is updated when a few did
    /// (`SearchIndexUpdate`), and is built in full when that cannot give the right index.
    /// - Parameters:
    ///   - manifest: what the last build wrote (nil when unknown); `missing`: which of those files are gone.
    ///   - known: the state of the index as a session's last build left it, when it has it in memory.
    static func searchIndex(index: SiteIndex, emotions: [Emotion], signer: PageSignatures, lastSignature: UInt64?,
                            manifest: [String: String]?, missing: Set<String>, store: SearchIndexStore,
                            known: SearchIndexState? = nil, retitle: (String) -> Void,
                            write: ([OutputFile]) throws -> Void) throws -> SearchIndexOutput {
        let signature = signer.searchSignature(emotions: emotions)
        var output = SearchIndexOutput(signature: signature)
        // Kept or updated files must all be there; otherwise only a full build rewrites the lost ones.
        let lastIndexIsWhole = manifest?[SearchIndexBuilder.manifestPath] != nil && !missing.contains(where: SearchIndexBuilder.isIndexFile)
        if lastSignature == signature, lastIndexIsWhole, let manifest {
            output.kept = manifest.keys.filter(SearchIndexBuilder.isIndexFile)
            return output
        }
        let builder = SearchIndexBuilder(entries: index.entries, emotions: emotions, urls: URLMap(baseURL: index.config.baseURL),
                                         searchFields: index.config.searchFields)
        let context = signer.searchContext(emotions: emotions)
        if lastSignature != nil, lastIndexIsWhole, let manifest, known != nil || store.exists {
            retitle("Update the search index")
            let knownState = known.flatMap { SearchIndexStore.describes($0, signature: lastSignature) ? $0 : nil }
            if let previous = knownState ?? store.load(signature: lastSignature),
               let update = SearchIndexUpdate(builder: builder, previous: previous)
                .update(context: context, versions: signer.entryVersions, loadFile: { store.indexFile($0, manifest: manifest) }) {
                try write(outputFiles(update.changed, writtenInto: &output.written))
                output.kept = update.unchanged
                output.state = update.state
                output.outcome = .updated
                return output
            }
        }
        retitle("Index \(BuildPipeline.count(index.entries.count)) entries for search")
        output.state = try builder.index(context: context, versions: signer.entryVersions) { files in
            try write(outputFiles(files, writtenInto: &output.written))
        }
        output.outcome = .rebuilt
        return output
    }

    /// `files` as output files in path order, their paths added to `written`.
    private static func outputFiles(_ files: [String: [UInt8]], writtenInto written: inout [String]) -> [OutputFile] {
        let paths = files.keys.sorted()
        written += paths
        return paths.map { OutputFile(path: $0, content: .bytes(files[$0]!)) }
    }
}
