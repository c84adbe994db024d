import BuildSupport
import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// A command-line build after an edit of an entry's words keeps the page plan the last build
/// saved: it plans only the pages that may have changed, and gives what a full build gives.
final class SavedPlanTests: XCTestCase {
    private let entry = "Content/2024/03/02/last-year.md"

    func testABodyEditPlansOnlyThePagesThatMayHaveChangedAndGivesAFullBuildsSite() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let first = try buildSite(root)
        XCTAssertEqual(planTitle(first), "Plan pages")

        try replace("rain and tea", with: "snow and cocoa", in: root)
        let edited = try buildSite(root)
        let title = try XCTUnwrap(planTitle(edited))
        XCTAssertTrue(title.hasSuffix("pages; the others as the last build planned them"), title)
        XCTAssertTrue(title.hasSuffix("of \(first.pageCount) pages; the others as the last build planned them"), title)
        XCTAssertEqual(edited.pageCount, first.pageCount)
        XCTAssertTrue(edited.writtenPaths.contains("2024/03/02/last-year/index.html"))
        XCTAssertTrue(edited.writtenPaths.contains("2024/03/02/index.html"))
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self, "after one edit")

        // The plan the kept plan's build saved serves the next edit too.
        try replace("snow and cocoa", with: "wind and soup", in: root)
        let again = try buildSite(root)
        XCTAssertTrue(planTitle(again)?.hasSuffix("the others as the last build planned them") == true)
        XCTAssertTrue(again.writtenPaths.contains("2024/03/02/last-year/index.html"))
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self, "after two edits")
    }

    func testAnEditOfAnEntrysTitlePlansEveryPage() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        try replace("title: 작년 오늘", with: "title: 일년 전 오늘", in: root)
        let report = try buildSite(root)
        XCTAssertEqual(planTitle(report), "Plan pages")
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self)
    }

    func testAFileGoneFromTheOutputIsWrittenBackByAFullPlan() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let output = root.appendingPathComponent("Output")
        try FileManager.default.removeItem(at: output.appendingPathComponent("2024/03/index.html"))
        try replace("rain and tea", with: "snow and cocoa", in: root)
        let report = try buildSite(root)
        XCTAssertEqual(planTitle(report), "Plan pages")
        XCTAssertTrue(report.writtenPaths.contains("2024/03/index.html"))
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self)
    }

    func testAPictureReplacedUnderTheSameNameKeepsThePlanAndLeavesNoThumbnailItNoLongerHas() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let picture = root.appendingPathComponent("Content/2025/03/01/tea.png")
        try buildSite(root)
        let thumbnails = { try filesBelow(root.appendingPathComponent("Output")).keys.filter { $0.hasPrefix("images/") }.sorted() }
        let small = try thumbnails()

        try Data(SolidPNG.make(width: 2000, height: 1000, red: 90, green: 160, blue: 60)).write(to: picture)
        let larger = try buildSite(root)
        XCTAssertTrue(planTitle(larger)?.hasSuffix("the others as the last build planned them") == true)
        XCTAssertGreaterThan(try thumbnails().count, small.count)
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self, "with the larger picture")

        try FileManager.default.copyItem(at: fixturesFolder.appendingPathComponent("seoul-diary/Content/2025/03/01/tea.png"),
                                         to: root.appendingPathComponent("tea-again.png"))
        try FileManager.default.removeItem(at: picture)
        try FileManager.default.moveItem(at: root.appendingPathComponent("tea-again.png"), to: picture)
        let smaller = try buildSite(root)
        XCTAssertTrue(planTitle(smaller)?.hasSuffix("the others as the last build planned them") == true)
        XCTAssertEqual(try thumbnails(), small)
        XCTAssertFalse(smaller.deletedPaths.isEmpty)
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self, "with the picture as it was")
    }

    func testASavedPlanReadsBackAsItWasWrittenAndADamagedOneDoesNot() throws {
        let stats = DiaryStats(index: SiteIndex(diary: Diary(config: DiaryConfig(emotions: []), entries: [], emotions: [])))
        let pages = (0..<5).map { position in
            PlannedPage(.notFound, position == 3 ? .stats(stats) : .entry(position),
                        title: "\(position)", entries: position == 3 ? [] : [position % 3, (position + 1) % 3])
        }
        let plan = SavedPagePlan(pages: pages, shapeKey: 42, context: .init(global: 7, templates: ["entry.html": 1, "stats.html": 2]),
                                 versions: [10, 11, 12])
        XCTAssertEqual(plan.statisticsPages, [3])
        // Entry 1 is on pages 0, 1 and 4: those and the statistics page are signed again.
        XCTAssertEqual(plan.positionsToSign(versions: [10, 99, 12]), [0, 1, 3, 4])
        XCTAssertEqual(plan.positionsToSign(versions: [10, 11, 12]), [3])

        var writer = BinaryWriter()
        plan.write(into: &writer)
        var reader = BinaryReader(writer.bytes)
        XCTAssertEqual(SavedPagePlan(reading: &reader), plan)
        XCTAssertTrue(reader.isAtEnd)

        var cut = BinaryReader(Array(writer.bytes.dropLast(3)))
        XCTAssertNil(SavedPagePlan(reading: &cut))
        var bytes = writer.bytes
        // The last position points past the last page.
        bytes[bytes.count - 4] = 9
        var damaged = BinaryReader(bytes)
        XCTAssertNil(SavedPagePlan(reading: &damaged))
    }

    func testTheEntryVersionsSavedAfterAnEditOrADeletionAreThoseABuildFromScratchSaves() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        // Files older than the file system's timestamp granularity: their versions are saved. The
        // edited file gets the same time again, and is told apart by its size.
        try setEveryEntryFileBack(in: root)
        try buildSite(root)
        XCTAssertEqual(savedVersions(root).count, 4)

        try replace("rain and tea", with: "snow and cocoa", in: root)
        try setEveryEntryFileBack(in: root)
        try buildSite(root)
        let afterEdit = savedVersions(root)
        try buildSite(root, options: .init(clean: true))
        XCTAssertEqual(afterEdit, savedVersions(root), "after an edit")
        XCTAssertEqual(afterEdit.count, 4)

        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/2025/03/02/new-york-call.md"))
        try buildSite(root)
        let afterDeletion = savedVersions(root)
        XCTAssertNotNil(afterEdit[Entry.sourceKey(id: "2025-03-02-new-york-call", sourcePath: "Content/2025/03/02/new-york-call.md")])
        XCTAssertNil(afterDeletion[Entry.sourceKey(id: "2025-03-02-new-york-call", sourcePath: "Content/2025/03/02/new-york-call.md")])
        try buildSite(root, options: .init(clean: true))
        XCTAssertEqual(afterDeletion, savedVersions(root), "after a deletion")
        XCTAssertEqual(afterDeletion.count, 3)
    }

    private func savedVersions(_ root: URL) -> [UInt64: SavedEntryVersions.Saved] {
        BuildState.load(from: BuildCache(root: root, output: root.appendingPathComponent("Output"))).entryVersions.byFile
    }

    private func setEveryEntryFileBack(in root: URL) throws {
        let content = root.appendingPathComponent("Content")
        for case let path as String in FileManager.default.enumerator(atPath: content.path)! where path.hasSuffix(".md") {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
                                                  ofItemAtPath: content.appendingPathComponent(path).path)
        }
    }

    private func planTitle(_ report: SiteBuilder.Report) -> String? {
        report.steps.first { $0.step == .planPages }?.title
    }

    private func replace(_ text: String, with replacement: String, in root: URL) throws {
        let path = root.appendingPathComponent(entry)
        let old = try String(contentsOf: path, encoding: .utf8)
        XCTAssertTrue(old.contains(text))
        try old.replacingOccurrences(of: text, with: replacement).write(to: path, atomically: true, encoding: .utf8)
    }
}
