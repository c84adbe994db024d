import DiaryFiles
import DiaryIndex
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
import SitePages
import Templating

/// What one process keeps between builds of the same diary (`daybook serve`): the listing of
/// Content/, what the output folder holds, the last build's state and the compiled theme. With
/// the paths a watcher saw change, the next build looks only at those files instead of listing
/// the diary and the output folder again. The build cache is saved only when the session is
/// told to (`saveState()`: serve does it once the diary has been quiet for a moment); until
/// then each build's save replaces the last one's.
///
/// Builds with a session must run one at a time, and nothing else may write the output folder
/// meanwhile (the session trusts that it holds what the last build wrote).
public final class BuildSession: @unchecked Sendable {
    /// The options and output folder the kept state belongs to.
    var key: String?
    var configFile: ConfigFile?
    /// Content/ as listed (paths relative to it, sorted), and Templates/.
    var contentListing: [FileStatus]?
    var themeListing: [FileStatus]?
    /// What the output folder holds: output path → fingerprint.
    var manifest: [String: String]?
    var state: BuildState?
    /// The theme as last loaded and compiled, with the fingerprint of what it was loaded from.
    var theme: (key: UInt64, compiled: CompiledTheme)?
    /// The last build's entry versions, so unchanged entries are not hashed again.
    var entryVersions = EntryVersions()
    /// The save of the last build's state, not yet done.
    var pendingSave: BuildCacheSave?
    /// The search index's state as the last build left it.
    var searchState: SearchIndexState?
    /// The search index's files the last build wrote or kept.
    var searchFiles: [String]?

    /// The last build's pages and signatures, for a next build with the same page plan.
    var plan: PlanMemo?
    /// The last build's reading of the diary, with the files of Content/ it was read among.
    var reading: (result: DiaryReadResult, files: ContentFiles)?
    /// The last build's site index and statistics, with the configuration and emotions they were made with.
    var siteIndex: (configKey: String, emotions: [Emotion], index: SiteIndex, stats: DiaryStats)?
    /// Entry cards built so far, for builds that keep the site index and pictures.
    var cards: [Int: SiteValues.Card] = [:]
    /// The last build's published pictures.
    var pictures: PublishedPictures?
    /// The last build's picture files, with the pictures they were made from.
    var pictureFiles: (pictures: PublishedPictures, files: [OutputFile])?

    /// A build's page plan and signatures, and what they were worked out from: a next build that
    /// keeps the site index (the entries kept their shape) and whose signature context is the same keeps the pages, takes the statistics pages
    /// anew, and signs again only those and the pages of the entries whose version changed.
    struct PlanMemo {
        var pages: [PlannedPage]
        /// Per entry (index into the site index's entries): the positions of the pages that show it.
        var pagesOfEntry: [[Int]]
        /// The positions of the pages drawn from the statistics (`PageContent.isStatistics`).
        var statisticsPages: [Int]
        var context: PageSignatures.Context
        var versions: [UInt64]
        var signatures: [UInt64]
    }

    public init() {}

    /// Saves the state the last build left for the next one into the build cache, if it has
    /// not been saved yet.
    public func saveState() throws {
        let save = pendingSave
        pendingSave = nil
        try save?.run()
    }

    /// Forgets everything kept: the next build looks at the whole diary and output folder.
    func reset() {
        key = nil
        configFile = nil
        contentListing = nil
        themeListing = nil
        manifest = nil
        state = nil
        theme = nil
        entryVersions = EntryVersions()
        pendingSave = nil
        searchState = nil
        searchFiles = nil
        plan = nil
        reading = nil
        siteIndex = nil
        pictures = nil
        cards = [:]
        pictureFiles = nil
    }
}
