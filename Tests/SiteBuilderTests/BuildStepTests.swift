import BuildSupport
import DaybookTestSupport
import DiaryIndex
import DiaryModel
import DiaryReader
import Foundation
import Pictures
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// Each step of the build run alone, on a build context made by hand, as the build runs it.
final class BuildStepTests: XCTestCase {
    private func context(for root: URL, options: SiteBuilder.Options = .init()) throws -> BuildContext {
        let output = SiteBuilder(root: root).outputFolder(options)
        return try BuildContext(root: root, options: options, output: output, session: nil, changedPaths: nil, evenWhenUnchanged: false)
    }

    func testTheChangeCheckAloneEndsTheBuildOfAnUnchangedDiaryAndGoesOnAfterAnEdit() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let built = try buildSite(root)

        var unchanged = try context(for: root)
        XCTAssertEqual(unchanged.checkForChanges(), .endBuild)
        XCTAssertEqual(unchanged.report.pageCount, built.pageCount, "the last build's counts, from the cache")
        XCTAssertEqual(unchanged.report.entryCount, built.entryCount)

        let entry = root.appendingPathComponent("Content/notes/2025-07-04-fireworks.md")
        let handle = try FileHandle(forWritingTo: entry)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\nOne more line.\n".utf8))
        try handle.close()
        var edited = try context(for: root)
        XCTAssertEqual(edited.checkForChanges(), .goOn)
        XCTAssertNil(edited.change.unchanged)
        XCTAssertTrue(edited.report.writtenPaths.isEmpty, "the check writes nothing")
    }

    func testTheThemeStepAloneEndsTheBuildOnATemplateProblemAndNamesItsPlace() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        var build = try context(for: root)
        let reading = DiaryReader(root: root).read()
        build.reading = BuildContext.Reading(previous: BuildState(), result: reading, files: nil)
        let templates = root.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{% if page.title %}never closed".utf8).write(to: templates.appendingPathComponent("day.html"))
        build.themeLoad = BuildContext.ThemeLoad(key: 0, kept: CompiledTheme(root: root, config: reading.diary.config))

        XCTAssertEqual(build.loadTheme(), .endBuild)
        XCTAssertTrue(build.report.diagnostics.contains { $0.isError && $0.description.hasPrefix("Templates/day.html:1:") },
                      "\(build.report.diagnostics)")
    }

    func testTheRenderStepAloneDrawsThePagesItIsGivenAndNothingElse() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        var build = try context(for: root)
        let reading = DiaryReader(root: root).read()
        let index = SiteIndex(diary: reading.diary)
        let pictureLibrary = PictureLibrary(cacheFolder: build.pictureFolder)
        let (pictures, problems) = PublishedPictures.prepare(reading.diary.entries, root: root.path, library: pictureLibrary)
        XCTAssertEqual(problems, [])
        let shared = SiteValues(index: index, pictures: pictures, cardsFor: [])
        let theme = CompiledTheme(root: root, config: reading.diary.config)
        let pages = PagePlan(index: index, stats: DiaryStats(index: index)).pages()
        let signer = PageSignatures(index: index, values: shared, library: theme.library, sources: theme.theme.templates,
                                    configKey: "")
        let chosen = pages.indices.filter { pages[$0].content.kind == "entry" }
        build.theme = theme
        build.shared = shared
        build.indexing = BuildContext.Indexing(index: index, stats: BackgroundValue(DiaryStats(index: index)), isKept: false,
                                               preparedPictures: nil, pictureLibrary: pictureLibrary,
                                               onlyEntriesChanged: false)
        build.planned = PlannedPages(pages: pages, signer: signer, signatures: signer.signatures(of: pages), stale: chosen,
                                     pageCount: pages.count)

        XCTAssertEqual(try build.render(), .goOn, "\(build.report.diagnostics)")
        XCTAssertEqual(build.pageFiles?.map(\.path), chosen.map { pages[$0].path })
        XCTAssertEqual(build.report.pageCount, pages.count)
        for file in build.pageFiles ?? [] {
            guard case .bytes(let bytes) = file.content else { return XCTFail("\(file.path) is not rendered bytes") }
            XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("class=\"entry-nav\""), "\(file.path) is an entry page")
        }
    }
}
