import BuildSupport
import DiaryIndex
import DiaryModel
import DiaryReader
import Foundation
import Pictures
import SiteOutput
import SitePages
import Templating

/// One build in progress: what it was asked, what it may take from the last build, and the
/// parts its steps add in order (`SiteBuilder.steps`). Each step is a method over it in a file of
/// its own under Steps/, reads the parts of the steps before it and adds its own; a part is set
/// before any later step reads it, since a step that ends the build stops the ones after.
struct BuildContext {
    let root: URL
    let options: SiteBuilder.Options
    let folder: OutputFolder
    let cache: BuildCache
    /// The keys an encrypted build writes with; nil for a plain site.
    let encryption: OutputEncryption?
    /// The files a watcher saw change since the session's last build (relative to the diary);
    /// nil when not known.
    let changedPaths: [String]?
    /// Go through every step even when nothing changed (`daybook serve` filling its session).
    let evenWhenUnchanged: Bool
    /// The session this build runs in, whether or not it may use what the session kept (`last`).
    let session: BuildSession?
    /// What this build may take from the one before it.
    let last: LastBuild
    /// Where this build processes pictures into: the cache's folder, or a scratch folder a dry run deletes.
    let pictureFolder: String
    let started = Date()
    var report = SiteBuilder.Report()

    // MARK: The parts the steps add, in order

    /// `checkForChanges`: the inputs as they are, and what the last build wrote.
    var change: ChangeCheck!
    /// `checkForChanges`: the configuration's key (`SiteBuilder.configKey`), under which kept pages and plans stand.
    var configKey: String!
    /// `readEntries`: the diary as read, with the state the last build saved.
    var reading: Reading!
    /// Started beside `readEntries`, taken by `loadTheme`.
    var themeLoad: ThemeLoad!
    /// `loadTheme`: the theme and its compiled templates.
    var theme: CompiledTheme!
    /// `index`: the site index, and its statistics worked out on another core.
    var indexing: Indexing!
    /// `processPictures`: the site-wide values every page is drawn with.
    var shared: SiteValues!
    /// `planPages`: what the last build wrote, as the plan needs it.
    var lastOutput: LastOutput!
    /// `planPages`: the pages, their signatures, and which of them to render.
    var planned: PlannedPages!
    /// `planPages`: the search index's plan, and the last build's files that are not pages.
    var searchPlan: BackgroundValue<SiteBuilder.SearchIndexPlan>!
    var lastNonPages: BackgroundValue<[String]>?
    /// `render`: the rendered pages (and the entry cards they were drawn with), until written.
    var pageFiles: [OutputFile]?
    var cards: [Int: SiteValues.Card] = [:]
    var staging: PageStaging
    /// `write`: whether the output folder holds the pictures' files as they are (not written again),
    /// and the files once made (`pictureOutputFiles()`).
    var picturesKept = false
    var madePictureFiles: [OutputFile]?
    var writer: OutputWriter!
    /// `searchIndex`: what the search index step wrote and kept.
    var search: SiteBuilder.SearchIndexOutput!
    /// `finish`: what the build saves for the next one.
    var state = BuildState()

    init(root: URL, options: SiteBuilder.Options, output: URL, session: BuildSession?, changedPaths: [String]?,
         evenWhenUnchanged: Bool) throws {
        self.root = root
        self.options = options
        folder = OutputFolder(url: output, memory: options.memoryOutput)
        cache = BuildCache(root: root, output: output, memory: options.memoryOutput)
        encryption = options.encryption.map(OutputEncryption.init(keys:))
        self.changedPaths = changedPaths
        self.evenWhenUnchanged = evenWhenUnchanged
        self.session = session
        last = try LastBuild(session: session, options: options, output: output, encrypted: encryption != nil, cache: cache)
        // A dry run writes nothing in the diary: it processes into a scratch cache, deleted after.
        pictureFolder = options.dryRun ? NSTemporaryDirectory() + "daybook-pictures-" + UUID().uuidString : cache.pictureFolder
        staging = PageStaging(cache: cache, encryption: encryption, dryRun: options.dryRun)
        report.isDryRun = options.dryRun
    }

    /// What the build leaves behind however it ends: no staged pages, no scratch pictures, and
    /// no process that ends while libvips is still starting.
    mutating func end() {
        staging.discard()
        _ = indexing?.preparedPictures?.value
        if options.dryRun { try? FileManager.default.removeItem(atPath: pictureFolder) }
    }

    // MARK: The parts

    /// The diary as read, with the state the last build saved (or the session kept).
    struct Reading {
        var previous: BuildState
        var result: DiaryReadResult
        /// The files of Content/ it was read among, for a session's next reading.
        var files: ContentFiles?
    }

    /// The theme being loaded on another core, unless the session kept it compiled.
    struct ThemeLoad {
        /// A fingerprint of the templates' files, locale and timezone.
        var key: UInt64
        var kept: CompiledTheme?
        var loading: BackgroundValue<CompiledTheme>?
    }

    struct Indexing {
        var index: SiteIndex
        var stats: BackgroundValue<DiaryStats>
        /// Whether the index is the session's last, brought up to date (the entries kept their shape).
        var isKept: Bool
        /// The session's last pictures, when they still stand.
        var keptPictures: PublishedPictures?
        /// The pictures processed (or found in the cache) on another core while the index is made.
        var preparedPictures: BackgroundValue<(PublishedPictures, [Diagnostic])>?
        var pictureLibrary: PictureLibrary
        /// Whether the watcher saw only entry files change.
        var onlyEntriesChanged: Bool
    }

}
