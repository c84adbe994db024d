import DiaryFiles
import DiaryIndex
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
import Pictures
import SiteEncryption
import Templating

/// `daybook build`: reads the diary, renders every page, and only then publishes the site, so a
/// build with any error leaves the previous output exactly as it was. Pages are rendered in
/// batches; all but the last wait in the build cache until every page has rendered (`PageStaging`).
public struct SiteBuilder {
    /// What to build and how.
    public struct Options: Sendable {
        /// Default: `Output/` in the diary.
        public var output: URL?
        public var includeDrafts = false
        public var clean = false
        public var strict = false
        /// Decide what would be written and deleted, and write nothing (`--dry-run`).
        public var dryRun = false
        /// The keys to publish the site encrypted with (`--encrypt`, `encryptionKeys(from:)`); nil for a plain site.
        public var encryption: SiteKeys?
        /// A plain build may replace the encrypted site the output folder holds (`--no-encrypt`);
        /// otherwise it is refused, so that a forgotten `--encrypt` never publishes the diary readable.
        public var replacesEncryptedSite = false
        /// How much is rendered (and held in memory) at a time, in entries shown (`batches(of:weight:)`,
        /// `PageStaging`); tests lower it.
        var pageBatchSize = SiteBuilder.pageBatchSize
        /// The process ends after this build (the command line): what it loaded is left for the
        /// system to take back at exit rather than freed object by object.
        public var endsProcess = false
        /// How long a folder must have been still before a check of the output stamps it
        /// (`FolderStamps`), or a listing of Content/ remembers it (`ListingMemory`), in nanoseconds; tests lower it.
        var folderSettling = FolderStamp.settling

        public init(output: URL? = nil, includeDrafts: Bool = false, clean: Bool = false, strict: Bool = false,
                    dryRun: Bool = false, encryption: SiteKeys? = nil) {
            self.output = output
            self.includeDrafts = includeDrafts
            self.clean = clean
            self.strict = strict
            self.dryRun = dryRun
            self.encryption = encryption
        }
    }

    /// What a build did (or, in a dry run, would do).
    public struct Report: Sendable {
        public var diagnostics: [Diagnostic] = []
        public var entryCount = 0
        public var pageCount = 0
        /// How many entry files were parsed rather than taken from the last build's cache.
        public var parsedCount = 0
        /// How many pictures were decoded and processed rather than found in the picture cache.
        public var processedPictureCount = 0
        /// How many different pictures (by content) the site publishes, processed or from the cache;
        /// zero when the build did not reach the pictures.
        public var publishedPictureCount = 0
        /// Files written, new or changed, in the order they were written.
        public var writtenPaths: [String] = []
        /// Those of `writtenPaths` the output folder did not have.
        public var addedPaths: Set<String> = []
        public var unchangedCount = 0
        public var deletedPaths: [String] = []
        public var isDryRun = false
        /// The site's `base_url`, as daybook.yml gave it to this build.
        public var baseURL = "/"
        public var seconds = 0.0
        /// What happened to the search index (unchanged when the build stopped before it).
        public var searchIndex = SearchIndexOutcome.unchanged
        /// The steps that ran, in order, with their times.
        public var steps: [BuildStepTiming] = []

        public var hasErrors: Bool { diagnostics.contains(where: \.isError) }

        /// `Built 10950 entries into 12514 pages in 0.91s (38 written, 12476 unchanged)`.
        public var summary: String {
            if hasErrors {
                return "Build failed with \(diagnostics.errorCount) \(diagnostics.errorCount == 1 ? "error" : "errors"); the output was not changed"
            }
            if isDryRun {
                let added = addedPaths.count
                return "A build would write \(writtenPaths.count) \(writtenPaths.count == 1 ? "file" : "files") "
                    + "(\(added) new, \(writtenPaths.count - added) changed), delete \(deletedPaths.count) and leave \(unchangedCount) unchanged; nothing was written"
            }
            var counts = "\(writtenPaths.count) written, \(unchangedCount) unchanged"
            if !deletedPaths.isEmpty { counts += ", \(deletedPaths.count) deleted" }
            return "Built \(entryCount) \(entryCount == 1 ? "entry" : "entries") into \(pageCount) \(pageCount == 1 ? "page" : "pages") "
                + "in \(String(format: "%.2f", seconds))s (\(counts))"
        }
    }

    public static let defaultOutputName = "Output"

    /// Entries shown by the pages of one batch. A diary shows each entry about 12 times (its page,
    /// day, month, archive, emotions, tags…): up to about 12,500 entries render in one batch and
    /// stage nothing, since staging costs a full build's time; the 109,500-entry test diary (1.3
    /// million entries shown, about 36 batches of a quarter of this weight) holds one batch's pages at a
    /// time instead of 132,602.
    static let pageBatchSize = 150_000

    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    public func outputFolder(_ options: Options) -> URL {
        (options.output ?? root.appendingPathComponent(Self.defaultOutputName)).standardizedFileURL
    }

    /// Builds the site. Throws `BuildError` when the output folder is refused, and
    /// `BuildStepError` when a step cannot write; content and template problems come back as
    /// diagnostics in the report.
    ///
    /// Incremental: unchanged entry files are not parsed again, and a page is rendered only when
    /// the signature of its inputs (template, site-wide values, the entries it shows, its
    /// neighbours) differs from the last build's. The result is byte for byte a full build's.
    public func build(_ options: Options, progress: (String) -> Void = { _ in }) throws -> Report {
        try build(options, session: nil, changedPaths: nil, evenWhenUnchanged: false, progress: progress)
    }

    /// Builds the site, keeping what the next build in this process can reuse in `session`.
    /// `changedPaths` (relative to the diary, as a watcher reports them) are the only files that
    /// may have changed since the session's last build; nil when that is not known. The build
    /// cache is saved when the session is told to (`BuildSession.saveState`).
    /// `evenWhenUnchanged` goes through every step when nothing changed, writing nothing, so
    /// that the session holds the diary for the next build (`daybook serve` after starting on an up-to-date site).
    public func build(_ options: Options, session: BuildSession?, changedPaths: [String]?, evenWhenUnchanged: Bool = false,
                      progress: (String) -> Void = { _ in }) throws -> Report {
        try withoutActuallyEscaping(progress) { progress in
            var pipeline = BuildPipeline(progress: progress)
            var report: Report
            do {
                report = try build(options, session: session, changedPaths: changedPaths, evenWhenUnchanged: evenWhenUnchanged,
                                   pipeline: &pipeline)
            } catch {
                // What the session kept may no longer describe the output folder.
                session?.reset()
                throw error
            }
            report.steps = pipeline.timings
            return report
        }
    }

    private func build(_ options: Options, session: BuildSession?, changedPaths: [String]?, evenWhenUnchanged: Bool,
                       pipeline: inout BuildPipeline) throws -> Report {
        let started = Date()
        let output = outputFolder(options)
        try OutputFolder.validate(output, root: root)
        let folder = OutputFolder(url: output)
        // Decided from the folder itself: a deleted `.daybook/` or a fresh clone must not forget it.
        if options.encryption == nil, !options.replacesEncryptedSite, folder.holdsEncryptedSite {
            throw BuildError.plainOverEncrypted(folder.displayPath(root: root))
        }
        let cache = BuildCache(root: root, output: output)
        let encryption = options.encryption.map(OutputEncryption.init(keys:))
        if !options.dryRun { PageStaging.removeLeftovers(in: cache) }
        var report = Report()
        report.isDryRun = options.dryRun
        // A session's state serves only plain builds with the same options into the same folder.
        let sessionKey = "\(output.path)|\(options.includeDrafts)|\(options.strict)"
        let kept: BuildSession? = session?.key == sessionKey && !options.clean && !options.dryRun && encryption == nil ? session : nil
        if let session, kept == nil {
            // Its last build's cache describes the folder as it is now: saved before anything changes.
            try session.saveState()
            session.reset()
        }

        // What the last build wrote, and which of it is gone: a nothing-changed build needs none
        // gone, any other build rewrites what went missing.
        let change = try pipeline.run(.checkForChanges) { () -> ChangeCheck in
            if let kept, let changedPaths, let check = quickCheck(kept, changedPaths: changedPaths, options: options, output: output) {
                return check
            }
            // Whether the inputs changed or not, the build needs to know which of the last build's
            // files are gone: the output folder is looked at on another core while Content/ is listed.
            let settling = options.folderSettling
            let clean = options.clean
            let look = BackgroundValue(working: { OutputLook(folder, cache: cache, clean: clean, settling: settling) })
            let configFile = ConfigFile.load(root: root)
            // A clean build reads every folder again (and remembers them anew).
            let contentMemory = { clean ? ListingMemory() : cache.read(.contentListing).flatMap(ListingMemory.init(decoding:)) ?? ListingMemory() }
            let contentSnapshot = clean ? nil : cache.read(.contentSnapshot).flatMap(TreeSnapshot.init(decoding:))
            let (inputs, listing) = InputFingerprint.compute(root: root, options: options, output: output, configBytes: configFile.bytes,
                                                             contentMemory: contentMemory, contentSnapshot: contentSnapshot)
            var check = ChangeCheck(configFile: configFile, inputs: inputs, listing: listing)
            let last = BuildState.load(from: cache, inputsOnly: true)
            guard inputs.matches(last.inputs, root: root), let lastFileCount = look.value.fileCount, lastFileCount > 0 else {
                // The build goes on whatever the output holds: the look ends beside the reading of the entries.
                check.output = BackgroundValue(working: { look.value.findings(cache: cache) })
                check.listing.makeContent()
                return check
            }
            // The same inputs: the build is needed only if a file it wrote is gone.
            if look.value.nothingIsGone {
                check.unchanged = (last.entryCount, last.pageCount, lastFileCount)
            }
            let goesOn = check.unchanged == nil || evenWhenUnchanged
            check.output = goesOn ? BackgroundValue(working: { look.value.findings(cache: cache) }) : BackgroundValue(look.value.findingsOfANoOp)
            if goesOn { check.listing.makeContent() }
            return check
        }
        report.baseURL = change.configFile.config.baseURL
        if let unchanged = change.unchanged, !evenWhenUnchanged {
            // Folders found whole for the first time: the next check need not look at their files.
            // Not saved, they only cost that check the time they cost this one.
            let look = change.output.value
            if look.newFolderStamps, !options.dryRun { try? look.folderStamps?.save(to: cache) }
            if !options.dryRun { try? change.listing.saveContentMemories(in: cache) }
            report.entryCount = unchanged.entries
            report.pageCount = unchanged.pages
            report.unchangedCount = unchanged.files
            report.seconds = Date().timeIntervalSince(started)
            return report
        }

        // What the last build wrote and which of it is gone, by output path and by the plain site's
        // path (they differ only in an encrypted build, where the output folder names files by
        // published path): needed from the plan on, so the steps before it need not wait for it.
        lazy var lastOutput = LastOutput(change.output.value, known: change.knownManifest, encryption: encryption, cache: cache)
        let configKey = Self.configKey(change.configFile, encryption: options.encryption)
        // The theme needs only daybook.yml's locale and timezone: it is loaded on another core while
        // the entries are read. The same templates, locale and timezone give the same compiled theme: a session keeps it.
        let themeConfig = change.configFile.config
        var themeKey = StableHasher()
        for file in change.listing.theme ?? [] {
            themeKey.combine(file.path)
            themeKey.combine(file.size)
            themeKey.combine(file.modified)
        }
        themeKey.combine(themeConfig.localeIdentifier)
        themeKey.combine(themeConfig.timeZone.identifier)
        let knownTheme = kept?.theme.flatMap { $0.key == themeKey.value ? $0 : nil }
        let loadingTheme = knownTheme != nil ? nil : BackgroundValue(working: { [root] () -> (Theme, TemplateLibrary, [Diagnostic]) in
            let (theme, themeProblems) = Theme.load(root: root)
            let library = TemplateLibrary(sources: theme.templates, paths: theme.paths,
                                          locale: Locale(identifier: themeConfig.localeIdentifier), timeZone: themeConfig.timeZone)
            return (theme, library, themeProblems + library.errors.map(Self.diagnostic(for:)) + Self.missingTemplates(in: library))
        })
        let (previous, reading, readFiles) = try pipeline.run(.readEntries) { () -> (BuildState, DiaryReadResult, ContentFiles?) in
            let reader = DiaryReader(root: root)
            let readerOptions = DiaryReader.Options(includeDrafts: options.includeDrafts, strict: options.strict)
            func readAll(cache entryCache: EntryCache?) -> (DiaryReadResult, ContentFiles?) {
                let files = change.listing.content.map(ContentFiles.init(listing:))
                return (reader.read(readerOptions, cache: entryCache, files: files, configFile: change.configFile), files?.withoutStatuses())
            }
            let previous: BuildState
            if options.clean {
                previous = BuildState()
            } else if let state = kept?.state {
                previous = state
            } else {
                let (state, (reading, files)) = BuildState.load(from: cache, reading: readAll(cache:))
                return (state, reading, files)
            }
            // Content/ holds the same files as at the session's last reading: only the changed ones are read.
            if change.sameContentPaths, let changedPaths, let last = kept?.reading,
               let reading = reader.reread(changedPaths, after: last.result, among: last.files, configFile: change.configFile,
                                           options: readerOptions) {
                return (previous, reading, last.files)
            }
            let (reading, files) = readAll(cache: previous.entryCache)
            return (previous, reading, files)
        }
        report.diagnostics = reading.diagnostics
        report.parsedCount = reading.parsedCount
        let config = reading.diary.config

        let (theme, library) = try pipeline.run(.loadTheme) { () -> (Theme, TemplateLibrary) in
            if let known = knownTheme {
                report.diagnostics += known.problems
                return (known.theme, known.library)
            }
            let (theme, library, problems) = loadingTheme!.value
            report.diagnostics += problems
            session?.theme = (themeKey.value, theme, library, problems)
            return (theme, library)
        }
        guard !report.hasErrors else {
            // The pictures are not processed: their headers tell the rest of the problems (SPEC §5).
            report.diagnostics += PictureCheck.diagnostics(of: reading.pictureUses, root: root)
            return report
        }

        // A session keeps the last index (and pictures, and page plan) while the entries keep their
        // shape (an edit of an entry's text).
        let keptIndex = kept?.siteIndex.flatMap { memo -> SiteIndex? in
            guard memo.configKey == configKey, memo.emotions == reading.diary.emotions,
                  SiteIndex.haveSameShape(reading.diary.entries, memo.index.entries) else { return nil }
            return SiteIndex(memo.index, entries: reading.diary.entries)
        }
        // Every picture is processed (or found in the cache) before any page is planned: a picture
        // that cannot be published fails the build with the output untouched.
        // A dry run writes nothing in the diary: it processes into a scratch cache, deleted after.
        let pictureFolder = options.dryRun ? NSTemporaryDirectory() + "daybook-pictures-" + UUID().uuidString : cache.pictureFolder
        defer { if options.dryRun { try? FileManager.default.removeItem(atPath: pictureFolder) } }
        let pictureLibrary = PictureLibrary(cacheFolder: pictureFolder)
        // The same pictures as last time while the entries kept their shape and no file but an entry
        // changed (a picture may have).
        let onlyEntriesChanged = changedPaths?.allSatisfy(ContentFiles.isEntryPath) ?? false
        let keptPictures = keptIndex != nil && onlyEntriesChanged ? kept?.pictures : nil
        // The pictures need the entries only (the index's are the reading's): they are looked at, or
        // processed, on another core while the index is made.
        let (entriesForPictures, rootPath) = (reading.diary.entries, root.path)
        let preparedPictures = keptPictures == nil
            ? BackgroundValue(working: { PublishedPictures.prepare(entriesForPictures, root: rootPath, library: pictureLibrary) }) : nil
        // Whatever ends the build waits for them: the process must not end while libvips is starting.
        defer { _ = preparedPictures?.value }

        let (index, statsValue) = try pipeline.run(.index) { () -> (SiteIndex, BackgroundValue<DiaryStats>) in
            if let keptIndex, let memo = kept?.siteIndex {
                return (keptIndex, BackgroundValue(memo.stats.updatingWords(from: memo.index.entries, to: keptIndex.entries)))
            }
            let index = SiteIndex(diary: reading.diary)
            // Needed from the plan on: worked out on another core while the pictures are looked at.
            return (index, BackgroundValue(working: { DiaryStats(index: index) }))
        }

        let shared = try pipeline.run(.processPictures) { () -> SiteValues? in
            let (pictures, problems) = keptPictures.map { ($0, []) } ?? preparedPictures!.value
            report.diagnostics += problems
            report.processedPictureCount = pictureLibrary.processor.decodeCount
            report.publishedPictureCount = pictures.distinctCount
            return problems.isEmpty ? SiteValues(index: index, pictures: pictures, cardsFor: []) : nil
        }
        guard let shared else { return report }

        var searchPlan: BackgroundValue<SearchIndexPlan>!
        let planned = try pipeline.run(.planPages, retitling: { retitle -> PlannedPages in
            // The entries' versions are worked out on every core while the statistics, which the plan
            // needs, may still be worked out on another.
            let signer = PageSignatures(index: index, values: shared, library: library, sources: theme.templates, configKey: configKey,
                                        known: kept?.entryVersions ?? EntryVersions(), saved: previous.entryVersions)
            var plan = PagePlan(index: index, stats: statsValue.value)
            if encryption != nil { plan.onThisDayForm = .calendar }
            // Whether the search index stays, and the files an update of it makes, are worked out on another
            // core while the pages are planned, rendered and written: it reads only the index's own state and files.
            let (manifest, missing, known) = (lastOutput.siteManifest, lastOutput.siteMissing, kept?.searchState)
            let (emotions, lastSignature) = (reading.diary.emotions, previous.pageSignatures[Self.searchIndexKey])
            let store = SearchIndexStore(cache: cache, folder: folder, encryption: encryption)
            searchPlan = BackgroundValue(working: {
                Self.planSearchIndex(index: index, emotions: emotions, signer: signer, lastSignature: lastSignature,
                                     manifest: manifest, missing: missing, store: store, known: known)
            })
            func stalePages(_ pages: [PlannedPage], _ signatures: [UInt64]) -> [Int] {
                Self.stalePages(pages, signatures: signatures, previous: previous.pageSignatures,
                                manifest: lastOutput.siteManifest, missing: lastOutput.siteMissing)
            }
            guard session != nil else {
                let shapeKey = SavedPagePlan.shapeKey(configKey: configKey, emotions: reading.diary.emotions, entries: index.entries)
                if let saved = previous.plan, let planned = Self.keepSavedPlan(saved, shapeKey: shapeKey, plan: plan, signer: signer,
                                                                               lastOutput: lastOutput, stalePages: stalePages) {
                    retitle("Plan \(BuildPipeline.count(planned.pages.count)) of \(BuildPipeline.count(planned.pageCount)) pages; the others as the last build planned them")
                    return planned
                }
                let pages = plan.pages()
                let signatures = signer.signatures(of: pages)
                return PlannedPages(pages: pages, signer: signer, signatures: signatures, stale: stalePages(pages, signatures),
                                    pageCount: pages.count, shapeKey: shapeKey)
            }
            // The output holds what the session's last build wrote: its plan and signatures still describe it.
            if keptIndex != nil, var memo = kept?.plan, lastOutput.missing.isEmpty, memo.versions.count == signer.entryVersions.count {
                // Taken out of the session, the memo's arrays are this build's alone and change in place.
                kept?.plan = nil
                if let stale = Self.keepPlan(&memo, plan: plan, signer: signer) {
                    return PlannedPages(pages: memo.pages, signer: signer, signatures: memo.signatures, stale: stale, memo: memo,
                                        kept: .session, pageCount: memo.pages.count)
                }
            }
            let pages = plan.pages()
            let signatures = signer.signatures(of: pages)
            var pagesOfEntry = [[Int]](repeating: [], count: index.entries.count)
            for (position, page) in pages.enumerated() {
                for entry in page.entries { pagesOfEntry[entry].append(position) }
            }
            let memo = BuildSession.PlanMemo(pages: pages, pagesOfEntry: pagesOfEntry,
                                             statisticsPages: pages.indices.filter { pages[$0].content.isStatistics },
                                             context: signer.context(of: pages), versions: signer.entryVersions, signatures: signatures)
            return PlannedPages(pages: pages, signer: signer, signatures: signatures, stale: stalePages(pages, signatures), memo: memo,
                                pageCount: pages.count)
        })
        let (pages, signer, signatures, stale, planMemo) = (planned.pages, planned.signer, planned.signatures, planned.stale, planned.memo)
        let planKept = planned.kept != nil
        // A command-line build that keeps the saved plan ends by removing the last build's files that are
        // neither pages nor written or kept again: which of them are not pages is worked out on another
        // core while the pages are rendered and written (a lookup of each of the last build's paths).
        let lastNonPages: BackgroundValue<[String]>? = {
            guard case .saved = planned.kept, encryption == nil, let last = lastOutput.manifest else { return nil }
            let pageSignatures = previous.pageSignatures
            return BackgroundValue(working: {
                last.paths(whereHash: { !pageSignatures.contains(key: $0) }).filter { !$0.hasPrefix(".") }
            })
        }()

        // Cards stay right while the index keeps its shape and the pictures are the same.
        let earlierCards = keptIndex != nil && keptPictures != nil ? kept?.cards ?? [:] : [:]
        var cards: [Int: SiteValues.Card] = [:]
        var staging = PageStaging(cache: cache, encryption: encryption, dryRun: options.dryRun)
        defer { staging.discard() }
        var pageFiles = try pipeline.run(.render, "Render \(BuildPipeline.count(stale.count)) of \(BuildPipeline.count(planned.pageCount)) pages") {
            () throws -> [OutputFile]? in
            var files: [OutputFile] = []
            var problems: [Diagnostic] = []
            let batches = Self.batches(of: stale.map { pages[$0] }, weight: options.pageBatchSize)
            for (number, range) in batches.enumerated() {
                let isLast = number == batches.count - 1
                let batch = stale[range].map { pages[$0] }
                let values = shared.withCards(for: Set(batch.flatMap(\.entries)), earlier: batches.count == 1 ? earlierCards : [:])
                if batches.count == 1 { cards = values.cards }
                switch render(batch, values: values, library: library, theme: theme) {
                case .success(let rendered):
                    // After a problem the rest is rendered only to report every problem.
                    guard problems.isEmpty else { continue }
                    files += isLast ? rendered : try staging.stage(rendered)
                    // The next batch may render on other threads, whose arenas would not reuse this one's pages.
                    if !isLast { MemoryRelease.returnFreedMemory() }
                case .failure(let found):
                    problems += found.diagnostics.filter { !problems.contains($0) }
                }
            }
            guard problems.isEmpty else {
                report.diagnostics += problems
                return nil
            }
            return files
        }
        guard pageFiles != nil else { return report }
        report.pageCount = planned.pageCount
        report.entryCount = index.entries.count

        // Everything is validated: from here on the output folder changes (unless this is a dry run).
        // The same pictures as the session's last build, which wrote their files: they are in the folder as they are.
        let sessionPictureFiles = kept?.pictureFiles.flatMap { $0.pictures == shared.pictures ? $0.files : nil }
        // Likewise, in a plain build, the very files the last build saved that it wrote, none of them gone
        // from the folder: thousands of pictures are not looked at again on every edit, nor their paths made.
        lazy var pictureFiles = sessionPictureFiles ?? shared.pictures.outputFiles()
        let picturesKept = sessionPictureFiles != nil
            || (encryption == nil && !options.clean && lastOutput.manifest != nil && previous.pictureFilesKey == shared.pictures.filesKey
                && !lastOutput.missing.contains(where: PublishedPictures.isPictureFile))
        var writer = try pipeline.run(.write) { () -> OutputWriter in
            var files = pageFiles!
            pageFiles = nil
            if !picturesKept { files += pictureFiles }
            for (path, data) in theme.assets.sorted(by: { $0.key < $1.key }) {
                files.append(OutputFile(path: path, content: .bytes([UInt8](data))))
            }
            let offline = OfflineSite(config: config, encryption: encryption, style: theme.assets["assets/style.css"])
            files += offline.siteFiles() + (encryption == nil ? offline.appFiles() : [])
            files.append(OutputFile(path: URLMap.file(of: .robots), content: .bytes(Array("User-agent: *\nDisallow: /\n".utf8))))
            // Taken before the cache forgets the last build's addresses, which an encrypted build's site view reads.
            let last = lastOutput.manifest.map { OutputWriter.LastBuild(manifest: $0, missing: lastOutput.missing) }
            if !options.dryRun {
                cache.remove(.publishedAddresses)
                // Until this build's record is saved, none: a build stopped midway (or a session
                // that never saves) leaves the next one to look at every file in the folder.
                BuildState.forgetInputs(in: cache)
                cache.setAside(.manifest)
            }
            var writer = try OutputWriter(folder: folder, cache: cache, clean: options.clean,
                                          last: last,
                                          dryRun: options.dryRun, encryption: encryption)
            try writer.write(files)
            if let encryption { try writer.write(encryption.publicFiles(for: config) + offline.appFiles(), inTheClear: true) }
            writer.closingFiles = offline.closingFiles
            // The pages' bytes are on disk: let them go, and hand the memory back to the system,
            // before the search index takes its own (the peak is the larger of the two, not the sum).
            files = []
            MemoryRelease.returnFreedMemory()
            return writer
        }

        // The search index depends on every entry: updated or rebuilt when any of them (or an emotion) changed.
        let search = try pipeline.run(.searchIndex, retitling: { retitle -> SearchIndexOutput in
            let store = SearchIndexStore(cache: cache, folder: folder, encryption: encryption)
            var forgotten = options.dryRun
            let search = try Self.searchIndex(index: index, emotions: reading.diary.emotions, signer: signer,
                                              plan: searchPlan.value, retitle: retitle) { files in
                // The saved state describes the index as it was: once one of its files changes, it no longer does.
                if !forgotten { store.forget() }
                forgotten = true
                try writer.write(files)
            }
            MemoryRelease.returnFreedMemory()
            report.searchIndex = search.outcome
            return search
        })

        // Every file the session's last build wrote is written or kept again, but for search index files it no longer has.
        let searchFiles = search.kept + search.written
        let lastSearchFiles = planKept && picturesKept && onlyEntriesChanged ? kept?.searchFiles : nil
        try pipeline.run(.finish, options.dryRun ? "List what would be deleted" : nil) {
            let outcome: OutputWriter.Outcome
            if let lastSearchFiles {
                let current = Set(searchFiles)
                outcome = try writer.finish(keepingAllExcept: lastSearchFiles.filter { !current.contains($0) })
            } else if let lastNonPages {
                // The last build's pages are this one's, each rendered again or kept as it is; of its
                // other files, those this build neither wrote again nor keeps (the search index's, the pictures') go.
                let keptFiles = Set(search.kept)
                // A look at its folder first: most of them are pictures, which need no lookup.
                outcome = try writer.finish(keepingAllExcept: lastNonPages.value.filter {
                    !(picturesKept && PublishedPictures.isPictureFile($0)) && !keptFiles.contains($0)
                })
            } else {
                let keptPages: [String]
                if case .saved = planned.kept {
                    // Only the pages signed again were planned: the others are the last build's.
                    let stalePaths = Set(stale.map { pages[$0].path })
                    // The plan was kept only with the last build's files known: its pages are among them.
                    let pageSignatures = previous.pageSignatures
                    keptPages = (lastOutput.siteManifest?.paths ?? []).filter { pageSignatures[$0] != nil && !stalePaths.contains($0) }
                } else {
                    let staleSet = Set(stale)
                    keptPages = pages.indices.filter { !staleSet.contains($0) }.map { pages[$0].path }
                }
                let kept = keptPages + search.kept + (picturesKept ? pictureFiles.map(\.path) : [])
                outcome = try writer.finish(keeping: kept)
            }
            report.writtenPaths = outcome.written
            report.addedPaths = outcome.added
            report.unchangedCount = outcome.unchanged
            report.deletedPaths = outcome.deleted
            guard !options.dryRun else { return }
            // Every picture of the diary as built was prepared: the cache keeps only those (pictures
            // kept from the session's last build were not prepared again, and the cache is as that build left it).
            if keptPictures == nil { pictureLibrary.removeUnused() }

            var state = BuildState()
            defer { if options.endsProcess { MemoryRelease.keepUntilExit(state) } }
            state.entryCache = reading.cache
            state.inputs = report.diagnostics.isEmpty ? change.inputs : nil
            state.entryCount = report.entryCount
            state.pageCount = report.pageCount
            if planKept {
                // The same pages as the session's last build: only the signatures that changed.
                state.pageSignatures = previous.pageSignatures
                for position in stale { state.pageSignatures[pages[position].path] = signatures[position] }
            } else {
                state.pageSignatures.reserveCapacity(pages.count + 1)
                for (page, signature) in zip(pages, signatures) { state.pageSignatures[page.path] = signature }
            }
            state.pageSignatures[Self.searchIndexKey] = search.signature
            let savedPlan = planned.kept.flatMap { kept -> SavedPagePlan? in
                guard case .saved(var plan) = kept else { return nil }
                plan.versions = signer.entryVersions
                return plan
            }
            // Saving the cache costs more than parsing a few files again next time, and an outdated
            // cached file is never reused (its size or time differs), so small edits leave it be.
            // A session's last build whose cache is not saved yet: this save replaces its save, and does what it would.
            let unsaved = session?.pendingSave
            let cacheWorthSaving = previous.entryCache?.readingKey != reading.cache.readingKey || reading.parsedCount > 32
                || unsaved?.savesEntries == true
            let searchState = search.state ?? unsaved?.searchState
            // After an edit the last manifest, as saved, is saved again with this build's changes;
            // the whole of it is made only for a session, which keeps it, or when that cannot be done.
            let manifestUpdate = session == nil ? outcome.changes.flatMap { changes in lastOutput.savedManifest.map { ($0, changes) } } : nil
            let manifest = manifestUpdate == nil ? outcome.manifest : nil
            // The saved manifest's lines were hashed by path when it was indexed: not again to save it.
            let manifestIndex = lastOutput.manifest?.savedIndex
            let addresses = outcome.addresses
            // The list of the entries' files, unless the cache holds the same (as the state loaded
            // from it says: a session's state may be one whose save has not happened).
            let sourcesKey = Self.entrySourcesKey(of: index.entries)
            let sources = session == nil && previous.entrySourcesKey == sourcesKey && cache.status(of: .entrySources) != nil
                ? nil : index.entries.map { ($0.id, $0.sourcePath) }
            let folderStamps = lastOutput.folderStamps
            let completeFolders = lastOutput.completeFolders
            let touched = (written: outcome.written, added: outcome.added, deleted: outcome.deleted)
            let lastListed = lastOutput.manifest
            let contentListing = change.listing
            let save = {
                // The files that list every output file or entry by path, written on another core
                // while this one works out and writes the rest.
                let listsSaved = BackgroundValue(working: {
                    Result {
                        var stampsToSave = folderStamps
                        if let (saved, changes) = manifestUpdate {
                            let fileCount = try saved.save(updatedWith: changes, to: cache, index: manifestIndex)
                            // The folders this build wrote into are listed as pending, with the files they
                            // hold now: the next check lists those few, and needs not read the manifest.
                            if let identity = cache.identity(of: .manifest),
                               let complete = completeFolders?.updated(after: touched, changes: changes,
                                                                       wasListed: { lastListed?.contains($0) == true },
                                                                       savedAs: identity, fileCount: fileCount) {
                                stampsToSave = FolderStamps(complete: complete)
                            }
                        } else if let manifest {
                            try Manifest.save(manifest, to: cache)
                        }
                        try encryption?.saveAddresses(addresses, to: cache)
                        if let sources { try cache.write(.entrySources, pairs: sources) }
                        // The folders this build wrote into have changed since their stamps: the next check
                        // looks at their files. Stamps the check did not change, or none (a session's build),
                        // leave the saved ones: a folder changed since its stamp no longer matches it.
                        try stampsToSave?.save(to: cache)
                        try contentListing.saveContentMemories(in: cache)
                    }
                })
                defer { _ = listsSaved.value }
                // The search index's state, on a third thread: it is the largest file after the lists,
                // and a next build uses it only if the page signatures saved below name its signature.
                let searchStore = SearchIndexStore(cache: cache, folder: folder, encryption: encryption)
                let searchSaved = searchState.map { searchState in BackgroundValue(working: { Result { try searchStore.save(searchState) } }) }
                defer { _ = searchSaved?.value }
                // Worked out only when saved: `daybook serve` saves after the page is served.
                state.entryVersions = signer.savedVersions()
                // Of a plain site only: an encrypted one's files are under other names.
                state.pictureFilesKey = encryption != nil ? 0 : shared.pictures.filesKey
                state.entrySourcesKey = sourcesKey
                state.plan = savedPlan ?? SavedPagePlan(pages: planMemo?.pages ?? pages,
                                                        shapeKey: planned.shapeKey ?? SavedPagePlan.shapeKey(
                                                            configKey: configKey, emotions: reading.diary.emotions, entries: index.entries),
                                                        context: planMemo?.context ?? signer.context(of: pages),
                                                        versions: signer.entryVersions)
                try state.save(to: cache, saveEntries: cacheWorthSaving)
                try searchSaved?.value.get()
                try listsSaved.value.get()
            }
            guard let session else { return try save() }
            session.key = sessionKey
            session.configFile = change.configFile
            session.contentListing = change.listing.content
            session.themeListing = change.listing.theme
            session.manifest = manifest
            session.state = state
            session.entryVersions = signer.versionsByIdentity
            session.plan = planMemo
            session.reading = readFiles.map { (reading, $0) }
            // The next build rereads files by path: their index is made now, on another core, not after the next save.
            let entryCache = reading.cache
            DispatchQueue.global().async { entryCache.prepareLookups() }
            session.siteIndex = (configKey, reading.diary.emotions, index, statsValue.value)
            session.pictures = shared.pictures
            // The cards of an edit's few pages; a build that rendered much of the site keeps none
            // (the session would hold every entry's card).
            session.cards = cards.count <= Self.sessionCardLimit ? cards : [:]
            session.pictureFiles = (shared.pictures, pictureFiles)
            session.searchFiles = searchFiles
            session.searchState = search.state ?? (search.outcome == .unchanged ? session.searchState : nil)
            // A build that only loads the diary into the session (serve's warm-up) loads the search state too,
            // so that the first edit's update does not wait for it.
            if evenWhenUnchanged, session.searchState == nil, search.outcome == .unchanged {
                session.searchState = SearchIndexStore(cache: cache, folder: folder, encryption: encryption).load(signature: search.signature)
            }
            session.pendingSave = BuildSession.PendingSave(save: save, savesEntries: cacheWorthSaving, searchState: searchState)
        }
        if options.endsProcess {
            MemoryRelease.keepUntilExit(previous, reading, readFiles as Any, index, statsValue, shared, pages, signer, signatures,
                                        planMemo as Any, cards, writer, search, change, lastOutput)
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Cuts the pages to render into batches: a batch ends once the entries its pages show reach
    /// `weight` (a page counts at least one), since a page's bytes and the entry cards it needs grow
    /// with the entries it shows (an entry page shows 3, an emotion page 30).
    ///
    /// Pages that fit in one batch render in one, and nothing is staged. More pages are staged
    /// anyway, page by page, so they go in batches of a quarter of the weight: a batch more costs
    /// little, and a batch's pages are what the render step's peak memory adds to the entries'
    /// (on the 109,500-entry test diary, quarter batches peak about 120 MB lower than half ones).
    static func batches(of pages: [PlannedPage], weight fullWeight: Int) -> [Range<Int>] {
        let total = pages.reduce(0) { $0 + max(1, $1.entries.count) }
        let weight = total < fullWeight ? fullWeight : max(1, fullWeight / 4)
        var batches: [Range<Int>] = []
        var start = 0
        var shown = 0
        for (position, page) in pages.enumerated() {
            shown += max(1, page.entries.count)
            if shown >= weight {
                batches.append(start..<position + 1)
                start = position + 1
                shown = 0
            }
        }
        if start < pages.count || batches.isEmpty { batches.append(start..<pages.count) }
        return batches
    }

    /// The pages to render: those whose signature differs from the last build's, or that the
    /// output folder does not hold.
    private static func stalePages(_ pages: [PlannedPage], signatures: [UInt64], previous: PageSignatureTable,
                                   manifest: ManifestView?, missing: Set<String>) -> [Int] {
        // Looked up on every core: a large site has hundreds of thousands of pages.
        let isStale = ParallelMap.map(Array(pages.indices), chunkSize: 1024) { position in
            let path = pages[position].path
            return previous[path] != signatures[position] || manifest?.contains(path) != true || missing.contains(path)
        }
        return pages.indices.filter { isStale[$0] }
    }

    /// Keeps the session's last plan: the statistics pages taken anew, and only they and the
    /// pages of entries whose version changed signed again. Returns the pages whose signature
    /// changed; nil (and `memo` as it was) when the signatures' context changed (the
    /// configuration, site-wide values or templates).
    private static func keepPlan(_ memo: inout BuildSession.PlanMemo, plan: PagePlan, signer: PageSignatures) -> [Int]? {
        let statistics = plan.yearPages() + [plan.statsPage()]
        guard statistics.count == memo.statisticsPages.count else { return nil }
        // As many statistics pages as before: the same templates.
        let context = signer.context(ofTemplates: memo.context.templates.keys)
        guard context == memo.context else { return nil }
        for (position, page) in zip(memo.statisticsPages, statistics) { memo.pages[position] = page }
        var resign = Set(memo.statisticsPages)
        for entry in signer.entryVersions.indices where signer.entryVersions[entry] != memo.versions[entry] {
            resign.formUnion(memo.pagesOfEntry[entry])
        }
        var stale: [Int] = []
        for position in resign {
            let signature = signer.signature(of: memo.pages[position], in: context)
            if signature != memo.signatures[position] { stale.append(position) }
            memo.signatures[position] = signature
        }
        memo.versions = signer.entryVersions
        return stale.sorted()
    }

    /// The plan step's outcome: the pages to render among those planned, and what a next build keeps.
    private struct PlannedPages {
        enum Kept {
            /// The session's last plan (`keepPlan`): `pages` are every page.
            case session
            /// The plan the last build saved (`keepSavedPlan`): `pages` are only those signed again.
            case saved(SavedPagePlan)
        }

        var pages: [PlannedPage]
        var signer: PageSignatures
        var signatures: [UInt64]
        /// Positions in `pages` of those to render.
        var stale: [Int]
        var memo: BuildSession.PlanMemo?
        var kept: Kept?
        /// How many pages the site has.
        var pageCount: Int
        /// The entries' shape key (`SavedPagePlan.shapeKey`), when worked out.
        var shapeKey: UInt64?
    }

    /// Keeps the plan the last build saved when the entries have its shape and the signatures'
    /// context is the same: plans and signs only the statistics pages and the pages of entries
    /// whose version changed. Nil when it cannot be kept, or the output folder lost a file (a
    /// build that writes it back plans every page).
    private static func keepSavedPlan(_ saved: SavedPagePlan, shapeKey: UInt64, plan: PagePlan, signer: PageSignatures,
                                      lastOutput: LastOutput, stalePages: ([PlannedPage], [UInt64]) -> [Int]) -> PlannedPages? {
        guard saved.shapeKey == shapeKey, saved.versions.count == signer.entryVersions.count,
              lastOutput.siteManifest != nil, lastOutput.siteMissing.isEmpty,
              signer.context(ofTemplates: saved.context.templates.keys) == saved.context else { return nil }
        let positions = saved.positionsToSign(versions: signer.entryVersions)
        let pages = plan.pages(at: positions)
        guard pages.count == positions.count,
              saved.statisticsPages.allSatisfy({ position in
                  positions.firstIndex(of: position).map { pages[$0].content.isStatistics } ?? false
              }) else { return nil }
        let signatures = pages.map { signer.signature(of: $0, in: saved.context) }
        return PlannedPages(pages: pages, signer: signer, signatures: signatures, stale: stalePages(pages, signatures),
                            kept: .saved(saved), pageCount: saved.pageCount, shapeKey: shapeKey)
    }

    /// The first step with a session whose watcher named the changed files: only those files
    /// are looked at, and the output folder holds what the session's last build wrote. Nil when
    /// that cannot be trusted (a change outside Content/, an overflowing watcher).
    private func quickCheck(_ session: BuildSession, changedPaths: [String], options: Options, output: URL) -> ChangeCheck? {
        guard let configFile = session.configFile, let content = session.contentListing, let manifest = session.manifest,
              let state = session.state else { return nil }
        let prefix = ContentFiles.folderName + "/"
        guard changedPaths.allSatisfy({ $0.hasPrefix(prefix) && $0.count > prefix.count }) else { return nil }
        let folder = root.appendingPathComponent(ContentFiles.folderName).resolvingSymlinksInPath().path
        let updated = FileStatus.updating(content, folder: folder, changed: changedPaths.map { String($0.dropFirst(prefix.count)) })
        let listing = InputFingerprint.Listing(content: updated, theme: session.themeListing)
        let inputs = InputFingerprint.compute(root: root, options: options, output: output, configBytes: configFile.bytes, listing: listing)
        var check = ChangeCheck(configFile: configFile, inputs: inputs, listing: listing, knownManifest: manifest)
        check.sameContentPaths = FileStatus.haveSamePaths(content, updated, changed: changedPaths.map { String($0.dropFirst(prefix.count)) })
        if inputs.matches(state.inputs, root: root) { check.unchanged = (state.entryCount, state.pageCount, manifest.count) }
        return check
    }

    /// What the first step found: the inputs as they are now, what the last build wrote, and
    /// whether anything changed since.
    private struct ChangeCheck {
        var configFile: ConfigFile
        var inputs: InputFingerprint
        var listing: InputFingerprint.Listing
        /// What the last build wrote, as the session knows it (output path → fingerprint); nil
        /// when it does not.
        var knownManifest: [String: String]?
        /// What the output folder holds of what the last build wrote.
        var output = BackgroundValue(OutputFindings())
        /// Content/ holds the same paths as when the session last read it (only files' contents may differ).
        var sameContentPaths = false
        /// The last build's counts, when nothing changed since it.
        var unchanged: (entries: Int, pages: Int, files: Int)?
    }

    /// The template problems of a failed render, each reported once.
    private struct RenderProblems: Error {
        var diagnostics: [Diagnostic]
    }

    /// Renders `pages` on every core; fails with every distinct template problem.
    private func render(_ pages: [PlannedPage], values: SiteValues, library: TemplateLibrary,
                        theme: Theme) -> Result<[OutputFile], RenderProblems> {
        let rendered = ParallelMap.map(pages, chunkSize: 16) { page -> Result<OutputFile, TemplateError> in
            func draw(_ own: [String: TemplateValue], title: String, place: URLMap.Place) throws -> [UInt8] {
                let context: [String: TemplateValue] = own.merging([
                    "site": values.site,
                    "page": .map(["kind": .string(page.kind), "title": .string(title), "url": .string(values.urls.url(of: place))]),
                ]) { own, _ in own }
                return try library.renderUTF8(page.template, with: context)
            }
            do {
                guard let parts = page.parts else {
                    return .success(OutputFile(path: page.path, content: .bytes(try draw(page.values(values), title: page.title, place: page.place))))
                }
                let drawn = try parts.names.indices.map { part in
                    (parts.names[part], try draw(parts.values(part, values), title: parts.names[part], place: parts.places[part]))
                }
                return .success(OutputFile(path: page.path, content: .bytes(OnThisDayCalendar.file(holding: drawn))))
            } catch let error as TemplateError {
                return .failure(error)
            } catch {
                return .failure(TemplateError(TemplateLocation(path: theme.paths[page.template] ?? page.template, line: 1, column: 1),
                                              .templateNotFound(page.template, suggestion: nil)))
            }
        }
        var files: [OutputFile] = []
        files.reserveCapacity(rendered.count)
        var problems = RenderProblems(diagnostics: [])
        var seen = Set<String>()
        for result in rendered {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let error):
                if seen.insert(error.description).inserted { problems.diagnostics.append(Self.diagnostic(for: error)) }
            }
        }
        return problems.diagnostics.isEmpty ? .success(files) : .failure(problems)
    }

    /// Whether the output folder holds a site built from exactly the diary as it is now
    /// (nothing changed since the last build with these options).
    public func isUpToDate(_ options: Options) -> Bool {
        let output = outputFolder(options)
        let cache = BuildCache(root: root, output: output)
        let inputs = InputFingerprint.compute(root: root, options: options, output: output,
                                              configBytes: ConfigFile.load(root: root).bytes).fingerprint
        guard let manifest = Manifest.load(from: cache), manifest.count > 0,
              OutputFolder(url: output).check(manifest, stamps: FolderStamps.load(from: cache))?.missing.isEmpty == true else { return false }
        return inputs.matches(BuildState.load(from: cache, inputsOnly: true).inputs, root: root)
    }

    /// A key of the entries' ids and files, in order (`Entry.sourceKey`): the list of which file
    /// each entry comes from is the same while the key is.
    static func entrySourcesKey(of entries: [Entry]) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(entries.count)
        for entry in entries { hasher.combine(entry.sourceKey) }
        return hasher.value
    }

    /// Entry id → Markdown file of the entries the last build into this output published; nil
    /// when the cache does not say.
    public func sourcePaths(_ options: Options) -> [String: String]? {
        guard let bytes = BuildCache(root: root, output: outputFolder(options)).read(.entrySources) else { return nil }
        var reader = BinaryReader(bytes)
        guard let count = reader.int(), count >= 0, count <= bytes.count else { return nil }
        var paths: [String: String] = [:]
        for _ in 0..<count {
            guard let id = reader.string(), let path = reader.string() else { return nil }
            paths[id] = path
        }
        return reader.isAtEnd ? paths : nil
    }

    /// Identifies the configuration pages are built with: daybook.yml, the system timezone it
    /// falls back to, and the keys of an encrypted site (switching encryption on, off or to
    /// another password re-renders every page: the unlock page shares paths with the plain site).
    static func configKey(_ configFile: ConfigFile, encryption: SiteKeys?) -> String {
        var hasher = StableHasher()
        hasher.combine(BuildCache.formatVersion)
        hasher.combine(TimeZone.current.identifier)
        hasher.combine(configFile.bytes ?? [])
        hasher.combine(encryption?.passwordCheck ?? [])
        return String(hasher.value, radix: 16)
    }

    /// The page templates every site needs.
    static let pageTemplates = ["home.html", "entry.html", "day.html", "month.html", "year.html", "archive.html",
                                "emotions.html", "emotion.html", "tags.html", "tag.html", "gallery.html", "stats.html", "search.html",
                                "404.html", "on-this-day.json"]

    /// The most entry cards a session keeps between builds.
    static let sessionCardLimit = 5_000

    /// Where the search index's signature is kept among the page signatures.
    static let searchIndexKey = "#search-index"

    private static func missingTemplates(in library: TemplateLibrary) -> [Diagnostic] {
        let names = Set(library.templateNames)
        return pageTemplates.filter { !names.contains($0) }.map {
            .error(at: SourceLocation(path: "\(Theme.folderName)/\($0)"), "the template '\($0)' is missing")
        }
    }

    static func diagnostic(for error: TemplateError) -> Diagnostic {
        .error(at: SourceLocation(path: error.location.path, line: error.location.line, column: error.location.column), error.message)
    }
}
