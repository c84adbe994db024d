import BuildSupport
import DaybookTestSupport
import DiaryModel
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// The last build's manifest, looked up by path as saved, answers as the dictionary of it would.
final class ManifestLookupTests: XCTestCase {
    private let paths = (0..<3000).map { number in
        number % 3 == 0 ? "2025/\(number % 12 + 1)/\(number % 28 + 1)/entry-\(number)/index.html"
            : number % 3 == 1 ? "search/shards/\(number).json" : "images/\(number)-640.jpg"
    } + ["index.html", "", "일기/밤/index.html"]

    func testASavedManifestFindsEveryPathAndNoOther() throws {
        let entries = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($0.element, "b:\($0.offset)") })
        let saved = ManifestView(try XCTUnwrap(Manifest(bytes: manifestBytes(paths.map { ($0, entries[$0]!) }))))
        let dictionary = ManifestView(entries)
        for view in [saved, dictionary] {
            XCTAssertEqual(view.count, paths.count)
            for path in paths {
                XCTAssertEqual(view[path], entries[path], path)
                XCTAssertTrue(view.contains(path), path)
            }
            for absent in ["index.htm", "index.html/", "/index.html", "search/shards/1.jso", "일기/밤", "images/2-640.jpg "] {
                XCTAssertNil(view[absent], absent)
                XCTAssertFalse(view.contains(absent), absent)
            }
            XCTAssertEqual(Set(view.paths), Set(paths))
            XCTAssertEqual(Set(view.paths(withPrefix: "search/")), Set(paths.filter { $0.hasPrefix("search/") }))
            let pages = Set(paths.filter { $0.hasSuffix("index.html") }.map(StableHasher.hash))
            XCTAssertEqual(Set(view.paths(whereHash: { !pages.contains($0) })), Set(paths.filter { !$0.hasSuffix("index.html") }))
            XCTAssertEqual(view.entries, entries)
        }
    }

    func testAPathListedTwiceHasItsLaterFingerprint() throws {
        let saved = ManifestView(try XCTUnwrap(Manifest(bytes: manifestBytes([("a.html", "b:1"), ("b.html", "b:2"), ("a.html", "b:3")]))))
        XCTAssertEqual(saved["a.html"], "b:3")
        XCTAssertEqual(saved["b.html"], "b:2")
        XCTAssertEqual(saved.entries, ["a.html": "b:3", "b.html": "b:2"])
    }

    private func manifestBytes(_ lines: [(path: String, fingerprint: String)]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(lines.count)
        for line in lines {
            writer.write(line.fingerprint)
            writer.write(line.path)
        }
        return writer.bytes
    }
}
