import BuildSupport
import DiaryIndex
import DiaryModel
import SiteOutput
import SitePages
import Templating

extension BuildContext {
    /// Step 7: renders the stale pages in batches; all but the last batch wait in the build cache
    /// (`PageStaging`) until every page has rendered. A template problem ends the build, once every
    /// problem is found.
    mutating func render() throws -> BuildStepOutcome {
        let pages = planned.pages
        let stale = planned.stale
        let earlierCards = last.cards(indexIsKept: indexing.isKept, picturesAreKept: indexing.keptPictures != nil)
        var files: [OutputFile] = []
        var problems: [Diagnostic] = []
        let batches = SiteBuilder.batches(of: stale.map { pages[$0] }, weight: options.pageBatchSize)
        for (number, range) in batches.enumerated() {
            let isLast = number == batches.count - 1
            let batch = stale[range].map { pages[$0] }
            let values = shared.withCards(for: Set(batch.flatMap(\.entries)), earlier: batches.count == 1 ? earlierCards : [:])
            if batches.count == 1 { cards = values.cards }
            switch PageRenderer(values: values, theme: theme).render(batch) {
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
            return .endBuild
        }
        pageFiles = files
        report.pageCount = planned.pageCount
        report.entryCount = indexing.index.entries.count
        return .goOn
    }

    /// The render step's title: how many of the site's pages it renders.
    var renderTitle: String {
        "Render \(BuildPipeline.count(planned.stale.count)) of \(BuildPipeline.count(planned.pageCount)) pages"
    }
}

extension SiteBuilder {
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
}

/// Draws pages with a theme's templates, on every core.
struct PageRenderer {
    let values: SiteValues
    let theme: CompiledTheme

    /// The template problems of a failed render, each reported once.
    struct Problems: Error {
        var diagnostics: [Diagnostic]
    }

    /// Renders `pages`; fails with every distinct template problem.
    func render(_ pages: [PlannedPage]) -> Result<[OutputFile], Problems> {
        let rendered = ParallelMap.map(pages, chunkSize: 16) { page -> Result<OutputFile, TemplateError> in
            do {
                return .success(try render(page))
            } catch let error as TemplateError {
                return .failure(error)
            } catch {
                return .failure(TemplateError(TemplateLocation(path: theme.theme.paths[page.template] ?? page.template, line: 1, column: 1),
                                              .templateNotFound(page.template, suggestion: nil)))
            }
        }
        var files: [OutputFile] = []
        files.reserveCapacity(rendered.count)
        var problems = Problems(diagnostics: [])
        var seen = Set<String>()
        for result in rendered {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let error):
                if seen.insert(error.description).inserted { problems.diagnostics.append(SiteBuilder.diagnostic(for: error)) }
            }
        }
        return problems.diagnostics.isEmpty ? .success(files) : .failure(problems)
    }

    /// One page's file: its template drawn once, or once per part (`PageParts`).
    private func render(_ page: PlannedPage) throws -> OutputFile {
        guard let parts = page.parts else {
            return OutputFile(path: page.path, content: .bytes(try draw(page, page.values(values), title: page.title, place: page.place)))
        }
        let drawn = try parts.names.indices.map { part in
            (parts.names[part], try draw(page, parts.values(part, values), title: parts.names[part], place: parts.places[part]))
        }
        return OutputFile(path: page.path, content: .bytes(OnThisDayCalendar.file(holding: drawn)))
    }

    private func draw(_ page: PlannedPage, _ own: [String: TemplateValue], title: String, place: URLMap.Place) throws -> [UInt8] {
        let context: [String: TemplateValue] = own.merging([
            "site": values.site,
            "page": .map(["kind": .string(page.kind), "title": .string(title), "url": .string(values.urls.url(of: place))]),
        ]) { own, _ in own }
        return try theme.library.renderUTF8(page.template, with: context)
    }
}
