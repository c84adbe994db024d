import DaybookTestSupport
import SiteDeploy
import XCTest

/// `to: rsync`: to a local path, and over ssh to 127.0.0.1 (an sshd on a spare port with a
/// throw-away host key and user key, started by the test).
final class RsyncDeployTests: XCTestCase {
    private func diary(url: String) throws -> URL {
        try makeDiary(self, target: "server", kind: "rsync", url: url)
    }

    private func assertDeploysAndEdits(_ root: URL, remote: URL) throws {
        try deploy(root)
        assertSameFiles(try filesBelow(remote), try outputFiles(root))
        XCTAssertEqual(try deploy(root).uploads, [])
        try writeEntry(root, day: 2, body: "Rain all day.")
        try removeEntry(root, day: 4)
        let second = try deploy(root)
        XCTAssertGreaterThan(second.deletions.count, 0)
        assertSameFiles(try filesBelow(remote), try outputFiles(root), "after an edit and a deletion")
        try Data("tampered".utf8).write(to: remote.appendingPathComponent("unlock.js"))
        try Data("old".utf8).write(to: remote.appendingPathComponent("stale.txt"))
        let verified = try deploy(root, options: DeployOptions(verify: true, encryption: testKeys))
        XCTAssertEqual(verified.uploads, ["unlock.js"])
        XCTAssertEqual(verified.deletions, ["stale.txt"])
        assertSameFiles(try filesBelow(remote), try outputFiles(root), "after --verify")
    }

    func testToALocalPath() throws {
        let remote = temporaryFolder(self).appendingPathComponent("www")
        try assertDeploysAndEdits(try diary(url: remote.path), remote: remote)
    }

    func testOverSSH() throws {
        let remote = temporaryFolder(self).appendingPathComponent("www")
        let ssh = try startSSHServer()
        setenv("RSYNC_RSH", ssh.command, 1)
        addTeardownBlock { unsetenv("RSYNC_RSH") }
        try assertDeploysAndEdits(try diary(url: "\(NSUserName())@127.0.0.1:\(remote.path)"), remote: remote)
    }

    func testDryRunSendsNothing() throws {
        let remote = temporaryFolder(self).appendingPathComponent("www")
        let root = try diary(url: remote.path)
        XCTAssertGreaterThan(try deploy(root, options: DeployOptions(dryRun: true, encryption: testKeys)).uploads.count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: remote.path))
    }

    /// An sshd for this test only; its `ssh` command line for RSYNC_RSH.
    private func startSSHServer() throws -> (port: Int, command: String) {
        try Requirement.tool("sshd", at: "/usr/sbin/sshd", install: "Debian's openssh-server")
        let folder = temporaryFolder(self)
        let hostKey = folder.appendingPathComponent("host_key"), userKey = folder.appendingPathComponent("user_key")
        for key in [hostKey, userKey] {
            try runProgram("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key.path])
        }
        try FileManager.default.copyItem(at: userKey.appendingPathExtension("pub"), to: folder.appendingPathComponent("authorized_keys"))
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        let port = try freePort()
        let config = folder.appendingPathComponent("sshd_config")
        try """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(hostKey.path)
            AuthorizedKeysFile \(folder.path)/authorized_keys
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PermitRootLogin prohibit-password
            StrictModes no
            UsePAM no
            PidFile \(folder.path)/sshd.pid
            """.write(to: config, atomically: true, encoding: .utf8)
        // Started as a daemon, not kept as a child: Foundation's Process, waiting on a child sshd
        // when another child (rsync) ends, would block every later wait in this process.
        let started = try runProgram("/usr/sbin/sshd", ["-f", config.path])
        let pidFile = folder.appendingPathComponent("sshd.pid")
        addTeardownBlock {
            if let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGTERM)
            }
        }
        guard started.status == 0 else {
            throw Requirement.serverDidNotStart("sshd", "exit \(started.status) on port \(port): \(started.standardError)")
        }
        try waitForPort(port, seconds: 5, server: "sshd")
        let command = "ssh -F /dev/null -p \(port) -i \(userKey.path) -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
            + "-o BatchMode=yes -o LogLevel=ERROR"
        return (port, command)
    }
}
