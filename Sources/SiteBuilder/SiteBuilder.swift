import BuildSupport
import DiaryFiles
import DiaryIndex
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
import Pictures
import SiteEncryption
import SiteOutput
import SitePages
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
        /// Write the site into this memory rather than into the output folder (which stays as it
        /// is); the build cache keeps what it wrote apart from the folder's (`BuildCache(root:output:memory:)`).
        var memoryOutput: MemoryOutput?

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
        public init() {}

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
        /// The site was built into memory and written nowhere (`buildUnwritten`).
        public var isUnwritten = false
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
            if isUnwritten {
                return "Built \(entryCount) \(entryCount == 1 ? "entry" : "entries") into \(pageCount) \(pageCount == 1 ? "page" : "pages") "
                    + "in memory in \(String(format: "%.2f", seconds))s; nothing was written"
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
        let output = outputFolder(options)
        try OutputFolder.validate(output, root: root)
        // Decided from the folder itself: a deleted `.daybook/` or a fresh clone must not forget it.
        let folder = OutputFolder(url: output)
        if options.encryption == nil, !options.replacesEncryptedSite, folder.holdsEncryptedSite {
            throw BuildError.plainOverEncrypted(folder.displayPath(root: root))
        }
        if !options.dryRun { PageStaging.removeLeftovers(in: BuildCache(root: root, output: output, memory: options.memoryOutput)) }
        var build = try BuildContext(root: root, options: options, output: output, session: session, changedPaths: changedPaths,
                                     evenWhenUnchanged: evenWhenUnchanged)
        defer { build.end() }
        for step in BuildStep.allCases {
            let outcome = try pipeline.run(step, build.title(of: step), retitling: { retitle in try build.run(step, retitle: retitle) })
            if outcome == .endBuild { break }
        }
        if options.endsProcess { MemoryRelease.keepUntilExit(build) }
        build.report.seconds = Date().timeIntervalSince(build.started)
        return build.report
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
        BuildCache(root: root, output: outputFolder(options)).read(EntrySources.self)?.pathsByID
    }

    /// Identifies the configuration pages are built with: daybook.yml, the system timezone it
    /// falls back to, and the site key of an encrypted site (switching encryption on, off or to
    /// another site key re-renders every page: the unlock page shares paths with the plain site).
    /// Not its slots: a changed password rewrites the unlock page alone.
    static func configKey(_ configFile: ConfigFile, encryption: SiteKeys?) -> String {
        var hasher = StableHasher()
        hasher.combine(BuildCache.formatVersion)
        hasher.combine(TimeZone.current.identifier)
        hasher.combine(configFile.bytes ?? [])
        hasher.combine(encryption?.keyID ?? [])
        return String(hasher.value, radix: 16)
    }

    /// The most entry cards a session keeps between builds.
    static let sessionCardLimit = 5_000

    /// Where the search index's signature is kept among the page signatures.
    static let searchIndexKey = "#search-index"

    static func diagnostic(for error: TemplateError) -> Diagnostic {
        .error(at: SourceLocation(path: error.location.path, line: error.location.line, column: error.location.column), error.message)
    }
}

/// The build's refusals and failures (an output folder it will not write, a wrong password) are
/// the output folder's: named here too, so that a caller of the build needs only this module.
public typealias BuildError = SiteOutput.BuildError
