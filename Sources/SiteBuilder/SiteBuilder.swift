import DiaryIndex
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
import Templating

/// `daybook build`: reads the diary, renders every page in memory, and only then writes the
/// site, so a build with any error leaves the previous output exactly as it was.
public struct SiteBuilder {
    /// What to build and how.
    public struct Options: Sendable {
        /// Default: `Output/` in the diary.
        public var output: URL?
        public var includeDrafts = false
        public var clean = false
        public var strict = false

        public init(output: URL? = nil, includeDrafts: Bool = false, clean: Bool = false, strict: Bool = false) {
            self.output = output
            self.includeDrafts = includeDrafts
            self.clean = clean
            self.strict = strict
        }
    }

    /// What a build did.
    public struct Report: Sendable {
        public var diagnostics: [Diagnostic] = []
        public var entryCount = 0
        /// How many entry files were parsed rather than taken from the last build's cache.
        public var parsedCount = 0
        public var pageCount = 0
        public var writtenPaths: [String] = []
        public var unchangedCount = 0
        public var deletedPaths: [String] = []
        public var seconds = 0.0
        /// How long each step took, in order: `[("Read entries", 0.41), …]`.
        public var stepSeconds: [(step: String, seconds: Double)] = []

        public var hasErrors: Bool { diagnostics.contains(where: \.isError) }

        /// `Built 10950 entries into 12514 pages in 0.91s (38 written, 12476 unchanged)`.
        public var summary: String {
            if hasErrors {
                return "Build failed with \(diagnostics.errorCount) \(diagnostics.errorCount == 1 ? "error" : "errors"); the output was not changed"
            }
            var counts = "\(writtenPaths.count) written, \(unchangedCount) unchanged"
            if !deletedPaths.isEmpty { counts += ", \(deletedPaths.count) deleted" }
            return "Built \(entryCount) \(entryCount == 1 ? "entry" : "entries") into \(pageCount) \(pageCount == 1 ? "page" : "pages") "
                + "in \(String(format: "%.2f", seconds))s (\(counts))"
        }
    }

    public static let defaultOutputName = "Output"

    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    public func outputFolder(_ options: Options) -> URL {
        (options.output ?? root.appendingPathComponent(Self.defaultOutputName)).standardizedFileURL
    }

    /// Builds the site. Throws `BuildError` when the output folder is refused or cannot be written;
    /// content and template problems come back as diagnostics in the report.
    ///
    /// Incremental: unchanged entry files are not parsed again, and a page is rendered only when
    /// the signature of its inputs (template, site-wide values, the entries it shows, its
    /// neighbours) differs from the last build's. The result is byte for byte a full build's.
    public func build(_ options: Options, progress: (String) -> Void = { _ in }) throws -> Report {
        let started = Date()
        let output = outputFolder(options)
        try OutputFolder.validate(output, root: root)
        let folder = OutputFolder(url: output)
        var report = Report()
        var stepStarted = started
        var stepName = ""
        func step(_ name: String) {
            let now = Date()
            if !stepName.isEmpty { report.stepSeconds.append((stepName, now.timeIntervalSince(stepStarted))) }
            stepStarted = now
            stepName = name
            // The search index's step is the last; a failed update's fallback is shown as that step again.
            if !name.isEmpty { progress("[\(min(report.stepSeconds.count + 1, 7))/7] \(name)") }
        }

        step("Check for changes")
        let (inputs, contentListing) = InputFingerprint.compute(root: root, options: options, output: output)
        // What the last build wrote, and which of it is gone: a nothing-changed build needs none
        // gone, any other build rewrites what went missing.
        let lastManifest = options.clean ? nil : folder.loadManifest()
        let lastMissing = lastManifest.flatMap(folder.missingFiles(of:))
        if let lastManifest, let lastMissing, lastManifest.count > 0, lastMissing.isEmpty {
            let last = BuildState.load(from: folder, inputsOnly: true)
            if inputs.matches(last.inputs, root: root) {
                report.entryCount = last.entryCount
                report.pageCount = last.pageCount
                report.unchangedCount = lastManifest.count
                step("")
                report.seconds = Date().timeIntervalSince(started)
                return report
            }
        }
        let previous = options.clean ? BuildState() : BuildState.load(from: folder)

        step("Read entries")
        let contentFiles = contentListing.map(ContentFiles.init(listing:))
        let configKey = Self.configKey(root: root)
        let reading = DiaryReader(root: root).read(.init(includeDrafts: options.includeDrafts, strict: options.strict),
                                                   cache: previous.entryCache, files: contentFiles)
        report.diagnostics = reading.diagnostics
        report.parsedCount = reading.parsedCount

        step("Load templates")
        let (theme, themeProblems) = Theme.load(root: root)
        let config = reading.diary.config
        let library = TemplateLibrary(sources: theme.templates, paths: theme.paths,
                                      locale: Locale(identifier: config.localeIdentifier), timeZone: config.timeZone)
        report.diagnostics += themeProblems + library.errors.map(Self.diagnostic(for:))
        report.diagnostics += Self.missingTemplates(in: library)
        guard !report.hasErrors else { return report }

        step("Index days, emotions, tags and pictures")
        let index = SiteIndex(diary: reading.diary)
        var imageSizeCache = options.clean ? ImageSizeCache() : ImageSizeCache.load(from: folder)
        let imageSizes = readImageSizes(index.entries.flatMap(\.images), cache: &imageSizeCache, files: contentFiles)
        let shared = SiteValues(index: index, imageSizes: imageSizes, cardsFor: [])
        let pages = PagePlan(index: index).pages()
        let signer = PageSignatures(index: index, values: shared, library: library, sources: theme.templates, configKey: configKey)
        let signatures = signer.signatures(of: pages)
        let manifest = lastMissing == nil ? nil : lastManifest?.entries()
        let missing = lastMissing ?? []
        let stale = pages.indices.filter { position in
            let path = pages[position].path
            return previous.pageSignatures[path] != signatures[position] || manifest?[path] == nil || missing.contains(path)
        }
        let values = SiteValues(index: index, imageSizes: imageSizes, cardsFor: Set(stale.flatMap { pages[$0].entries }))
        step("Render \(stale.count) of \(pages.count) pages")
        var pageFiles: [OutputFile] = []
        switch render(stale.map { pages[$0] }, values: values, library: library, theme: theme) {
        case .success(let files): pageFiles = files
        case .failure(let problems):
            report.diagnostics += problems.diagnostics
            return report
        }
        report.pageCount = pages.count
        report.entryCount = index.entries.count

        // Everything is validated: from here on the output folder changes.
        step("Write files")
        var copied = Set<String>()
        // Joined as text: URL.appendingPathComponent asks the disk whether each path is a folder.
        let rootPath = root.path
        for image in index.entries.flatMap(\.images) {
            let path = URLMap.file(of: .picture(image))
            if copied.insert(path).inserted { pageFiles.append(OutputFile(path: path, content: .copy(of: rootPath + "/" + image.sourcePath))) }
        }
        for (path, data) in theme.assets.sorted(by: { $0.key < $1.key }) {
            pageFiles.append(OutputFile(path: path, content: .bytes([UInt8](data))))
        }
        pageFiles.append(OutputFile(path: URLMap.file(of: .robots), content: .bytes(Array("User-agent: *\nDisallow: /\n".utf8))))
        BuildState.forgetInputs(in: folder)
        var writer = try OutputWriter(folder: folder, clean: options.clean, last: manifest.map { .init(manifest: $0, missing: missing) })
        try writer.write(pageFiles)
        // The pages' bytes are on disk: let them go, and hand the memory back to the system,
        // before the search index takes its own (the peak is the larger of the two, not the sum).
        pageFiles = []
        MemoryRelease.returnFreedMemory()

        // The search index depends on every entry: updated or rebuilt when any of them (or an emotion) changed.
        let search = Self.searchIndex(index: index, emotions: reading.diary.emotions, signer: signer,
                                      lastSignature: previous.pageSignatures[Self.searchIndexKey], manifest: manifest,
                                      missing: missing, folder: folder, step: step)
        if search.state != nil { SearchIndexStore(folder: folder).forget() }
        try writer.write(search.files)
        MemoryRelease.returnFreedMemory()

        let staleSet = Set(stale)
        let kept = pages.indices.filter { !staleSet.contains($0) }.map { pages[$0].path } + search.kept
        let outcome = try writer.finish(keeping: kept)
        report.writtenPaths = outcome.written
        report.unchangedCount = outcome.unchanged
        report.deletedPaths = outcome.deleted

        var state = BuildState()
        state.entryCache = reading.cache
        state.inputs = report.diagnostics.isEmpty ? inputs : nil
        state.entryCount = report.entryCount
        state.pageCount = report.pageCount
        for (page, signature) in zip(pages, signatures) { state.pageSignatures[page.path] = signature }
        state.pageSignatures[Self.searchIndexKey] = search.signature
        // Saving the cache costs more than parsing a few files again next time, and an outdated
        // cached file is never reused (its size or time differs), so small edits leave it be.
        let cacheWorthSaving = previous.entryCache?.readingKey != reading.cache.readingKey || reading.parsedCount > 32
        try state.save(to: folder, saveEntries: cacheWorthSaving)
        try imageSizeCache.save(to: folder)
        if let searchState = search.state { try SearchIndexStore(folder: folder).save(searchState) }
        step("")
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// The template problems of a failed render, each reported once.
    private struct RenderProblems: Error {
        var diagnostics: [Diagnostic]
    }

    /// Renders `pages` on every core; fails with every distinct template problem.
    private func render(_ pages: [PlannedPage], values: SiteValues, library: TemplateLibrary,
                        theme: Theme) -> Result<[OutputFile], RenderProblems> {
        let rendered = ParallelMap.map(pages, chunkSize: 16) { page -> Result<OutputFile, TemplateError> in
            let context: [String: TemplateValue] = page.values(values).merging([
                "site": values.site,
                "page": .map(["kind": .string(page.kind), "title": .string(page.title),
                              "url": .string(values.urls.url(of: page.place))]),
            ]) { own, _ in own }
            do {
                return .success(OutputFile(path: page.path, content: .bytes(try library.renderUTF8(page.template, with: context))))
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
        let folder = OutputFolder(url: output)
        let inputs = InputFingerprint.compute(root: root, options: options, output: output).fingerprint
        guard let manifest = folder.loadManifest(), manifest.count > 0, folder.missingFiles(of: manifest)?.isEmpty == true else { return false }
        return inputs.matches(BuildState.load(from: folder, inputsOnly: true).inputs, root: root)
    }

    /// Identifies the configuration pages are built with: daybook.yml and the system timezone it
    /// falls back to.
    static func configKey(root: URL) -> String {
        var hasher = StableHasher()
        hasher.combine(BuildState.version)
        hasher.combine(TimeZone.current.identifier)
        let config = FileManager.default.contents(atPath: root.appendingPathComponent(ConfigLoader.fileName).path)
        hasher.combine(config.map { [UInt8]($0) } ?? [])
        return String(hasher.value, radix: 16)
    }

    /// Sizes of the pictures, by picture id, from the first bytes of each distinct file that
    /// changed since `cache` read it.
    private func readImageSizes(_ images: [EntryImage], cache: inout ImageSizeCache, files: ContentFiles?) -> [String: ImageSize] {
        let sources = Array(Set(images.map(\.sourcePath))).sorted()
        let bySource = cache.sizes(of: sources, root: root, statuses: files?.statuses ?? [:])
        var byImage: [String: ImageSize] = [:]
        for image in images { byImage[image.id] = bySource[image.sourcePath] }
        return byImage
    }

    /// The page templates every site needs.
    static let pageTemplates = ["home.html", "entry.html", "day.html", "month.html", "year.html", "archive.html",
                                "emotions.html", "emotion.html", "tags.html", "tag.html", "gallery.html", "search.html", "404.html"]

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
