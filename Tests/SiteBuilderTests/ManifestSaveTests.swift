import DaybookTestSupport
import DiaryFiles
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// The last build's manifest saved again with a build's changes reads back as those changes made
/// to it, whether the changes were written over it in place or it was saved whole.
final class ManifestSaveTests: XCTestCase {
    private let entries = Dictionary(uniqueKeysWithValues: (0..<500).map { number in
        ("2025/\(number % 12 + 1)/\(number % 28 + 1)/entry-\(number)/index.html", "b:\(String(number * 7919, radix: 16))")
    } + [("index.html", "b:home"), ("images/1_image_1.png", "c:1200:17")])

    func testAnEditsNewFingerprintsAreWrittenOverTheSavedOnesInPlace() throws {
        let cache = try savedCache()
        let before = try XCTUnwrap(cache.identity(of: .manifest))
        let saved = try XCTUnwrap(Manifest.load(from: cache))
        // As a build does while it writes: no record of the output until it saves its own.
        cache.setAside(.manifest)
        XCTAssertNil(Manifest.load(from: cache))
        let changes = ManifestChanges(set: ["index.html": "b:HOME", "2025/3/3/entry-2/index.html": "b:\(String(2 * 7919 + 1, radix: 16))",
                                           "2025/1/1/entry-0/index.html": "b:0"], removed: [])
        XCTAssertEqual(try saved.save(updatedWith: changes, to: cache, index: saved.makeIndex()), entries.count)

        let after = try XCTUnwrap(cache.identity(of: .manifest))
        XCTAssertEqual(after.inode, before.inode, "the same file, written in place")
        XCTAssertNotEqual(after, before, "a file changed in place is known as a new one")
        XCTAssertEqual(try XCTUnwrap(Manifest.load(from: cache)).entries(), changes.applied(to: entries))
    }

    func testANewFileTakesTheLineOfARemovedOneWithAPathAsLong() throws {
        let cache = try savedCache()
        let before = try XCTUnwrap(cache.identity(of: .manifest))
        let saved = try XCTUnwrap(Manifest.load(from: cache))
        cache.setAside(.manifest)
        let changes = ManifestChanges(set: ["images/7_image_1.png": "c:1300:17", "index.html": "b:HOME"], removed: ["images/1_image_1.png"])
        XCTAssertEqual(try saved.save(updatedWith: changes, to: cache, index: saved.makeIndex()), entries.count)

        XCTAssertEqual(try XCTUnwrap(cache.identity(of: .manifest)).inode, before.inode, "written in place")
        let loaded = try XCTUnwrap(Manifest.load(from: cache))
        XCTAssertEqual(loaded.entries(), changes.applied(to: entries))
        XCTAssertNotNil(loaded.line(of: "images/7_image_1.png", in: loaded.makeIndex()))
        XCTAssertNil(loaded.line(of: "images/1_image_1.png", in: loaded.makeIndex()))
    }

    func testChangesThatDoNotFitInPlaceSaveTheWholeManifest() throws {
        let unfitting = [
            ManifestChanges(set: ["index.html": "b:a-longer-one"], removed: []),
            ManifestChanges(set: ["new/index.html": "b:1"], removed: []),
            ManifestChanges(set: ["index.html": "b:HOME"], removed: ["images/1_image_1.png"]),
            // A new file whose path is not as long as the removed one's.
            ManifestChanges(set: ["images/12_image_1.png": "c:1200:17"], removed: ["images/1_image_1.png"]),
        ]
        for changes in unfitting {
            let cache = try savedCache()
            let before = try XCTUnwrap(cache.identity(of: .manifest))
            let saved = try XCTUnwrap(Manifest.load(from: cache))
            cache.setAside(.manifest)
            let expected = changes.applied(to: entries)
            XCTAssertEqual(try saved.save(updatedWith: changes, to: cache, index: saved.makeIndex()), expected.count)
            XCTAssertNotEqual(try XCTUnwrap(cache.identity(of: .manifest)).inode, before.inode, "\(changes)")
            XCTAssertEqual(try XCTUnwrap(Manifest.load(from: cache)).entries(), expected, "\(changes)")
        }
    }

    func testAManifestSavedSinceItWasSetAsideIsReplacedWhole() throws {
        let cache = try savedCache()
        let saved = try XCTUnwrap(Manifest.load(from: cache))
        cache.setAside(.manifest)
        // Another build saves its own manifest meanwhile: what was set aside is never put back over it.
        try Manifest.save(["other.html": "b:other"], to: cache)
        let changes = ManifestChanges(set: ["index.html": "b:HOME"], removed: [])
        try saved.save(updatedWith: changes, to: cache, index: saved.makeIndex())
        XCTAssertEqual(try XCTUnwrap(Manifest.load(from: cache)).entries(), changes.applied(to: entries))
    }

    /// A build cache holding `entries` as its saved manifest.
    private func savedCache() throws -> BuildCache {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-manifest-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))
        try Manifest.save(entries, to: cache)
        return cache
    }
}
