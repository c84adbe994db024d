import BuildSupport
import DiaryFiles
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
import SiteEncryption
import SiteOutput
import SitePages

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
        /// Content/ as its snapshot found it, unchanged, when it was not listed: `content` is
        /// made from it when a build goes on (`makeContent`).
        var unchangedContent: (snapshot: TreeSnapshot, look: TreeSnapshot.Look)?
        /// A hash of Content/'s files (`contentHash(of:)`), when already known.
        var contentHash: UInt64?
        /// What the listing of Content/ remembers of its folders for the next one, when it was
        /// given a memory and found it changed; nil when the saved memory still stands.
        var newContentMemory: ListingMemory?
        /// The snapshot of Content/ to save for the next build, when it changed: `.some(nil)`
        /// when the saved one no longer holds and none can replace it.
        var newContentSnapshot: TreeSnapshot??

        init(content: [FileStatus]?, theme: [FileStatus]?) {
            self.content = content
            self.theme = theme
        }

        /// Lists both folders of the diary at `root`. Content/ is first looked at against its
        /// `snapshot` (`TreeSnapshot`): while its folders hold, only its files' sizes and times
        /// are read. Otherwise it is listed with `contentMemory`, the memory of the last listing,
        /// remembering the folders last changed before `settledBefore` (`ListingMemory`).
        /// `recentAfter` is the fingerprint's racy window's start.
        static func read(root: URL, contentMemory: (load: () -> ListingMemory, settledBefore: Int)? = nil,
                         snapshot: TreeSnapshot? = nil, recentAfter: Int = 0) -> Listing {
            func path(_ folder: String) -> String { root.appendingPathComponent(folder).resolvingSymlinksInPath().path }
            let contentFolder = path(ContentFiles.folderName)
            let theme = FileStatus.list(path(Theme.folderName))
            if let snapshot, let look = snapshot.look(in: contentFolder, recentAfter: recentAfter) {
                guard !look.changed.isEmpty else {
                    var listing = Listing(content: nil, theme: theme)
                    listing.unchangedContent = (snapshot, look)
                    listing.contentHash = snapshot.fingerprint
                    return listing
                }
                var listing = Listing(content: snapshot.files(as: look), theme: theme)
                let hash = InputFingerprint.contentHash(of: listing.content)
                listing.contentHash = hash
                listing.newContentSnapshot = snapshot.updated(by: look, fingerprint: hash)
                return listing
            }
            let content = FileStatus.list(contentFolder, remembering: contentMemory.map { ($0.load(), $0.settledBefore) })
            var listing = Listing(content: content.files, theme: theme)
            listing.newContentMemory = content.memoryChanged ? content.memory : nil
            if contentMemory != nil {
                let hash = InputFingerprint.contentHash(of: content.files)
                listing.contentHash = hash
                let made = TreeSnapshot(content, fingerprint: hash)
                if made != nil || snapshot != nil { listing.newContentSnapshot = .some(made) }
            }
            return listing
        }

        /// Saves what changed of the listing's memory and snapshot of Content/ for the next build.
        func saveContentMemories(in cache: BuildCache) throws {
            if let newContentMemory { try cache.write(newContentMemory) }
            switch newContentSnapshot {
            case .some(.some(let snapshot)): try cache.write(snapshot)
            case .some(.none): cache.remove(.contentSnapshot)
            case .none: break
            }
        }

        /// Makes `content` from the snapshot when Content/ was found unchanged without a listing.
        mutating func makeContent() {
            guard let (snapshot, look) = unchangedContent else { return }
            content = snapshot.files(as: look)
            unchangedContent = nil
        }
    }

    /// A hash of the name, size and time of every file of Content/ as `files` lists them.
    static func contentHash(of files: [FileStatus]?) -> UInt64 {
        var hasher = StableHasher()
        guard let files else {
            hasher.combine("no \(ContentFiles.folderName)")
            return hasher.value
        }
        for file in files {
            hasher.combine(file.path)
            hasher.combine(file.size)
            hasher.combine(file.modified)
        }
        return hasher.value
    }

    /// The fingerprint of the diary at `root` as it is now, and the listing it made, for the
    /// reader to reuse (`ContentFiles(listing:)`).
    /// `configBytes` are daybook.yml's bytes as the build read them (nil when there is none);
    /// `contentMemory` loads what the last listing of Content/ remembered, needed only when
    /// `contentSnapshot`, the snapshot the last build kept of it, no longer holds (`Listing.read`).
    static func compute(root: URL, options: SiteBuilder.Options, output: URL, configBytes: [UInt8]?,
                        contentMemory: (() -> ListingMemory)? = nil, contentSnapshot: TreeSnapshot? = nil,
                        now: Date = Date()) -> (fingerprint: InputFingerprint, listing: Listing) {
        let nanoseconds = Int(now.timeIntervalSince1970 * 1_000_000_000)
        let listing = Listing.read(root: root, contentMemory: contentMemory.map { ($0, nanoseconds - options.folderSettling) },
                                   snapshot: contentSnapshot, recentAfter: nanoseconds - EntryCache.racyWindow)
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
        // Another site key publishes other files: never "nothing changed".
        hasher.combine(options.encryption?.keyID ?? [])
        // Nor are other slots (a changed password), or another version's unlock page and reader: an upgrade of Daybook publishes its own.
        if let keys = options.encryption {
            for (path, bytes) in UnlockPage(keys: keys, baseURL: "/").files.sorted(by: { $0.key < $1.key }) {
                hasher.combine(path)
                hasher.combine(bytes)
            }
        }
        hasher.combine(output.path)
        hasher.combine(TimeZone.current.identifier)
        hasher.combine(configBytes ?? [])
        for name in DefaultTheme.files.keys.sorted() {
            hasher.combine(name)
            hasher.combine(DefaultTheme.files[name]!)
        }
        if let files = listing.theme {
            for file in files {
                if file.modified >= racyAfter { recentFiles.append(Theme.folderName + "/" + file.path) }
                hasher.combine(file.path)
                hasher.combine(file.size)
                hasher.combine(file.modified)
            }
        } else {
            hasher.combine("no \(Theme.folderName)")
        }
        hasher.combine(listing.contentHash ?? contentHash(of: listing.content))
        let contentRecent = listing.unchangedContent?.look.recent
            ?? (listing.content ?? []).lazy.filter { $0.modified >= racyAfter }.map(\.path)
        recentFiles += contentRecent.sorted().map { ContentFiles.folderName + "/" + $0 }
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
