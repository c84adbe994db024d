import DiaryReader
import DiarySearch
import Foundation

/// Where a build keeps the search index's state (`<output>/.daybook/search.bin`) for the next
/// build to update the index from, and how it reads back the index files it wrote.
///
/// The state is removed before a build changes the index and saved again once the index is
/// written, so a saved state always describes the files in the folder; it must also match the
/// search signature the last build recorded. Anything else means a full index build.
struct SearchIndexStore {
    static let fileName = "search.bin"

    let folder: OutputFolder

    private var path: String { folder.url.appendingPathComponent(OutputFolder.stateFolder).appendingPathComponent(Self.fileName).path }

    var exists: Bool { FileStatus.of(path) != nil }

    /// The saved state, when it describes the index whose search signature the last build recorded.
    func load(signature: UInt64?) -> SearchIndexState? {
        guard let signature, let data = FileManager.default.contents(atPath: path),
              let state = SearchIndexState(decoding: [UInt8](data)),
              PageSignatures.searchSignature(context: state.context, versions: state.entryVersions) == signature else { return nil }
        return state
    }

    func save(_ state: SearchIndexState) throws {
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(OutputFolder.stateFolder), withIntermediateDirectories: true)
        try AtomicFile.write(state.encoded(), to: path)
    }

    /// Removes the state, before a build changes the index.
    func forget() {
        unlink(path)
    }

    /// An index file's bytes as the last build wrote them: nil when it is missing or its bytes
    /// are not the ones the manifest records.
    func indexFile(_ sitePath: String, manifest: [String: String]) -> [UInt8]? {
        guard let expected = manifest[sitePath],
              let data = FileManager.default.contents(atPath: folder.url.path + "/" + sitePath) else { return nil }
        let bytes = [UInt8](data)
        return OutputWriter.fingerprint(of: .bytes(bytes)) == expected ? bytes : nil
    }
}
