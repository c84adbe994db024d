import DiaryFiles
import DiaryIndex
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
import Pictures
import SiteOutput
import SitePages

/// What a build may take from the builds before it, asked by each step: the memory a serve
/// session kept of its last build into the same folder with the same options, or else the build
/// cache the last build saved, or nothing at all (a clean build).
struct LastBuild {
    /// The session whose memory this build may use; nil when there is none for it.
    let memory: BuildSession?
    /// The options and output folder a session's memory belongs to.
    let sessionKey: String
    /// Whether the build cache may be read (not a clean build).
    let mayReadCache: Bool
    private let cache: BuildCache

    /// A session's memory serves only plain builds with the same options into the same folder;
    /// one it cannot serve is saved to the cache, which then describes the folder, and forgotten.
    init(session: BuildSession?, options: SiteBuilder.Options, output: URL, encrypted: Bool, cache: BuildCache) throws {
        sessionKey = "\(output.path)|\(options.includeDrafts)|\(options.strict)"
        memory = session?.key == sessionKey && !options.clean && !options.dryRun && !encrypted ? session : nil
        mayReadCache = !options.clean
        self.cache = cache
        if let session, memory == nil {
            try session.saveState()
            session.reset()
        }
    }

    // MARK: Checking for changes

    /// The folders of Content/ the last listing found still, so that this one need not read them.
    func contentMemory() -> ListingMemory {
        mayReadCache ? cache.read(ListingMemory.self) ?? ListingMemory() : ListingMemory()
    }

    /// Content/'s folders and files as the last listing found them.
    func contentSnapshot() -> TreeSnapshot? {
        mayReadCache ? cache.read(TreeSnapshot.self) : nil
    }

    // MARK: Reading

    /// The state the last build left: nothing for a clean build, the session's, or nil when it
    /// is to be loaded from the cache.
    var keptState: BuildState? {
        mayReadCache ? memory?.state : BuildState()
    }

    /// The session's last reading, which a reading of only the changed files starts from.
    var reading: (result: DiaryReadResult, files: ContentFiles)? { memory?.reading }

    /// The compiled theme, when the session's was compiled from the same files, locale and timezone.
    func theme(key: UInt64) -> CompiledTheme? {
        memory?.theme.flatMap { $0.key == key ? $0.compiled : nil }
    }

    // MARK: Indexing

    /// The session's last site index brought up to date with `diary`'s entries, while they keep
    /// their shape (an edit of an entry's text) under the same configuration and emotions.
    func siteIndex(for diary: Diary, configKey: String) -> SiteIndex? {
        memory?.siteIndex.flatMap { memo -> SiteIndex? in
            guard memo.configKey == configKey, memo.emotions == diary.emotions,
                  SiteIndex.haveSameShape(diary.entries, memo.index.entries) else { return nil }
            return SiteIndex(memo.index, entries: diary.entries)
        }
    }

    /// The session's last statistics, brought up to date with a kept index's words.
    func stats(updatedFor index: SiteIndex) -> DiaryStats? {
        memory?.siteIndex.map { $0.stats.updatingWords(from: $0.index.entries, to: index.entries) }
    }

    /// The session's last pictures, while the index is kept and no file but an entry changed.
    func pictures(indexIsKept: Bool, onlyEntriesChanged: Bool) -> PublishedPictures? {
        indexIsKept && onlyEntriesChanged ? memory?.pictures : nil
    }

    // MARK: Planning and rendering

    /// The entries' versions the session worked out, so unchanged entries are not hashed again.
    var entryVersions: EntryVersions { memory?.entryVersions ?? EntryVersions() }

    /// The session's last plan, taken out of it: its arrays are this build's alone and change in place.
    func takePlan() -> BuildSession.PlanMemo? {
        let plan = memory?.plan
        memory?.plan = nil
        return plan
    }

    /// The search index's state as the session's last build left it.
    var searchState: SearchIndexState? { memory?.searchState }

    /// The entry cards the session's builds made, while the index and pictures are kept.
    func cards(indexIsKept: Bool, picturesAreKept: Bool) -> [Int: SiteValues.Card] {
        indexIsKept && picturesAreKept ? memory?.cards ?? [:] : [:]
    }

    /// The picture files the session's last build wrote, when made from the same pictures.
    func pictureFiles(of pictures: PublishedPictures) -> [OutputFile]? {
        memory?.pictureFiles.flatMap { $0.pictures == pictures ? $0.files : nil }
    }

    /// The search index files the session's last build wrote or kept.
    var searchFiles: [String]? { memory?.searchFiles }
}
