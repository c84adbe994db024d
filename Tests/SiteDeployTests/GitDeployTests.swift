import DaybookTestSupport
import SiteDeploy
import XCTest

/// `to: git` into a bare repository on disk, as a hosted one would receive it.
final class GitDeployTests: XCTestCase {
    private func diary(history: Bool = false) throws -> (root: URL, remote: URL) {
        let remote = temporaryFolder(self).appendingPathComponent("site.git")
        try runProgram("git", ["init", "--quiet", "--bare", remote.path])
        let root = try makeDiary(self, target: "pages", kind: "git", url: remote.path, extra: history ? ["history: keep"] : [])
        return (root, remote)
    }

    /// The branch's files: path → bytes, read with git itself.
    private func branchFiles(_ remote: URL, branch: String = "gh-pages") throws -> [String: Data] {
        let listing = try runProgram("git", ["--git-dir", remote.path, "ls-tree", "-r", "--name-only", branch])
        XCTAssertEqual(listing.status, 0, listing.standardError)
        var files: [String: Data] = [:]
        for path in listing.standardOutput.split(separator: "\n") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["--git-dir", remote.path, "cat-file", "blob", "\(branch):\(path)"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            files[String(path)] = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        }
        return files
    }

    private func commitCount(_ remote: URL) throws -> Int {
        Int(try runProgram("git", ["--git-dir", remote.path, "rev-list", "--count", "gh-pages"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    func testTheBranchKeepsOneCommitWhoseTreeIsTheSite() throws {
        let (root, remote) = try diary()
        try deploy(root)
        assertSameFiles(try branchFiles(remote), try outputFiles(root))
        try writeEntry(root, day: 2, body: "Rain all day.")
        try removeEntry(root, day: 4)
        let second = try deploy(root)
        XCTAssertGreaterThan(second.deletions.count, 0)
        assertSameFiles(try branchFiles(remote), try outputFiles(root), "after the second deploy")
        XCTAssertEqual(try commitCount(remote), 1)
        XCTAssertEqual(try runProgram("git", ["--git-dir", remote.path, "for-each-ref", "--format=%(refname)"]).standardOutput, "refs/heads/gh-pages\n",
                       "the carrier of the push is gone")
        let author = try runProgram("git", ["--git-dir", remote.path, "log", "-1", "--format=%an <%ae>", "gh-pages"]).standardOutput
        XCTAssertEqual(author, "Daybook <daybook@localhost>\n")
    }

    func testANoOpDeployMakesNoCommit() throws {
        let (root, remote) = try diary()
        try deploy(root)
        let head = try runProgram("git", ["--git-dir", remote.path, "rev-parse", "gh-pages"]).standardOutput
        XCTAssertEqual(try deploy(root).uploads, [])
        XCTAssertEqual(try runProgram("git", ["--git-dir", remote.path, "rev-parse", "gh-pages"]).standardOutput, head)
    }

    func testHistoryKeepGivesACommitPerDeploy() throws {
        let (root, remote) = try diary(history: true)
        try deploy(root)
        try writeEntry(root, day: 1, body: "Sunny again.")
        try deploy(root)
        XCTAssertEqual(try commitCount(remote), 2)
        assertSameFiles(try branchFiles(remote), try outputFiles(root))
    }

    func testDryRunPushesNothing() throws {
        let (root, remote) = try diary()
        try deploy(root, options: DeployOptions(dryRun: true, encryption: testKeys))
        XCTAssertNotEqual(try runProgram("git", ["--git-dir", remote.path, "rev-parse", "--verify", "gh-pages"]).status, 0, "no branch was pushed")
    }

    func testVerifyComparesWithTheBranchAndALostWorkFolderStartsOver() throws {
        let (root, remote) = try diary()
        try deploy(root)
        XCTAssertEqual(try deploy(root, options: DeployOptions(verify: true, encryption: testKeys)).uploads, [])
        try FileManager.default.removeItem(at: root.appendingPathComponent(".daybook/deploy/pages/repo.git"))
        try writeEntry(root, day: 3, body: "Wind.")
        try deploy(root)
        assertSameFiles(try branchFiles(remote), try outputFiles(root))
    }

    /// A repository that once received the diary readable keeps it after the switch to an
    /// encrypted site (git keeps old commits' files as objects): the first encrypted deploy says so.
    func testTheSwitchFromAReadableToAnEncryptedSiteSaysTheRepositoryStillHoldsTheReadableOne() throws {
        let remote = temporaryFolder(self).appendingPathComponent("site.git")
        try runProgram("git", ["init", "--quiet", "--bare", remote.path])
        let root = try makeDiary(self, target: "pages", kind: "git", url: remote.path, extra: ["public: true"])
        let readable = DeployLog()
        try deploy(root, options: DeployOptions(), log: readable)
        XCTAssertEqual(readable.warnings, [])
        let encrypted = DeployLog()
        try deploy(root, log: encrypted)
        XCTAssertEqual(encrypted.warnings.count, 1, "\(encrypted.warnings)")
        let warning = encrypted.warnings.first ?? ""
        XCTAssertTrue(warning.contains("still holds") && warning.contains(remote.path) && warning.contains("delete the repository"), warning)
        // What it says is so: the readable pages are still among the repository's objects.
        let objects = try runProgram("git", ["--git-dir", remote.path, "cat-file", "--batch-all-objects", "--batch"])
        XCTAssertTrue(objects.standardOutput.contains("Walked by the river on day 1"), "the readable site is gone from the repository")
        let again = DeployLog()
        try writeEntry(root, day: 2, body: "Rain all day.")
        try deploy(root, log: again)
        XCTAssertEqual(again.warnings, [], "said once, at the switch")
    }
}
