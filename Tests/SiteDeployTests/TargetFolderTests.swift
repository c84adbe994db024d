import DaybookTestSupport
import Foundation
import SiteDeploy
import XCTest

/// A `dir` target or a local rsync destination can never hold the diary (SPEC §12): each folder
/// that would let a deploy (or `--verify`'s clean-up) write over or delete the diary is refused
/// before anything is written, and a folder that holds someone else's files is refused unless
/// `--force`.
final class TargetFolderTests: XCTestCase {
    /// A diary with two entries, a picture-free theme file of the user's own and a `daybook.yml`
    /// whose one target is `url` of kind `kind`.
    private func diary(kind: String, url: String) throws -> URL {
        let root = try makeDiary(self, target: "risky", kind: kind, url: url, extra: ["public: true"])
        let theme = root.appendingPathComponent("Templates/partials")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try Data("<p>my own footer</p>\n".utf8).write(to: theme.appendingPathComponent("footer-note.html"))
        return root
    }

    /// Deploys, then deploys with `--verify`, each expected to be refused as a usage error whose
    /// words contain `why`; every file under `watched` keeps its bytes.
    private func assertRefused(_ root: URL, watching watched: URL, because why: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try digests(below: watched)
        XCTAssertFalse(before.isEmpty, "the test watches some files", file: file, line: line)
        for verify in [false, true] {
            XCTAssertThrowsError(try deploy(root, options: DeployOptions(verify: verify)), "\(why), verify: \(verify)", file: file, line: line) { error in
                guard let error = error as? DeployError else { return XCTFail("\(error)", file: file, line: line) }
                XCTAssertTrue(error.isUsage, "a refused folder is a usage error (exit 2)", file: file, line: line)
                XCTAssertTrue(error.description.contains(why), error.description, file: file, line: line)
                XCTAssertTrue(error.description.contains("nothing was written"), error.description, file: file, line: line)
            }
            let after = try digests(below: watched)
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
            XCTAssertEqual(changed, [], "verify: \(verify): files of the diary changed, added or removed", file: file, line: line)
        }
    }

    func testTheDiarysOwnFoldersAreRefusedInDeployAndVerify() throws {
        let root = try diary(kind: "dir", url: "Content")
        // A first build, so that Output and .daybook exist and are watched too.
        try SiteBuilderShim.buildPlain(root)
        for kind in ["dir", "rsync"] {
            for (url, why) in [("Content", "it is Content/"), ("Templates", "it is Templates/"), (".", "it is the diary's folder"),
                               (".daybook", "it is .daybook/"), ("Output", "it is the output folder"),
                               ("Content/2025", "it is inside Content/"), ("Output/site", "it is inside the output folder"),
                               ("..", "it holds the diary's folder")] {
                try retarget(root, kind: kind, url: url)
                try assertRefused(root, watching: root, because: why)
            }
        }
    }

    func testAFolderWithADaybookYmlOrInsideOneIsRefused() throws {
        let other = temporaryFolder(self)
        try Data("title: Another diary\n".utf8).write(to: other.appendingPathComponent("daybook.yml"))
        try writeEntry(other, day: 1, body: "Someone else's day.")
        for url in [other.path, other.appendingPathComponent("Content/site").path] {
            let root = try diary(kind: "dir", url: url)
            try assertRefused(root, watching: other, because: "daybook.yml")
        }
    }

    func testTheRootFolderIsRefused() throws {
        let root = try diary(kind: "dir", url: "/")
        XCTAssertThrowsError(try deploy(root)) { error in
            XCTAssertTrue(String(describing: error).contains("it is the root folder /"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/unlock.js"), "nothing was written into /")
    }

    func testTheHomeFolderAndAFolderHoldingItAreRefused() throws {
        let home = temporaryFolder(self).appendingPathComponent("home/me")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("my notes\n".utf8).write(to: home.appendingPathComponent("notes.txt"))
        let saved = ProcessInfo.processInfo.environment["HOME"]
        setenv("HOME", home.path, 1)
        defer { if let saved { setenv("HOME", saved, 1) } else { unsetenv("HOME") } }
        for (url, why) in [("~/", "it is the home folder"), (home.deletingLastPathComponent().path, "it holds the home folder")] {
            let root = try diary(kind: "dir", url: url)
            try assertRefused(root, watching: home, because: why)
        }
    }

    func testAFolderHoldingOtherFilesIsRefusedUnlessForced() throws {
        let share = temporaryFolder(self).appendingPathComponent("share")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try Data("family photos\n".utf8).write(to: share.appendingPathComponent("list.txt"))
        for kind in ["dir", "rsync"] {
            let root = try diary(kind: kind, url: share.path)
            try assertRefused(root, watching: share, because: "already holds files that no deploy of Daybook put there")
        }
        let root = try diary(kind: "dir", url: share.path)
        try deploy(root, options: DeployOptions(force: true))
        XCTAssertEqual(try String(contentsOf: share.appendingPathComponent("list.txt"), encoding: .utf8), "family photos\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: share.appendingPathComponent(SiteDeployer.targetMark).path))
        // Marked now: the next deploy needs no --force.
        try writeEntry(root, day: 2, body: "Rain.")
        XCTAssertGreaterThan(try deploy(root).uploads.count, 0)
    }

    func testAnEmptyFolderIsMarkedAndAFolderDeployedToBeforeTheMarkStaysAccepted() throws {
        let share = temporaryFolder(self).appendingPathComponent("share")
        let root = try diary(kind: "dir", url: share.path)
        try deploy(root)
        let mark = share.appendingPathComponent(SiteDeployer.targetMark)
        XCTAssertTrue(FileManager.default.fileExists(atPath: mark.path))
        XCTAssertNil(try filesBelow(share)[SiteDeployer.targetMark], "the mark is not part of the site")
        // A folder an earlier release deployed to has no mark: the target's record vouches for it.
        try FileManager.default.removeItem(at: mark)
        try writeEntry(root, day: 3, body: "Sun.")
        XCTAssertGreaterThan(try deploy(root).uploads.count, 0)
        // --verify neither deletes nor reports the mark.
        let verified = try deploy(root, options: DeployOptions(verify: true, encryption: testKeys))
        XCTAssertEqual(verified.deletions, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: mark.path))
    }

    func testADryRunIntoANewFolderWritesNothingThere() throws {
        let share = temporaryFolder(self).appendingPathComponent("share")
        let root = try diary(kind: "dir", url: share.path)
        try deploy(root, options: DeployOptions(dryRun: true))
        XCTAssertFalse(FileManager.default.fileExists(atPath: share.path))
    }

    // MARK: - Helpers

    /// Points the diary's one target elsewhere.
    private func retarget(_ root: URL, kind: String, url: String) throws {
        let config = "title: Deploy test\ntimezone: UTC\ndeploy:\n  - name: risky\n    to: \(kind)\n    url: \(url)\n    public: true\n"
        try config.write(to: root.appendingPathComponent("daybook.yml"), atomically: true, encoding: .utf8)
    }

    /// Path → bytes of every file below `folder`, hidden ones included.
    private func digests(below folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [:] }
        for case let relative as String in walker {
            let path = base + "/" + relative
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return result
    }
}
