import DaybookTestSupport
import DiaryModel
import SiteBuilder
import SiteDeploy
import XCTest

/// `to: dir`, and what every target shares: the plan, the record, the privacy guard, dry runs,
/// --max-deletes, strays and --verify.
final class DirectoryDeployTests: XCTestCase {
    private func diary(public isPublic: Bool = false) throws -> (root: URL, share: URL) {
        let share = temporaryFolder(self).appendingPathComponent("share")
        let root = try makeDiary(self, target: "share", kind: "dir", url: share.path, extra: isPublic ? ["public: true"] : [])
        return (root, share)
    }

    func testFirstDeploySendsTheSiteAndANoOpSendsNothing() throws {
        let (root, share) = try diary()
        let first = try deploy(root)
        XCTAssertEqual(first.deletions, [])
        assertSameFiles(try filesBelow(share), try outputFiles(root))
        XCTAssertEqual(first.uploads.count, try outputFiles(root).count)
        let again = try deploy(root)
        XCTAssertEqual(again.uploads, [])
        XCTAssertEqual(again.unchangedCount, first.uploads.count)
        XCTAssertEqual(again.planLine, "0 to upload (0 B), 0 to delete, \(first.uploads.count) unchanged")
    }

    func testUploadsGoAssetsThenPagesThenEntryPoints() throws {
        let (root, _) = try diary(public: true)
        let report = try deploy(root, options: DeployOptions())
        let firstPage = try XCTUnwrap(report.uploads.firstIndex { $0.hasSuffix(".html") })
        XCTAssertTrue(report.uploads[..<firstPage].allSatisfy { !$0.hasSuffix(".html") })
        XCTAssertLessThan(try XCTUnwrap(report.uploads.firstIndex(of: "assets/style.css")), firstPage)
        let entryPoints = ["search/index.json", "search/initials.json", "search/positions.json", "index.html", "offline.json", "sw.js"]
        XCTAssertEqual(Array(report.uploads.suffix(entryPoints.count)), entryPoints)
    }

    /// Each entry point (the home page, the search index's manifests, the offline list, the
    /// worker) is sent after every file it names, and each page after the files it uses, in a
    /// first deploy and in one that adds an entry, readable and encrypted.
    func testEveryPageManifestAndEntryPointIsSentAfterTheFilesItNames() throws {
        let (publicRoot, _) = try diary(public: true)
        assertNamedFilesGoFirst(try deploy(publicRoot, options: DeployOptions()), root: publicRoot, readable: true)
        try writeEntry(publicRoot, day: 9, body: "A new day by the sea.")
        assertNamedFilesGoFirst(try deploy(publicRoot, options: DeployOptions()), root: publicRoot, readable: true, "after a new entry")
        let (root, _) = try diary()
        assertNamedFilesGoFirst(try deploy(root), root: root, readable: false)
        try writeEntry(root, day: 9, body: "A new day by the sea.")
        assertNamedFilesGoFirst(try deploy(root), root: root, readable: false, "encrypted, after a new entry")
    }

    private func assertNamedFilesGoFirst(_ report: DeployReport, root: URL, readable: Bool, _ what: String = "",
                                         file: StaticString = #filePath, line: UInt = #line) {
        let published = SiteBuilder(root: root).publishedFiles(SiteBuilder.Options()) ?? []
        let addressOf = Dictionary(published.map { ($0.path, $0.address ?? $0.path) }, uniquingKeysWith: { a, _ in a })
        let position = Dictionary(report.uploads.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        XCTAssertFalse(report.uploads.isEmpty, what, file: file, line: line)
        for (index, path) in report.uploads.enumerated() {
            let address = addressOf[path] ?? path
            let isEntryPoint = SiteBuilder.entryPointPaths.contains(address)
            for named in namedFiles(by: path, address: address, site: published, root: root, readable: readable) where named != path {
                // Pages link to each other both ways: a page goes after what it uses, not after other pages.
                guard let sent = position[named], isEntryPoint || !(addressOf[named] ?? named).hasSuffix(".html") else { continue }
                XCTAssertLessThan(sent, index, "\(path) (\(address)) went before \(named) (\(addressOf[named] ?? named)) \(what)",
                                  file: file, line: line)
            }
        }
    }

    /// The published paths a reader fetches through `path`: what a page links to or loads, what
    /// a search manifest names (its index's other files), what the offline list and the worker
    /// name (for an encrypted site, whose list is ciphertext: everything but the entry points).
    private func namedFiles(by path: String, address: String, site: [PublishedFile], root: URL, readable: Bool) -> [String] {
        let output = root.appendingPathComponent("Output")
        let text = (try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)) ?? ""
        if address.hasPrefix("search/") && address.hasSuffix(".json") && !address.contains("/shards/") && !address.contains("/keys/")
            && !address.contains("/chunks/") && address != "search/facets.json" {
            return site.filter { file in
                let named = file.address ?? ""
                return named.hasPrefix("search/") && !named.hasSuffix(".html") && !SiteBuilder.searchManifestPaths.contains(named)
            }.map(\.path)
        }
        if address == "offline.json" || address == "sw.js" {
            guard readable else { return site.filter { !SiteBuilder.entryPointPaths.contains($0.address ?? "") }.map(\.path) }
            if address == "sw.js" { return ["offline.json"] + quoted(in: text.split(separator: "\n").first.map(String.init) ?? "") }
            let list = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            return ((list?["files"] as? [[Any]]) ?? []).compactMap { $0.first as? String }
        }
        guard path.hasSuffix(".html") else { return [] }
        let folder = (address as NSString).deletingLastPathComponent
        return links(in: text).compactMap { link in
            guard !link.contains(":"), !link.hasPrefix("#"), !link.hasPrefix("//") else { return nil }
            var target = link.split(separator: "#").first.map(String.init) ?? ""
            target = target.split(separator: "?").first.map(String.init) ?? ""
            let resolved = URL(fileURLWithPath: "/" + folder + "/").appendingPathComponent(target).standardizedFileURL.path
            var relative = String(resolved.dropFirst())
            if link.hasSuffix("/") || relative.isEmpty { relative += relative.isEmpty ? "index.html" : "/index.html" }
            return relative
        }
    }

    private func links(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "(?:src|href)=\"([^\"]*)\"")
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    private func quoted(in line: String) -> [String] {
        line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { $0.contains(".") || $0.contains("/") }
    }

    func testAnEditSendsOnlyItsFilesAndADeletedEntryIsDeleted() throws {
        let (root, share) = try diary()
        let first = try deploy(root)
        try writeEntry(root, day: 2, body: "Walked by the river on day 2, and it rained.")
        let edit = try deploy(root)
        XCTAssertGreaterThan(edit.uploads.count, 0)
        XCTAssertLessThan(edit.uploads.count, first.uploads.count / 2)
        XCTAssertEqual(edit.deletions, [])
        assertSameFiles(try filesBelow(share), try outputFiles(root))
        try removeEntry(root, day: 4)
        let removal = try deploy(root)
        XCTAssertGreaterThan(removal.deletions.count, 0)
        assertSameFiles(try filesBelow(share), try outputFiles(root), "after a deletion")
    }

    func testAReadableSiteGoesOnlyToAPublicTarget() throws {
        let (root, share) = try diary()
        XCTAssertThrowsError(try deploy(root, options: DeployOptions())) { error in
            let description = String(describing: error)
            XCTAssertTrue(description.contains("--encrypt") && description.contains("public: true"), description)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: share.path), "nothing was sent")
        // A readable site already in Output (built by `daybook build`) is refused too.
        let (publicRoot, publicShare) = try diary(public: true)
        try deploy(publicRoot, options: DeployOptions())
        assertSameFiles(try filesBelow(publicShare), try outputFiles(publicRoot))
        XCTAssertNotNil(try outputFiles(publicRoot)["2025/03/01/0900-walk/index.html"], "the readable site was sent")
    }

    func testDraftsAreNeverDeployed() throws {
        let (root, share) = try diary(public: true)
        let draft = root.appendingPathComponent("Content/2025/03/09/0900-secret.md")
        try FileManager.default.createDirectory(at: draft.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "---\ntitle: Unfinished secret\ndate: 2025-03-09 09:00\nemotion: calm\ndraft: true\n---\nNot yet.\n"
            .write(to: draft, atomically: true, encoding: .utf8)
        try deploy(root, options: DeployOptions())
        let sent = try filesBelow(share)
        XCTAssertFalse(sent.isEmpty)
        XCTAssertFalse(sent.values.contains { String(decoding: $0, as: UTF8.self).contains("Unfinished secret") })
    }

    func testAPlainOutputIsNeverSentToAPrivateTargetEvenWhenTheBuildIsSkipped() throws {
        let (root, share) = try diary()
        try deploy(root)
        let before = try filesBelow(share)
        // A plain build into the same Output, then a send without a build: the guard looks at the files.
        _ = try SiteBuilderShim.buildPlain(root)
        let deployer = SiteDeployer(root: root)
        XCTAssertThrowsError(try deployer.send(to: try deployer.target(named: nil), options: DeployOptions()))
        XCTAssertEqual(try filesBelow(share), before, "the remote is unchanged, byte for byte")
    }

    func testDryRunWritesNothingAndListsThePlan() throws {
        let (root, share) = try diary()
        let report = try deploy(root, options: DeployOptions(dryRun: true, encryption: testKeys))
        XCTAssertGreaterThan(report.uploads.count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: share.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".daybook/deploy/share").path))
        XCTAssertEqual(try deploy(root).uploads, report.uploads, "the dry run's plan is the deploy's")
    }

    func testMoreDeletionsThanMaxDeletesStopBeforeAnyWrite() throws {
        let (root, share) = try diary()
        try deploy(root)
        try removeEntry(root, day: 3)
        try writeEntry(root, day: 1, body: "Changed too.")
        let before = try filesBelow(share)
        XCTAssertThrowsError(try deploy(root, options: DeployOptions(maxDeletes: 0, encryption: testKeys))) { error in
            XCTAssertTrue(String(describing: error).contains("--max-deletes 0"), "\(error)")
        }
        XCTAssertEqual(try filesBelow(share), before, "nothing was written, not even the uploads")
        let forced = try deploy(root, options: DeployOptions(maxDeletes: 0, force: true, encryption: testKeys))
        XCTAssertGreaterThan(forced.deletions.count, 0)
        assertSameFiles(try filesBelow(share), try outputFiles(root))
    }

    func testAStrayFileInOutputIsReportedAndNeverSent() throws {
        let (root, share) = try diary()
        try deploy(root)
        try Data("notes".utf8).write(to: root.appendingPathComponent("Output/private-notes.txt"))
        let log = DeployLog()
        let report = try deploy(root, log: log)
        XCTAssertEqual(report.strays, ["private-notes.txt"])
        XCTAssertEqual(log.warnings, ["warning: Output/private-notes.txt was not written by the last build; it is not sent"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: share.appendingPathComponent("private-notes.txt").path))
    }

    func testVerifyRepairsWhatTheRemoteLostOrChanged() throws {
        let (root, share) = try diary()
        try deploy(root)
        let site = try outputFiles(root)
        let victim = try XCTUnwrap(site.keys.sorted().first { $0.hasPrefix("x/") })
        try Data("tampered".utf8).write(to: share.appendingPathComponent(victim))
        try FileManager.default.removeItem(at: share.appendingPathComponent("unlock.js"))
        try Data("old".utf8).write(to: share.appendingPathComponent("stale.html"))
        XCTAssertEqual(try deploy(root).uploads, [], "the record alone cannot see it")
        let verified = try deploy(root, options: DeployOptions(verify: true, encryption: testKeys))
        XCTAssertEqual(verified.uploads.sorted(), [victim, "unlock.js"].sorted())
        XCTAssertEqual(verified.deletions, ["stale.html"])
        assertSameFiles(try filesBelow(share), site)
    }

    func testAnInterruptedDeployResumesWithTheRest() throws {
        let (root, share) = try diary()
        let full = try deploy(root, options: DeployOptions(dryRun: true, encryption: testKeys))
        // The share refuses writes halfway: a folder where the next file's folder must go. It was
        // a Daybook target before (its mark), or it would be refused as someone else's folder.
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try Data().write(to: share.appendingPathComponent(SiteDeployer.targetMark))
        let blocked = try XCTUnwrap(full.uploads.first { $0.hasPrefix("x/") && full.uploads.firstIndex(of: $0)! > 2 })
        let blocker = share.appendingPathComponent(String(blocked.split(separator: "/").prefix(2).joined(separator: "/")))
        try FileManager.default.createDirectory(at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: blocker)
        XCTAssertThrowsError(try deploy(root)) { error in XCTAssertTrue("\(error)".contains(blocked), "\(error)") }
        let sentBefore = try filesBelow(share).count - 1
        XCTAssertGreaterThan(sentBefore, 0)
        try FileManager.default.removeItem(at: blocker)
        let resumed = try deploy(root)
        XCTAssertEqual(resumed.uploads.count, full.uploads.count - sentBefore, "only the rest is sent")
        assertSameFiles(try filesBelow(share), try outputFiles(root))
    }
}
