import BuildSupport
import DiaryModel
import SiteOutput

/// The file of the build cache that tells the next build whether anything changed: the
/// fingerprint of the last build's inputs (`InputFingerprint`), with the counts that build
/// reports when nothing did, and the keys of what it need not write again.
struct SavedInputs: CacheRecord, Equatable {
    static var file: BuildCache.File { .inputs }

    var fingerprint: InputFingerprint
    var entryCount: Int
    var pageCount: Int
    /// `BuildState.pictureFilesKey`.
    var pictureFilesKey: UInt64
    /// `BuildState.entrySourcesKey`.
    var entrySourcesKey: UInt64

    init(fingerprint: InputFingerprint, entryCount: Int, pageCount: Int, pictureFilesKey: UInt64, entrySourcesKey: UInt64) {
        self.fingerprint = fingerprint
        self.entryCount = entryCount
        self.pageCount = pageCount
        self.pictureFilesKey = pictureFilesKey
        self.entrySourcesKey = entrySourcesKey
    }

    func write(into writer: inout BinaryWriter) {
        writer.write(fingerprint.listing)
        writer.write(fingerprint.recentContent)
        writer.write(entryCount)
        writer.write(pageCount)
        writer.write(pictureFilesKey)
        writer.write(entrySourcesKey)
        writer.write(fingerprint.recentFiles)
    }

    init?(reading reader: inout BinaryReader) {
        guard let listing = reader.uint64(), let recentContent = reader.uint64(), let entryCount = reader.int(),
              let pageCount = reader.int(), let pictureFilesKey = reader.uint64(), let entrySourcesKey = reader.uint64(),
              let recentFiles = reader.strings() else { return nil }
        self.init(fingerprint: InputFingerprint(listing: listing, recentFiles: recentFiles, recentContent: recentContent),
                  entryCount: entryCount, pageCount: pageCount, pictureFilesKey: pictureFilesKey, entrySourcesKey: entrySourcesKey)
    }
}
