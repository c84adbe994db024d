import DaybookTestSupport
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// A build never harms the diary: errors leave Output as it was, and the output folder can
/// never be Content/, Templates/ or the diary itself.
final class SafeOutputTests: XCTestCase {
    func testABadEntryFailsTheBuildAndLeavesOutputAsItWas() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let before = try filesBelow(root.appendingPathComponent("Output"))
        try "---\ndate: 2025-02-30\nemotion: happy\n---\n".write(to: root.appendingPathComponent("Content/bad.md"), atomically: true, encoding: .utf8)
        let report = try SiteBuilder(root: root).build(.init())
        XCTAssertEqual(report.diagnostics.map(\.description), ["Content/bad.md:2:7: error: the date '2025-02-30' does not exist: February 2025 has 28 days"])
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), before)
    }

    func testABadTemplateFailsTheBuildAtItsLocationAndLeavesOutputAsItWas() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let before = try filesBelow(root.appendingPathComponent("Output"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try "{% extends \"layout.html\" %}\n{% block main %}\n  {{ entry.titel }}\n{% endblock %}\n"
            .write(to: root.appendingPathComponent("Templates/entry.html"), atomically: true, encoding: .utf8)
        let report = try SiteBuilder(root: root).build(.init())
        XCTAssertEqual(report.diagnostics.count, 1)
        XCTAssertTrue(report.diagnostics[0].description.hasPrefix("Templates/entry.html:3:6: error: "), report.diagnostics[0].description)
        XCTAssertTrue(report.diagnostics[0].description.contains("did you mean 'entry.title'?"), report.diagnostics[0].description)
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), before)
    }

    func testADiarysTemplateOverridesTheBuiltInOne() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try "<!DOCTYPE html><title>404</title><p>Nothing here, {{ site.title }}.</p>\n"
            .write(to: root.appendingPathComponent("Templates/404.html"), atomically: true, encoding: .utf8)
        try buildSite(root)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Output/404.html"), encoding: .utf8),
                       "<!DOCTYPE html><title>404</title><p>Nothing here, Lake notes.</p>\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/index.html").path))
    }

    func testAnOutputFolderInOrAroundTheDiarysOwnFilesIsRefused() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        for output in [root, root.deletingLastPathComponent(), root.appendingPathComponent("Content"),
                       root.appendingPathComponent("Content/site"), root.appendingPathComponent("Templates")] {
            XCTAssertThrowsError(try SiteBuilder(root: root).build(.init(output: output)), output.path) { error in
                XCTAssertEqual((error as? BuildError)?.isUsage, true)
            }
        }
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Content")).count, 3, "nothing was written into Content/")
    }

    func testAFolderWithSomeoneElsesFilesIsNeverWrittenOrCleaned() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let foreign = root.appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try "mine".write(to: foreign.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        for clean in [false, true] {
            XCTAssertThrowsError(try SiteBuilder(root: root).build(.init(clean: clean)))
            XCTAssertEqual(try filesBelow(foreign).keys.sorted(), ["notes.txt"])
        }
    }

    func testCleanEmptiesOnlyAFolderDaybookMade() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        let output = root.appendingPathComponent("Output")
        try "stray".write(to: output.appendingPathComponent("stray.txt"), atomically: true, encoding: .utf8)
        try buildSite(root, options: .init(clean: true))
        XCTAssertNil(try filesBelow(output)["stray.txt"])
        XCTAssertNotNil(try filesBelow(output)["index.html"])
    }

    func testARebuildWritesNothingAndRemovesWhatADeletedEntryLeft() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let first = try buildSite(root)
        XCTAssertGreaterThan(first.writtenPaths.count, 10)
        let second = try buildSite(root)
        XCTAssertEqual(second.writtenPaths, [])
        XCTAssertEqual(second.unchangedCount, first.writtenPaths.count)

        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/notes/2025-07-05-tired.md"))
        let third = try buildSite(root)
        XCTAssertTrue(third.deletedPaths.contains("2025/07/05/tired/index.html"), "\(third.deletedPaths)")
        XCTAssertTrue(third.deletedPaths.contains("images/2025-07-05-tired_image_1.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/2025/07/05").path), "an empty day folder goes too")
        XCTAssertEqual(try brokenLinks(in: root.appendingPathComponent("Output"), baseURL: "/diary/").map(\.description), [])
    }

    func testTheSummaryLineCountsEntriesPagesAndWrites() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let report = try buildSite(root)
        XCTAssertTrue(report.summary.hasPrefix("Built 2 entries into \(report.pageCount) pages in "), report.summary)
        XCTAssertTrue(report.summary.hasSuffix("(\(report.writtenPaths.count) written, 0 unchanged)"), report.summary)
    }
}
