import DaybookTestSupport
import DiaryModel
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
@testable import SiteEncryption
import XCTest

/// Offline reading, the build's side: the manifest and icons, the offline list and the worker
/// (SPEC §13), and the pure parts of the worker's and the page's scripts, run by Node.
final class OfflineSiteTests: XCTestCase {
    /// The binary carries Browser/offline-worker.js as OfflineWorker.swift; `make theme` regenerates it.
    func testTheBuiltInWorkerIsTheBrowserFile() throws {
        let file = packageRoot.appendingPathComponent("Sources/SiteBuilder/Browser/offline-worker.js")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8) == OfflineWorker.source,
                      "Sources/SiteBuilder/Browser/offline-worker.js differs from the built-in copy; run `make theme`")
    }

    func testThePureFunctionsOfTheWorkerAndThePageScriptPassTheirNodeTests() throws {
        let run = try runProcess(URL(fileURLWithPath: try Requirement.node()),
                                 [packageRoot.appendingPathComponent("Tests/SiteBuilderTests/Scripts/offline_test.js").path, packageRoot.path])
        XCTAssertEqual(run.status, 0, run.standardOutput + run.standardError)
    }

    func testAPlainSitePublishesItsManifestIconsListAndWorker() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let output = root.appendingPathComponent("Output")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("manifest.webmanifest"))) as? [String: Any]
        XCTAssertEqual(manifest?["name"] as? String, "봄 일기")
        XCTAssertEqual(manifest?["start_url"] as? String, "/")
        XCTAssertEqual(manifest?["display"] as? String, "standalone")
        XCTAssertEqual(manifest?["theme_color"] as? String, "#3f5b9a", "the default theme's accent")
        for size in [192, 512] {
            let png = try Data(contentsOf: output.appendingPathComponent("icons/icon-\(size).png"))
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            XCTAssertEqual(Array(png[16..<24]), [0, 0, UInt8(size >> 8), UInt8(size & 0xFF), 0, 0, UInt8(size >> 8), UInt8(size & 0xFF)])
            XCTAssertLessThan(png.count, 6_000, "a flat drawing compresses well")
        }
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("offline.json"))) as? [String: Any])
        let files = try XCTUnwrap(list["files"] as? [[Any]])
        let published = try filesBelow(output).filter { !["offline.json", "sw.js"].contains($0.key) }
        XCTAssertEqual(files.map { $0[0] as? String ?? "" }, published.keys.sorted(), "every file but the list and the worker, in order")
        for file in files {
            let path = file[0] as? String ?? ""
            XCTAssertEqual(file[1] as? Int, published[path]?.count, path)
            XCTAssertEqual(file[2] as? Int, path.hasPrefix("images/") ? 2 : 0, path)
        }
        let worker = try String(contentsOf: output.appendingPathComponent("sw.js"), encoding: .utf8)
        XCTAssertTrue(worker.hasPrefix("var DAYBOOK_OFFLINE = {\"shell\":[\"404.html\"],\"version\":\"\(list["version"] as? String ?? "?")\"};\n"),
                      "the worker keeps the 404 page from the start, for addresses not kept")
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(home.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
        XCTAssertTrue(home.contains(#"<details id="daybook-offline""#))
        XCTAssertTrue(home.contains(#"<script src="/assets/offline.js" defer></script>"#))
    }

    func testThumbnailsAndDisplayVersionsHaveTheirLevels() {
        XCTAssertEqual(OfflineSite.level(of: "2025/03/01/index.html"), 0)
        XCTAssertEqual(OfflineSite.level(of: "search/shards/3.json"), 0)
        XCTAssertEqual(OfflineSite.level(of: "images/2025-03-01-0900-plum-blossoms_image_1-320.jpg"), 1)
        XCTAssertEqual(OfflineSite.level(of: "images/2025-03-01-0900-plum-blossoms_image_12-640.png"), 1)
        XCTAssertEqual(OfflineSite.level(of: "images/2025-03-01-0900-plum-blossoms_image_1.jpg"), 2)
        XCTAssertEqual(OfflineSite.level(of: "images/2025-03-01-0900-a-320-walk_image_2.jpg"), 2)
    }

    func testAnEditChangesTheListAndTheWorkerExactlyAsAFullBuildWould() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let output = root.appendingPathComponent("Output")
        let worker = try Data(contentsOf: output.appendingPathComponent("sw.js"))
        let entry = root.appendingPathComponent("Content/2025/03/01/2130-quiet-night.md")
        try (try String(contentsOf: entry, encoding: .utf8) + "\nOne more line.\n").write(to: entry, atomically: true, encoding: .utf8)
        let report = try buildSite(root)
        XCTAssertTrue(report.writtenPaths.contains("offline.json"))
        XCTAssertNotEqual(try Data(contentsOf: output.appendingPathComponent("sw.js")), worker, "a new version")
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self, "after an edit")
        let again = try buildSite(root)
        XCTAssertEqual(again.writtenPaths, [], "nothing changed: nothing written")
    }

    func testOfflineFalsePublishesAWorkerThatRemovesItselfAndNoList() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let config = root.appendingPathComponent("daybook.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "\noffline: false\n").write(to: config, atomically: true, encoding: .utf8)
        try buildSite(root)
        let output = root.appendingPathComponent("Output")
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("sw.js"), encoding: .utf8), OfflineWorker.removal)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("offline.json").path))
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertFalse(home.contains("daybook-offline"))
        XCTAssertFalse(home.contains("offline.js"))
    }

    func testAnEncryptedSitesListIsEncryptedAndItsPublicFilesNameNoDiary() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let keys = try fixedKeys()
        try buildSite(root, options: .init(encryption: keys))
        let output = root.appendingPathComponent("Output")
        let files = try filesBelow(output)
        XCTAssertNil(files["offline.json"])
        let manifest = try XCTUnwrap(files["manifest.webmanifest"].map { String(decoding: $0, as: UTF8.self) })
        XCTAssertTrue(manifest.contains(#""name":"Private diary""#), manifest)
        XCTAssertFalse(manifest.contains("봄"), "not the diary's title")
        XCTAssertNotNil(files["icons/icon-192.png"])
        let worker = try XCTUnwrap(files["sw.js"].map { String(decoding: $0, as: UTF8.self) })
        XCTAssertTrue(worker.contains(#""shell":["","unlock.js","unlock.css","404.html"]"#), "the unlock page and the 404 page are stored at install")
        let encryptor = SiteEncryptor(keys: keys)
        let listFile = try XCTUnwrap(files[encryptor.publishedPath(of: "offline.json")])
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try encryptor.decrypt([UInt8](listFile), at: "offline.json"))) as? [String: Any])
        let listed = try XCTUnwrap(list["files"] as? [[Any]])
        XCTAssertFalse(listed.isEmpty)
        for file in listed {
            let address = file[0] as? String ?? ""
            let published = try XCTUnwrap(files[encryptor.publishedPath(of: address)], address)
            XCTAssertEqual(file[1] as? Int, published.count, "the published size of \(address)")
        }
        XCTAssertTrue(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            .contains(#"<link rel="manifest" href="manifest.webmanifest">"#))
    }
}
