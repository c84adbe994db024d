import DaybookTestSupport
import DiaryModel
import Foundation
import SiteBuilder
import SiteDeploy
import SiteEncryption
import XCTest

// MARK: - Diaries

/// A diary of `count` entries, one a day from 2025-03-01, in a temporary folder removed after the test.
func makeDiary(_ test: XCTestCase, entries count: Int = 4, deploy: String) throws -> URL {
    let root = temporaryFolder(test)
    try ("title: Deploy test\ntimezone: UTC\n" + deploy).write(to: root.appendingPathComponent("daybook.yml"), atomically: true, encoding: .utf8)
    for day in 1...count { try writeEntry(root, day: day, body: "Walked by the river on day \(day).") }
    return root
}

/// A diary whose one deploy target is `name`, of kind `kind`, at `url`, with `extra` lines (`public: true`).
func makeDiary(_ test: XCTestCase, target name: String, kind: String, url: String, extra: [String] = []) throws -> URL {
    let lines = ["deploy:", "  - name: \(name)", "    to: \(kind)", "    url: \(url)"] + extra.map { "    " + $0 }
    return try makeDiary(test, deploy: lines.joined(separator: "\n") + "\n")
}

/// Writes (or rewrites) the entry of March `day`, 2025.
func writeEntry(_ root: URL, day: Int, body: String) throws {
    let name = String(format: "Content/2025/03/%02d/0900-walk.md", day)
    let file = root.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let text = String(format: "---\ntitle: Walk %d\ndate: 2025-03-%02d 09:00\nemotion: calm\n---\n", day, day) + body + "\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
}

func removeEntry(_ root: URL, day: Int) throws {
    try FileManager.default.removeItem(at: root.appendingPathComponent(String(format: "Content/2025/03/%02d/0900-walk.md", day)))
}

/// Keys for an encrypted site, made once for every test (PBKDF2 takes a moment).
let testKeys: SiteKeys = try! SiteKeys(password: "correct horse", salt: Array(repeating: 7, count: SiteKeys.saltByteCount))

/// Builds and deploys the diary at `root` to its target `name`; the events seen are collected in `log`.
@discardableResult
func deploy(_ root: URL, _ name: String? = nil, options: DeployOptions = DeployOptions(encryption: testKeys),
            log: DeployLog? = nil) throws -> DeployReport {
    let deployer = SiteDeployer(root: root)
    let target = try deployer.target(named: name)
    return try deployer.deploy(to: target, options: options, events: (log ?? DeployLog()).events)
}

/// What a deploy told its user.
final class DeployLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var warnings: [String] = []
    private(set) var progress: [DeployProgress] = []

    var events: DeployEvents {
        DeployEvents(progress: { step in self.lock.withLock { self.progress.append(step) } },
                     warning: { line in self.lock.withLock { self.warnings.append(line) } })
    }
}

// MARK: - Files

/// Every file below `folder` (relative path → bytes), leaving out the output folder's mark and git's own folder.
func filesBelow(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
    let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
    for case let url as URL in enumerator {
        guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
        let relative = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(base.count + 1))
        if relative == SiteBuilder.outputMark || relative == SiteDeployer.targetMark { continue }
        files[relative] = try Data(contentsOf: url)
    }
    return files
}

/// The built site, as deploy sends it.
func outputFiles(_ root: URL) throws -> [String: Data] {
    try filesBelow(root.appendingPathComponent("Output"))
}

func assertSameFiles(_ actual: [String: Data], _ expected: [String: Data], _ what: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), what, file: file, line: line)
    for (path, bytes) in expected where actual[path] != nil && actual[path] != bytes {
        XCTFail("\(path) differs \(what)", file: file, line: line)
    }
}

/// A server the test started, stopped when the test ends.
final class RunningServer: @unchecked Sendable {
    let process: Process
    let output = Pipe()

    init(_ executable: String, _ arguments: [String], test: XCTestCase) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        test.addTeardownBlock { [process] in
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// The first line the server printed.
    func firstLine() -> String {
        var line = Data()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 { line.append(first) }
        return String(decoding: line, as: UTF8.self)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// Builds the diary readable into its Output, as `daybook build --no-encrypt` would.
enum SiteBuilderShim {
    /// A readable build on purpose (`--no-encrypt`), even over an encrypted site.
    static func buildPlain(_ root: URL) throws -> SiteBuilder.Report {
        var options = SiteBuilder.Options()
        options.replacesEncryptedSite = true
        return try SiteBuilder(root: root).build(options)
    }
}
