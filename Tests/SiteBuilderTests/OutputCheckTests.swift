import BuildSupport
import DaybookTestSupport
import DiaryModel
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// A build finds every file someone removed from the output folder and writes it again, while a
/// folder that has not changed since the last check is not looked into file by file.
final class OutputCheckTests: XCTestCase {
    func testAPageDeletedFromTheOutputIsWrittenAgainEvenWhenItsFolderWasStamped() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        var options = SiteBuilder.Options()
        options.folderSettling = 0
        try buildSite(root, options: options)
        // A nothing-changed build checks every file, and stamps the folders for the next one.
        XCTAssertEqual(try buildSite(root, options: options).writtenPaths, [])
        let cache = BuildCache(root: root, output: SiteBuilder(root: root).outputFolder(options))
        XCTAssertFalse(FolderStamps.load(from: cache).byFolder.isEmpty)

        let output = root.appendingPathComponent("Output")
        let files = try filesBelow(output)
        let dayPage = try XCTUnwrap(files.keys.filter { $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 4 }.sorted().first)
        let searchFile = try XCTUnwrap(files.keys.filter { $0.hasPrefix("search/") && $0.hasSuffix(".json") }.sorted().last)
        for path in [dayPage, searchFile] { try FileManager.default.removeItem(at: output.appendingPathComponent(path)) }

        let report = try buildSite(root, options: options)
        XCTAssertEqual(Set(report.writtenPaths), [dayPage, searchFile])
        XCTAssertTrue(try filesBelow(output) == files, "the output is as it was")
        // And once more, with the stamps this build saved.
        try FileManager.default.removeItem(at: output.appendingPathComponent(dayPage))
        XCTAssertEqual(try buildSite(root, options: options).writtenPaths, [dayPage])
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self)
    }

    func testAWholeOutputIsFoundSoWithoutItsManifestWhileNoFolderAndNotTheManifestChanged() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        var options = SiteBuilder.Options()
        options.folderSettling = 0
        try buildSite(root, options: options)
        let output = SiteBuilder(root: root).outputFolder(options)
        let cache = BuildCache(root: root, output: output)
        let folder = OutputFolder(url: output)
        // The first nothing-changed build looks at every folder against the manifest, and keeps them in order.
        XCTAssertEqual(try buildSite(root, options: options).writtenPaths, [])
        let fileCount = try XCTUnwrap(Manifest.load(from: cache)).count
        XCTAssertEqual(FolderStamps.quickLook(of: folder, cache: cache, settling: 0)?.complete.fileCount, fileCount)
        XCTAssertEqual(try buildSite(root, options: options).writtenPaths, [])

        // The same manifest saved anew is another file: the folders are looked at against it again.
        let manifestPath = cache.path(of: .manifest)
        try FileManager.default.copyItem(atPath: manifestPath, toPath: manifestPath + ".copy")
        try FileManager.default.removeItem(atPath: manifestPath)
        try FileManager.default.moveItem(atPath: manifestPath + ".copy", toPath: manifestPath)
        XCTAssertNil(FolderStamps.quickLook(of: folder, cache: cache, settling: 0)?.complete.fileCount)
        XCTAssertEqual(try buildSite(root, options: options).writtenPaths, [])
        XCTAssertEqual(FolderStamps.quickLook(of: folder, cache: cache, settling: 0)?.complete.fileCount, fileCount)

        // A page gone changes its folder: it is found and written again.
        let files = try filesBelow(output)
        let entryPage = try XCTUnwrap(files.keys.filter { $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 5 }.sorted().first)
        try FileManager.default.removeItem(at: output.appendingPathComponent(entryPage))
        XCTAssertNil(FolderStamps.quickLook(of: folder, cache: cache, settling: 0)?.complete.fileCount)
        XCTAssertEqual(try buildSite(root, options: options).writtenPaths, [entryPage])
        XCTAssertTrue(try filesBelow(output) == files, "the output is as it was")

        // Damaged stamps cost a full look, never a wrong one.
        try Data("not stamps".utf8).write(to: URL(fileURLWithPath: cache.path(of: .folderStamps)))
        XCTAssertNil(FolderStamps.quickLook(of: folder, cache: cache, settling: 0)?.complete.fileCount)
        try FileManager.default.removeItem(at: output.appendingPathComponent(entryPage))
        XCTAssertEqual(try buildSite(root, options: options).writtenPaths, [entryPage])
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self)
    }

    func testTheFoldersAreKeptInPathOrderNotInTheManifestsOrder() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        var options = SiteBuilder.Options()
        options.folderSettling = 0
        try buildSite(root, options: options)
        XCTAssertEqual(try buildSite(root, options: options).writtenPaths, [])
        let output = SiteBuilder(root: root).outputFolder(options)
        let cache = BuildCache(root: root, output: output)
        let manifest = try XCTUnwrap(Manifest.load(from: cache))
        let inManifestOrder = manifest.folders().folders.map { folder in
            manifest.withCString(folder.path) { String(cString: $0) } ?? ""
        }
        let inPathOrder = inManifestOrder.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        XCTAssertNotEqual(inManifestOrder, inPathOrder, "the manifest's lines are in no order of paths")

        let look = try XCTUnwrap(FolderStamps.quickLook(of: OutputFolder(url: output), cache: cache, settling: 0))
        XCTAssertEqual(look.complete.folderPaths(), inPathOrder)
    }

    func testAfterAnEditTheFoldersItWroteAreListedWithoutTheManifestAndAGapInThemIsFound() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        var settled = SiteBuilder.Options()
        settled.folderSettling = 0
        // Folders changed within the last minute are not stamped: those an edit writes stay pending.
        var unsettled = SiteBuilder.Options()
        unsettled.folderSettling = 60_000_000_000
        let output = SiteBuilder(root: root).outputFolder(settled)
        let cache = BuildCache(root: root, output: output)
        let folder = OutputFolder(url: output)
        try buildSite(root, options: settled)
        XCTAssertEqual(try buildSite(root, options: settled).writtenPaths, [])
        XCTAssertEqual(FolderStamps.quickLook(of: folder, cache: cache, settling: 0)?.complete.pending, [])

        let plum = root.appendingPathComponent("Content/2025/03/01/0900-plum-blossoms.md")
        try (try String(contentsOf: plum, encoding: .utf8) + "\nPetals on the water.\n").write(to: plum, atomically: false, encoding: .utf8)
        let edit = try buildSite(root, options: unsettled)
        XCTAssertFalse(edit.writtenPaths.isEmpty)
        // The folders the edit wrote into are pending, each with the files the new manifest puts there.
        let look = try XCTUnwrap(FolderStamps.quickLook(of: folder, cache: cache, settling: 60_000_000_000))
        let manifest = try XCTUnwrap(Manifest.load(from: cache)).entries()
        XCTAssertEqual(look.complete.fileCount, manifest.count)
        let writtenFolders = Set(edit.writtenPaths.map { ($0 as NSString).deletingLastPathComponent })
        let pending = look.complete.pendingFolders()
        XCTAssertEqual(Set(pending.keys), writtenFolders)
        // Each one's names as the manifest has them, though the build worked them out from its changes alone.
        for (folder, names) in pending {
            XCTAssertEqual(names, FileNames(manifest.keys.filter { ($0 as NSString).deletingLastPathComponent == folder }
                                                .map { ($0 as NSString).lastPathComponent }), folder)
        }
        let entryPage = try XCTUnwrap(edit.writtenPaths.first { $0.hasSuffix("plum-blossoms/index.html") })
        let entryFolder = (entryPage as NSString).deletingLastPathComponent
        XCTAssertTrue(pending[entryFolder] == FileNames(["index.html"]), "\(entryFolder) holds its page")
        XCTAssertFalse(look.changed)
        XCTAssertEqual(try buildSite(root, options: unsettled).writtenPaths, [], "nothing changed")

        // A page gone from a pending folder: the quick look fails, and the build writes it again.
        try FileManager.default.removeItem(at: output.appendingPathComponent(entryPage))
        XCTAssertNil(FolderStamps.quickLook(of: folder, cache: cache, settling: 60_000_000_000))
        XCTAssertEqual(try buildSite(root, options: unsettled).writtenPaths, [entryPage])

        // Once settled, the pending folders are stamped, and saved so.
        XCTAssertEqual(try buildSite(root, options: settled).writtenPaths, [])
        XCTAssertEqual(FolderStamps.quickLook(of: folder, cache: cache, settling: 0)?.complete.pending, [])
        XCTAssertEqual(FolderStamps.quickLook(of: folder, cache: cache, settling: 0)?.changed, false)
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self)
    }

    func testOnlyTheFilesOfAFolderThatChangedAreLookedAtOneByOne() throws {
        let folder = try temporaryFolder(with: ["z.html", "a/y.html", "a/b/x.html", "a/b/w.html", "c/v.html"])
        let manifest = try XCTUnwrap(Manifest(bytes: manifestBytes(["z.html", "a/y.html", "a/b/x.html", "a/b/w.html", "c/v.html"])))
        let later = OutputFolder.now() + 10_000_000_000

        let first = try XCTUnwrap(folder.check(manifest, stamps: FolderStamps(), now: later))
        XCTAssertEqual(first.missing, [])
        XCTAssertEqual(first.filesLookedAt, 5)
        XCTAssertEqual(first.stamps.byFolder.count, 4, "the output folder, a, a/b and c")

        let second = try XCTUnwrap(folder.check(manifest, stamps: first.stamps, now: later))
        XCTAssertEqual(second.missing, [])
        XCTAssertEqual(second.filesLookedAt, 0)
        XCTAssertEqual(second.stamps, first.stamps)

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("a/b/x.html"))
        let third = try XCTUnwrap(folder.check(manifest, stamps: second.stamps, now: later))
        XCTAssertEqual(third.missing, ["a/b/x.html"])
        XCTAssertEqual(third.filesLookedAt, 2, "only a/b's files")
        XCTAssertEqual(third.stamps.byFolder.count, 3, "a/b, which has a gap, is not stamped")

        // A whole folder gone: its files are missing, whatever its stamp said.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("c"))
        let fourth = try XCTUnwrap(folder.check(manifest, stamps: first.stamps, now: later))
        XCTAssertEqual(fourth.missing, ["a/b/x.html", "c/v.html"])
    }

    func testAChangedFolderOfManyFilesIsListedAndEveryGapInItIsFound() throws {
        let many = (0..<40).map { "search/chunks/\($0).json" }
        let folder = try temporaryFolder(with: ["index.html"] + many)
        let manifest = try XCTUnwrap(Manifest(bytes: manifestBytes(["index.html"] + many)))
        let later = OutputFolder.now() + 10_000_000_000
        let first = try XCTUnwrap(folder.check(manifest, stamps: FolderStamps(), now: later))
        XCTAssertEqual(first.missing, [])
        XCTAssertEqual(first.filesLookedAt, 41)

        // Another file in the folder does not stand in for a missing one.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("search/chunks/7.json"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("search/chunks/30.json"))
        try Data().write(to: folder.url.appendingPathComponent("search/chunks/7.json.tmp"))
        let second = try XCTUnwrap(folder.check(manifest, stamps: first.stamps, now: later))
        XCTAssertEqual(second.missing, ["search/chunks/7.json", "search/chunks/30.json"])
        XCTAssertEqual(second.filesLookedAt, 40, "only the changed folder's files")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("search/chunks"))
        let third = try XCTUnwrap(folder.check(manifest, stamps: first.stamps, now: later))
        XCTAssertEqual(third.missing, Set(many))
    }

    func testAFolderChangedJustBeforeTheCheckIsNotStamped() throws {
        let folder = try temporaryFolder(with: ["z.html", "a/y.html"])
        let manifest = try XCTUnwrap(Manifest(bytes: manifestBytes(["z.html", "a/y.html"])))
        // The coarse clock of file times could hide a change made in the same tick: a folder
        // changed within the settling time is looked into again next time.
        let check = try XCTUnwrap(folder.check(manifest, stamps: FolderStamps(), now: OutputFolder.now(), settling: 60_000_000_000))
        XCTAssertEqual(check.missing, [])
        XCTAssertEqual(check.stamps.byFolder, [:])
    }

    private func temporaryFolder(with files: [String]) throws -> OutputFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-output-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        for file in files {
            let path = url.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<p>\(file)</p>".utf8).write(to: path)
        }
        return OutputFolder(url: url)
    }

    private func manifestBytes(_ paths: [String]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(paths.count)
        for path in paths {
            writer.write("b:\(path.count)")
            writer.write(path)
        }
        return writer.bytes
    }
}
