import DiaryFiles
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation

/// A fingerprint of everything a build reads: Daybook's own version, the options, daybook.yml,
/// the theme, and the name, size and modification time of every file under Content/ and Templates/.
///
/// File systems stamp modification times with a coarse clock, so a file saved twice within one
/// tick keeps its time. A file modified within `EntryCache.racyWindow` of the build's start is
/// therefore also fingerprinted by its bytes, read before the build reads it; the next build
/// compares those bytes again before it trusts that nothing changed (as git does for its index).
struct InputFingerprint: Equatable {
    /// Names, sizes and times of all inputs, and the options.
    var listing: UInt64
    /// Files (relative to the diary) modified close to the build's start, in path order.
    var recentFiles: [String]
    /// A hash of those files' bytes.
    var recentContent: UInt64

    /// Whether the inputs are exactly those `saved` was taken from: the same listing, and the
    /// same bytes in the files that were recent then.
    func matches(_ saved: InputFingerprint?, root: URL) -> Bool {
        guard let saved, saved.listing == listing else { return false }
        return Self.contentHash(of: saved.recentFiles, root: root) == saved.recentContent
    }

    /// The diary's inputs as listed: Content/ and Templates/ (paths relative to each folder,
    /// sorted; nil for a folder that cannot be read).
    struct Listing {
        var content: [FileStatus]?
        var theme: [FileStatus]?
        /// What the listing of Content/ remembers of its folders for the next one, when it was
        /// given a memory and found it changed; nil when the saved memory still stands.
        var newContentMemory: ListingMemory?

        /// Lists both folders of the diary at `root`; Content/ with `contentMemory`, the memory of
        /// the last listing, remembering the folders last changed before `settledBefore` (`ListingMemory`).
        static func read(root: URL, contentMemory: (memory: ListingMemory, settledBefore: Int)? = nil) -> Listing {
            func path(_ folder: String) -> String { root.appendingPathComponent(folder).resolvingSymlinksInPath().path }
            let content = FileStatus.list(path(ContentFiles.folderName), remembering: contentMemory)
            return Listing(content: content.files, theme: FileStatus.list(path(Theme.folderName)),
                           newContentMemory: content.memoryChanged ? content.memory : nil)
        }
    }

    /// The fingerprint of the diary at `root` as it is now, and the listing it made, for the
    /// reader to reuse (`ContentFiles(listing:)`).
    /// `configBytes` are daybook.yml's bytes as the build read them (nil when there is none);
    /// `contentMemory` what the last listing of Content/ remembered (`Listing.read`).
    static func compute(root: URL, options: SiteBuilder.Options, output: URL, configBytes: [UInt8]?,
                        contentMemory: ListingMemory? = nil, now: Date = Date()) -> (fingerprint: InputFingerprint, listing: Listing) {
        let settledBefore = Int(now.timeIntervalSince1970 * 1_000_000_000) - options.folderSettling
        let listing = Listing.read(root: root, contentMemory: contentMemory.map { ($0, settledBefore) })
        return (compute(root: root, options: options, output: output, configBytes: configBytes, listing: listing, now: now), listing)
    }

    /// The fingerprint of the diary at `root` with its folders as `listing` says.
    static func compute(root: URL, options: SiteBuilder.Options, output: URL, configBytes: [UInt8]?, listing: Listing,
                        now: Date = Date()) -> InputFingerprint {
        let racyAfter = Int(now.timeIntervalSince1970 * 1_000_000_000) - EntryCache.racyWindow
        var recentFiles: [String] = []
        var hasher = StableHasher()
        hasher.combine(BuildCache.formatVersion)
        hasher.combine(SearchIndexBuilder.formatVersion)
        hasher.combine(options.includeDrafts)
        hasher.combine(options.strict)
        // Another password or salt publishes other files: never "nothing changed".
        hasher.combine(options.encryption?.passwordCheck ?? [])
        hasher.combine(output.path)
        hasher.combine(TimeZone.current.identifier)
        hasher.combine(configBytes ?? [])
        for name in DefaultTheme.files.keys.sorted() {
            hasher.combine(name)
            hasher.combine(DefaultTheme.files[name]!)
        }
        for (folder, files) in [(Theme.folderName, listing.theme), (ContentFiles.folderName, listing.content)] {
            guard let files else {
                hasher.combine("no \(folder)")
                continue
            }
            for file in files {
                if file.modified >= racyAfter { recentFiles.append(folder + "/" + file.path) }
                hasher.combine(file.path)
                hasher.combine(file.size)
                hasher.combine(file.modified)
            }
        }
        return InputFingerprint(listing: hasher.value, recentFiles: recentFiles, recentContent: contentHash(of: recentFiles, root: root))
    }

    private static func contentHash(of paths: [String], root: URL) -> UInt64 {
        var hasher = StableHasher()
        for path in paths {
            hasher.combine(path)
            if let bytes = LocalFiles.readBytes(root.path + "/" + path) {
                hasher.combine(bytes)
            } else {
                hasher.combine("unreadable")
            }
        }
        return hasher.value
    }
}
