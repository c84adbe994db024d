import BuildSupport
import DiaryFiles
import DiaryModel
import Foundation
import SitePages

/// Daybook's build cache: the diary's `.daybook/` folder, beside Content/ and never inside the
/// output folder, so nothing a build remembers (entry texts, drafts, deleted entries, local
/// paths) is ever published (SPEC §7, §8).
///
/// This is the one place that names the cache's files, and every file starts with the same
/// header and format version in the same binary coding (`BinaryWriter`), and nothing else does:
/// what follows is one record (`CacheRecord`), read and written by its own type. A file that is
/// missing, damaged, foreign or from another version reads as nil: the build that wanted it
/// does more work, never a wrong one.
///
/// What is known about Content/ (parsed entries, processed pictures in `pictures/`) is kept once for the diary;
/// what is known about an output folder (what was written there, page signatures, the search
/// index's state) is kept per output folder, so building into another `--output` does not
/// disturb the first one.
package struct BuildCache {
    package static let folderName = ".daybook"

    /// Bump when any file's layout, the parser's output (the entry cache) or the pages' shape
    /// changes: a Daybook with another version ignores the whole cache and builds everything once.
    package static let formatVersion = 18

    private static let magic = "daybook-cache"

    package enum File: String, CaseIterable {
        /// The entry cache: every entry file's last reading.
        case entries = "entries.bin"
        /// What the last build wrote into the output folder, with a fingerprint of each file.
        case manifest = "manifest.bin"
        /// A signature of each page's inputs.
        case pageSignatures = "pages.bin"
        /// Each entry's version (what pages show of it), under the stamp of its file's reading.
        case entryVersions = "versions.bin"
        /// The nothing-changed fingerprint of all inputs, and the counts of the last build.
        case inputs = "inputs.bin"
        /// The search index's state, for updating it in place.
        case searchState = "search.bin"
        /// Each published entry's Markdown file, by entry id: `daybook search` names them, the
        /// published index does not.
        case entrySources = "entry-sources.bin"
        /// The output folder's folders as the last check for missing files found them (`FolderStamps`).
        case folderStamps = "folders.bin"
        /// Content/'s folders as the last listing found them (`ListingMemory`).
        case contentListing = "content-folders.bin"
        /// Content/'s folders and files as the last listing found them (`TreeSnapshot`).
        case contentSnapshot = "content-snapshot.bin"
        /// An encrypted site's salt and the password check of its keys, as releases before key
        /// slots kept them: read once, to move such a site to key slots.
        case encryption = "encryption.bin"
        /// An encrypted site's key slots as published, with each slot's label and date: never a
        /// password or a key. Not a cache: it keeps its own format version (`version(of:)`).
        case keySlots = "key-slots.bin"
        /// Of an encrypted output: each published path's address, under the keys it was made with.
        case publishedAddresses = "published-addresses.bin"

        /// Whether the file describes one output folder rather than the diary.
        var isPerOutput: Bool {
            switch self {
            case .entries, .encryption, .keySlots, .contentListing, .contentSnapshot: return false
            case .manifest, .pageSignatures, .entryVersions, .inputs, .searchState, .entrySources, .publishedAddresses, .folderStamps:
                return true
            }
        }
    }

    /// `<diary>/.daybook`.
    package let folder: String
    /// `<diary>/.daybook/outputs/<key of the output folder>`.
    package let outputFolder: String

    package init(root: URL, output: URL) {
        folder = root.standardizedFileURL.path + "/" + Self.folderName
        var hasher = StableHasher()
        hasher.combine(output.standardizedFileURL.path)
        outputFolder = folder + "/outputs/" + String(hasher.value, radix: 16)
    }

    /// `<diary>/.daybook/outputs/<key>/staging`: the pages of a build into this output folder
    /// rendered but not yet published (`PageStaging`).
    var stagingFolder: String { outputFolder + "/staging" }

    /// `<diary>/.daybook/pictures`: the processed pictures (`PictureCache`), shared by every output folder.
    package var pictureFolder: String { folder + "/pictures" }

    package func path(of file: File) -> String {
        (file.isPerOutput ? outputFolder : folder) + "/" + file.rawValue
    }

    /// The record saved in its file; nil when there is none, or it is damaged (to its last byte)
    /// or not this version's.
    package func read<Record: CacheRecord>(_ type: Record.Type) -> Record? {
        guard let saved = LocalFiles.readBytes(path(of: Record.file)) else { return nil }
        let bytes = SharedBytes(saved)
        guard let body = Self.body(of: bytes, as: Record.file) else { return nil }
        var reader = BinaryReader(bytes, window: body)
        return Record(readingToEnd: &reader)
    }

    /// Saves `record` in its file, atomically, behind the header.
    package func write<Record: CacheRecord>(_ record: Record) throws {
        try write(Record.file, record.encoded())
    }

    /// The bytes saved as `file`, after the header; nil when there are none or they are not this
    /// version's.
    package func read(_ file: File) -> [UInt8]? {
        readWithIdentity(file)?.body
    }

    /// The same, with the identity of the file they were read from (`identity(of:)` tells
    /// later whether it is still the one saved).
    func readWithIdentity(_ file: File) -> (body: [UInt8], identity: FileIdentity)? {
        guard case (var bytes, let identity)? = LocalFiles.readBytesAndIdentity(path(of: file)),
              let body = Self.body(of: SharedBytes(bytes), as: file) else { return nil }
        bytes.removeFirst(body.lowerBound)
        return (bytes, identity)
    }

    /// The file saved as `file` as it is on disk now; nil when there is none.
    package func identity(of file: File) -> FileIdentity? {
        FileIdentity.of(path(of: file))
    }

    /// The file saved as `file` mapped into memory, and where in it the body after the header
    /// lies; nil as for `read`. For the entry cache: tens or hundreds of megabytes, of which a
    /// build reads the bodies of a few entries.
    package func map(_ file: File) -> (bytes: SharedBytes, body: Range<Int>)? {
        guard let bytes = LocalFiles.map(path(of: file)), let body = Self.body(of: bytes, as: file) else { return nil }
        return (bytes, body)
    }

    /// Where the body lies after a header that names `file` in its format version.
    private static func body(of bytes: SharedBytes, as file: File) -> Range<Int>? {
        var reader = BinaryReader(bytes, window: 0..<bytes.count)
        guard reader.string() == magic, reader.int() == version(of: file), reader.string() == file.rawValue else { return nil }
        return reader.offset..<bytes.count
    }

    /// The format version of `file`'s header: the cache's, but for the record of the key slots,
    /// which holds what a build cannot make again (the slots' labels and dates) and keeps its own,
    /// so that a Daybook that changes the cache's format still reads it.
    package static func version(of file: File) -> Int {
        file == .keySlots ? keySlotsFormatVersion : formatVersion
    }

    /// The format version of the record of the key slots (`KeySlotRecord`).
    static let keySlotsFormatVersion = 1

    /// Saves `body` as `file`, atomically, behind the header.
    package func write(_ file: File, _ body: [UInt8]) throws {
        try write(file) { write in write(body) }
    }

    /// Saves as `file` the body `produce` hands over a part at a time (the entry cache: hundreds
    /// of megabytes, never held whole).
    package func write(_ file: File, parts produce: (_ write: ([UInt8]) -> Void) -> Void) throws {
        let header = Self.header(of: file)
        let target = path(of: file)
        try FileManager.default.createDirectory(atPath: String(target[..<target.lastIndex(of: "/")!]), withIntermediateDirectories: true)
        // Two non-escaping closures may not be passed one into the other; neither outlives this call.
        try withoutActuallyEscaping(produce) { produce in
            try AtomicFile.write(to: target) { write in
                write(header)
                produce(write)
            }
        }
        // What was set aside is replaced: never put back over this.
        unlink(setAsidePath(of: file))
    }

    /// Writes each patch (a place in the body, and bytes as many as those it replaces) over the saved
    /// `file`, in place, if it is still the file `identity` names, and moves its modification time
    /// on, so that its identity is a new one. False when it is another file now, or a write failed:
    /// then it may hold some of the patches, and must be saved whole.
    package func patch(_ file: File, _ patches: [(offset: Int, bytes: [UInt8])], ifStill identity: FileIdentity) -> Bool {
        let headerCount = Self.header(of: file).count
        return FilePatch.write(patches.map { (headerCount + $0.offset, $0.bytes) }, to: setAsidePath(of: file), ifStill: identity)
            && rename(setAsidePath(of: file), path(of: file)) == 0
    }

    /// Moves the saved `file` out of the way: it is not there for anyone to read until `patch`
    /// puts it back with changes, or a new one is saved. A build moves its record of the output
    /// aside while it writes, so that one stopped midway leaves none, yet an edit needs to write
    /// only a few lines of it back.
    package func setAside(_ file: File) {
        rename(path(of: file), setAsidePath(of: file))
    }

    private func setAsidePath(of file: File) -> String {
        path(of: file) + ".set-aside"
    }

    /// What every file of this cache starts with: the magic word, the format version (another
    /// one only to test that such a file is refused) and the file's name.
    package static func header(of file: File, version: Int? = nil) -> [UInt8] {
        var header = BinaryWriter()
        header.write(magic)
        header.write(version ?? Self.version(of: file))
        header.write(file.rawValue)
        return header.bytes
    }

    package func remove(_ file: File) {
        unlink(path(of: file))
        unlink(setAsidePath(of: file))
    }

    /// The file's size and modification time, to tell whether it is still the one last saved.
    package func status(of file: File) -> FileStatus? {
        FileStatus.of(path(of: file))
    }
}
