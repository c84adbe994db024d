import DiaryFiles
import DiaryReader
import DiarySearch
import Foundation
import SiteOutput

/// Where a build keeps the search index's state (in the build cache) for the next build to
/// update the index from, and how it reads back the index files it wrote.
///
/// The state is removed before a build changes the index and saved again once the index is
/// written, so a saved state always describes the files in the folder; it must also match the
/// search signature the last build recorded. Anything else means a full index build.
struct SearchIndexStore {
    let cache: BuildCache
    let folder: OutputFolder
    /// The encryption the index files were written with, if any.
    var encryption: OutputEncryption? = nil

    var exists: Bool { cache.status(of: .searchState) != nil }

    /// The saved state, when it describes the index whose search signature the last build recorded.
    func load(signature: UInt64?) -> SearchIndexState? {
        guard let state = cache.read(SearchIndexState.self), Self.describes(state, signature: signature) else { return nil }
        return state
    }

    /// Whether `state` is that of the index whose search signature is `signature`.
    static func describes(_ state: SearchIndexState, signature: UInt64?) -> Bool {
        PageSignatures.searchSignature(context: state.context, versions: state.entryVersions) == signature
    }

    func save(_ state: SearchIndexState) throws {
        try cache.write(state)
    }

    /// Removes the state, before a build changes the index.
    func forget() {
        cache.remove(.searchState)
    }

    /// An index file's bytes as the last build wrote them (decrypted, in an encrypted site): nil
    /// when it is missing or its bytes are not the ones the manifest records.
    func indexFile(_ sitePath: String, manifest: ManifestView) -> [UInt8]? {
        guard let expected = manifest[sitePath],
              let stored = folder.store.read(encryption?.publishedPath(of: sitePath) ?? sitePath),
              let bytes = encryption.map({ try? $0.encryptor.decrypt(stored, at: sitePath) }) ?? stored else { return nil }
        return OutputWriter.fingerprint(of: .bytes(bytes)) == expected ? bytes : nil
    }
}

extension SearchIndexState: CacheRecord {
    package static var file: BuildCache.File { .searchState }
}
