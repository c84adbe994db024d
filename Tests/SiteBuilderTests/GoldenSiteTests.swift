import DaybookTestSupport
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// Whole fixture diaries built and compared file by file with `Expected/`.
/// `RECORD_GOLDENS=1 swift test` rewrites `Expected/` and fails, so the diff gets a review.
final class GoldenSiteTests: XCTestCase {
    func testSeoulDiaryMatchesItsExpectedSite() throws {
        try assertMatchesGolden("seoul-diary")
    }

    func testEnglishDiaryUnderASubPathMatchesItsExpectedSite() throws {
        try assertMatchesGolden("english-subpath")
    }

    private func assertMatchesGolden(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let root = try copyOfFixture(name, test: self)
        try buildSite(root, file: file, line: line)
        let built = try filesBelow(root.appendingPathComponent("Output"))
        let expectedFolder = fixturesFolder.appendingPathComponent(name).appendingPathComponent("Expected")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: expectedFolder)
            for (path, data) in built {
                let url = expectedFolder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            XCTFail("recorded \(built.count) files into \(expectedFolder.path); review the diff and run again without RECORD_GOLDENS", file: file, line: line)
            return
        }
        let expected = try filesBelow(expectedFolder)
        XCTAssertFalse(expected.isEmpty, "no Expected/ for \(name); record it with RECORD_GOLDENS=1", file: file, line: line)
        let missing = Set(expected.keys).subtracting(built.keys).sorted()
        let extra = Set(built.keys).subtracting(expected.keys).sorted()
        XCTAssertEqual(missing, [], "files the build did not write", file: file, line: line)
        XCTAssertEqual(extra, [], "files the build wrote that are not expected", file: file, line: line)
        for path in Set(expected.keys).intersection(built.keys).sorted() where expected[path] != built[path] {
            XCTFail("\(path) differs from Expected/\(path)", file: file, line: line)
        }
    }
}
