import DaybookTestSupport
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
@testable import SiteEncryption
import XCTest

/// Pages rendered in batches, all but the last staged in the build cache: the site is the one a
/// single batch gives, a problem in any batch leaves the output as it was, and nothing staged
/// is ever left behind or published by a later build.
final class BatchedRenderTests: XCTestCase {
    private func options(batchSize: Int, output: URL? = nil, dryRun: Bool = false, encryption: SiteKeys? = nil) -> SiteBuilder.Options {
        var options = SiteBuilder.Options(output: output, dryRun: dryRun, encryption: encryption)
        options.pageBatchSize = batchSize
        return options
    }

    private func stagingFolder(_ root: URL, output: String = "Output") -> String {
        BuildCache(root: root, output: root.appendingPathComponent(output)).stagingFolder
    }

    func testPagesThatFitInOneBatchRenderInOneAndMoreInBatchesOfAQuarterOfTheWeight() {
        func pages(showing counts: [Int]) -> [PlannedPage] {
            counts.map { PlannedPage(.home, .search, title: "", entries: Array(0..<$0)) }
        }
        XCTAssertEqual(SiteBuilder.batches(of: pages(showing: [3, 30, 3, 0]), weight: 40), [0..<4])
        // 3 + 30 + 3 + 30 = 66 entries shown: more than 40, so batches end at 10 shown.
        XCTAssertEqual(SiteBuilder.batches(of: pages(showing: [3, 30, 3, 30]), weight: 40), [0..<2, 2..<4])
        XCTAssertEqual(SiteBuilder.batches(of: pages(showing: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), weight: 40),
                       [0..<4, 4..<8, 8..<12, 12..<14])
        XCTAssertEqual(SiteBuilder.batches(of: [], weight: 40), [0..<0])
    }

    func testABuildInBatchesOfTwoPagesGivesByteForByteTheSiteOfOneBatch() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let batched = try buildSite(root, options: options(batchSize: 2))
        try buildSite(root, options: .init(output: root.appendingPathComponent("Whole")))
        XCTAssertGreaterThan(batched.pageCount, 20, "many batches")
        let actual = try filesBelow(root.appendingPathComponent("Output"))
        let expected = try filesBelow(root.appendingPathComponent("Whole"))
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
        for path in expected.keys.sorted() where actual[path] != expected[path] { XCTFail("\(path) differs from a one-batch build") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: stagingFolder(root)), "no staged file is left")
    }

    func testAnEncryptedBuildInBatchesPublishesTheSameEncryptedFiles() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let keys = try fixedKeys("봄 일기", salt: 3)
        try buildSite(root, options: options(batchSize: 3, encryption: keys))
        var whole = SiteBuilder.Options(output: root.appendingPathComponent("Whole"), encryption: keys)
        whole.pageBatchSize = .max
        try buildSite(root, options: whole)
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), try filesBelow(root.appendingPathComponent("Whole")))
    }

    func testATemplateErrorOnThePageRenderedLastLeavesTheOutputByteForByteAndNothingStaged() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root, options: options(batchSize: 2))
        let output = root.appendingPathComponent("Output")
        let before = try filesBelow(output)
        // A new title re-renders every page, so every batch before the failing one is staged.
        let config = root.appendingPathComponent("daybook.yml")
        try (try String(contentsOf: config, encoding: .utf8)).replacingOccurrences(of: "title: 봄 일기", with: "title: 여름 일기")
            .write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try "<p>{{ page.titel }}</p>\n".write(to: root.appendingPathComponent("Templates/404.html"), atomically: true, encoding: .utf8)

        let report = try SiteBuilder(root: root).build(options(batchSize: 2))
        XCTAssertEqual(report.diagnostics.count, 1)
        XCTAssertTrue(report.diagnostics.first?.description.hasPrefix("Templates/404.html:1:7: error: ") == true, "\(report.diagnostics)")
        XCTAssertEqual(try filesBelow(output), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stagingFolder(root)), "the staged pages are removed")
    }

    func testABuildAfterAnInterruptedOneRemovesItsStagedPagesAndPublishesNoneOfThem() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root, options: options(batchSize: 2))
        // What a build stopped between staging and publishing leaves, under the names a next build stages to.
        let staging = stagingFolder(root)
        for batch in 0..<3 {
            try FileManager.default.createDirectory(atPath: "\(staging)/\(batch)", withIntermediateDirectories: true)
            for position in 0..<2 { try "<p>interrupted</p>".write(toFile: "\(staging)/\(batch)/\(position)", atomically: false, encoding: .utf8) }
        }
        // Even a build that finds nothing to do removes them.
        XCTAssertEqual(try buildSite(root, options: options(batchSize: 2)).writtenPaths, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging), "the leftovers are removed")

        try FileManager.default.createDirectory(atPath: "\(staging)/0", withIntermediateDirectories: true)
        try "<p>interrupted</p>".write(toFile: "\(staging)/0/0", atomically: false, encoding: .utf8)
        let entry = root.appendingPathComponent("Content/2024/03/02/last-year.md")
        try (try String(contentsOf: entry, encoding: .utf8)).replacingOccurrences(of: "rain and tea", with: "snow and cocoa")
            .write(to: entry, atomically: true, encoding: .utf8)
        try buildSite(root, options: options(batchSize: 2))
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging))
        let actual = try filesBelow(root.appendingPathComponent("Output"))
        XCTAssertEqual(actual.filter { String(decoding: $0.value, as: UTF8.self).contains("interrupted") }.keys.sorted(), [])
        try buildSite(root, options: .init(output: root.appendingPathComponent("Fresh")))
        XCTAssertEqual(actual, try filesBelow(root.appendingPathComponent("Fresh")), "the site a full build gives")
    }

    func testADryRunInBatchesWritesNothingAndListsWhatOneBatchWould() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let entry = root.appendingPathComponent("Content/2024/03/02/last-year.md")
        try (try String(contentsOf: entry, encoding: .utf8)).replacingOccurrences(of: "rain and tea", with: "snow and cocoa")
            .write(to: entry, atomically: true, encoding: .utf8)
        let before = try filesBelow(root.appendingPathComponent("Output"))
        let cache = try filesBelow(root.appendingPathComponent(".daybook"))

        let batched = try buildSite(root, options: options(batchSize: 2, dryRun: true))
        let whole = try buildSite(root, options: options(batchSize: .max, dryRun: true))
        XCTAssertEqual(batched.writtenPaths.sorted(), whole.writtenPaths.sorted())
        XCTAssertFalse(batched.writtenPaths.isEmpty)
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), before)
        XCTAssertEqual(try filesBelow(root.appendingPathComponent(".daybook")), cache, "nothing staged, nothing saved")
    }
}
