import DaybookTestSupport
import DiarySearch
import Foundation
import XCTest

/// A fresh folder that is a diary with every default: an empty `daybook.yml` and nothing else.
func emptyDiary(_ test: XCTestCase) -> URL {
    let url = temporaryFolder(test)
    FileManager.default.createFile(atPath: url.appendingPathComponent("daybook.yml").path, contents: Data())
    return url
}

/// The sample exports the importer tests use, written from each app's documented format.
enum Samples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("DiaryImportTests/Samples")
}

// MARK: - Browser tests

/// Debian's Python 3 with its python3-cryptography (AES-GCM), which runs the tests' own decryptor
/// of encrypted sites (Browser/site_decryptor.py, profile_scan.py).
func decryptorPython() throws -> String {
    let python = try Requirement.tool("python3", at: "/usr/bin/python3", install: "Debian's python3")
    guard try runProcess(URL(fileURLWithPath: python), ["-c", "import cryptography"]).status == 0 else {
        throw Requirement.unmet("Debian's python3-cryptography is not installed: run scripts/install-test-tools.sh")
    }
    return python
}

/// Runs a Python script of Browser/ with `python` and returns the JSON object it prints.
func runPythonScript(_ python: String, _ script: String, _ arguments: [String]) throws -> [String: Any] {
    let run = try runProcess(URL(fileURLWithPath: python), [packageRoot.appendingPathComponent("Tests/DiaryCommandsTests/Browser/\(script)").path] + arguments)
    XCTAssertEqual(run.status, 0, run.standardError)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], run.standardError)
}

/// What `profile_scan.py` finds in the Chromium profile `profile` that opens the encrypted site in
/// `output` (whose password is `password`), given the wrapped keys the site's page kept.
func scanProfile(_ profile: String, output: URL, password: String, blobs: [[String: String]], test: XCTestCase) throws -> [String: Any] {
    let blobsFile = temporaryFolder(test).appendingPathComponent("blobs.json")
    try JSONSerialization.data(withJSONObject: blobs).write(to: blobsFile)
    return try runPythonScript(try decryptorPython(), "profile_scan.py", [profile, output.path, password, blobsFile.path])
}

/// A copy of the golden fixture `name` (without its Expected/) in a temporary folder, changed by
/// `prepare`, then built by `daybook build` with `arguments`.
func builtFixture(_ name: String, test: XCTestCase, arguments: [String] = [], environment: [String: String]? = nil,
                  prepare: (URL) throws -> Void = { _ in }) throws -> URL {
    let root = temporaryFolder(test).appendingPathComponent(name)
    try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/SiteBuilderTests/Fixtures/\(name)"), to: root)
    try? FileManager.default.removeItem(at: root.appendingPathComponent("Expected"))
    try prepare(root)
    let build = try runDaybook(["build", "-C", root.path] + arguments, environment: environment)
    XCTAssertEqual(build.status, 0, build.standardError)
    return root
}

/// The environment with `DAYBOOK_PASSWORD` set, for `daybook build --encrypt`.
func environment(password: String) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DAYBOOK_PASSWORD"] = password
    return environment
}

/// A static HTTP server (Python's) serving a folder on 127.0.0.1; stopped by `stop()`.
struct StaticServer {
    var origin: String
    var process: Process

    /// Serves `folder` and waits until `readyPath` (relative to the origin) answers; the request
    /// log goes to `log` when given.
    init(serving folder: URL, readyPath: String, log: URL? = nil) throws {
        let port = try freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
        process.standardOutput = FileHandle.nullDevice
        if let log {
            FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        origin = "http://127.0.0.1:\(port)"
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? Data(contentsOf: URL(string: origin + readyPath)!)) != nil { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("the static server did not start")
    }

    /// Serves a built site's output folder at `/<subPath>` (empty, or ending with `/`: `diary/`),
    /// as any static host would, once its home page answers.
    init(site output: URL, subPath: String = "", test: XCTestCase) throws {
        let served = temporaryFolder(test)
        let docRoot = subPath.isEmpty ? served.appendingPathComponent("site") : served
        let link = subPath.isEmpty ? docRoot : served.appendingPathComponent(String(subPath.dropLast()))
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: output)
        try self.init(serving: docRoot, readyPath: "/\(subPath)")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// A copy of the Korean fixture diary (SiteBuilderTests' `seoul-diary`, without its expected
/// site) in a temporary folder removed when `test` ends.
func copyOfSeoulDiary(_ test: XCTestCase) throws -> URL {
    let root = temporaryFolder(test).appendingPathComponent("diary")
    try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/SiteBuilderTests/Fixtures/seoul-diary"), to: root)
    try FileManager.default.removeItem(at: root.appendingPathComponent("Expected"))
    return root
}

/// Runs a script of Browser/ with the test tools' Python and returns the JSON object it prints.
func runBrowserScript(_ python: String, _ script: String, _ arguments: [String]) throws -> [String: Any] {
    let script = packageRoot.appendingPathComponent("Tests/DiaryCommandsTests/Browser/\(script)").path
    let run = try runProcess(URL(fileURLWithPath: python), [script] + arguments)
    XCTAssertEqual(run.status, 0, run.standardError)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], run.standardError)
}

/// The URLs `daybook search --json` prints for `query` on the diary at `root`, newest first.
func commandResults(_ root: URL, _ query: String) throws -> [String] {
    let run = try runDaybook(["search", "-C", root.path, "--json", "--"] + query.split(separator: " ").map(String.init))
    XCTAssertTrue(run.status == 0 || run.status == 1 && run.standardOutput.filter { !$0.isWhitespace } == "[]",
                  "\(run.status): \(run.standardError)")
    let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
    return results.compactMap { $0["url"] as? String }
}

/// What the search engine of `daybook search` (and, through SearchEngineParityTests, of the
/// search page) finds for `query` in the plain site built into `root`'s Output, in its order:
/// in this process, where a `daybook search` process a query would cost a second each.
func engineResults(_ root: URL, _ query: String, order: SearchOrder = .rank) throws -> [SearchResult] {
    let output = root.appendingPathComponent("Output")
    let engine = try SearchEngine { path in try? Array(Data(contentsOf: output.appendingPathComponent(path))) }
    return try engine.search(query, options: SearchOptions(order: order))
}

/// Everything below `folder` as a user would compare it: each file's relative path with its
/// bytes, and each folder's relative path with a final `/` (and no bytes), empty ones included.
func treeBelow(_ folder: URL) throws -> [String: Data] {
    var tree: [String: Data] = [:]
    let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return [:] }
    for case let url as URL in enumerator {
        let relative = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(base.count + 1))
        if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
            tree[relative + "/"] = Data()
        } else {
            tree[relative] = try Data(contentsOf: url)
        }
    }
    return tree
}

/// Fails unless two trees (`treeBelow`) hold the same paths with the same bytes, naming the first differences.
func assertSameTree(_ actual: [String: Data], _ expected: [String: Data], _ what: String,
                    file: StaticString = #filePath, line: UInt = #line) {
    let missing = Set(expected.keys).subtracting(actual.keys).sorted()
    let extra = Set(actual.keys).subtracting(expected.keys).sorted()
    let changed = expected.keys.filter { actual[$0] != nil && actual[$0] != expected[$0] }.sorted()
    XCTAssertTrue(missing.isEmpty && extra.isEmpty && changed.isEmpty,
                  "\(what): missing \(missing.prefix(5)), extra \(extra.prefix(5)), changed \(changed.prefix(5))", file: file, line: line)
}
