import Foundation
import XCTest

/// A fresh empty folder, removed when the test ends.
func temporaryFolder(_ test: XCTestCase) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-cmd-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// A fresh folder that is a diary with every default: an empty `daybook.yml` and nothing else.
func emptyDiary(_ test: XCTestCase) -> URL {
    let url = temporaryFolder(test)
    FileManager.default.createFile(atPath: url.appendingPathComponent("daybook.yml").path, contents: Data())
    return url
}

/// What running the built `daybook` executable printed and returned.
struct CommandRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// The `daybook` executable that `swift build` put next to the test bundle.
func daybookExecutable(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    guard let executable = candidates.map({ $0.appendingPathComponent("daybook") })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        XCTFail("the daybook executable was not built next to the tests", file: file, line: line)
        throw CocoaError(.fileNoSuchFile)
    }
    return executable
}

/// Runs the `daybook` executable with standard input at its end (no terminal).
func runDaybook(_ arguments: [String], environment: [String: String]? = nil,
                file: StaticString = #filePath, line: UInt = #line) throws -> CommandRun {
    try runProcess(daybookExecutable(file: file, line: line), arguments, environment: environment)
}

/// Runs `executable` to its end, with standard input at its end, and returns what it printed.
func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> CommandRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandRun(status: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
}

/// The sample exports the importer tests use, written from each app's documented format.
enum Samples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("DiaryImportTests/Samples")
}

/// Runs `daybook` with a pseudo-terminal as its standard input, output and error, as a person
/// at a terminal runs it, typing `input`. Returns everything the terminal showed.
func runDaybookOnTerminal(_ arguments: [String], typing input: String, environment: [String: String],
                          file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, screen: String) {
    let terminalName = try PseudoTerminal.open()
    let master = terminalName.master
    let terminal = open(terminalName.path, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw CocoaError(.featureUnsupported) }
    let process = try startProcess(daybookExecutable(file: file, line: line), arguments, environment: environment, on: terminal)
    close(terminal)
    // Read the screen while the program runs, so that it never waits on a full terminal.
    let screen = ScreenReader(master)
    let reading = Thread { screen.readUntilClosed() }
    reading.start()
    _ = input.withCString { write(master, $0, strlen($0)) }
    process.waitUntilExit()
    screen.finished.wait()
    close(master)
    return (process.terminationStatus, screen.text.replacingOccurrences(of: "\r\n", with: "\n"))
}

/// Starts `executable` with `terminal` (a pseudo-terminal's own side) as its standard input, output and error.
func startProcess(_ executable: URL, _ arguments: [String], environment: [String: String], on terminal: Int32) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    return process
}

/// Collects what a pseudo-terminal shows until the program on it has closed it.
final class ScreenReader: @unchecked Sendable {
    private let master: Int32
    private(set) var text = ""
    let finished = DispatchSemaphore(value: 0)

    init(_ master: Int32) { self.master = master }

    func readUntilClosed() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var bytes: [UInt8] = []
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        text = String(decoding: bytes, as: UTF8.self)
        finished.signal()
    }
}

/// The C library's pseudo-terminal calls, looked up at run time: Swift's Glibc module leaves
/// these X/Open functions out.
enum PseudoTerminal {
    private typealias OpenMaster = @convention(c) (Int32) -> Int32
    private typealias Prepare = @convention(c) (Int32) -> Int32
    private typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    /// A new pseudo-terminal: the controlling side's descriptor and the path of the terminal side.
    static func open() throws -> (master: Int32, path: String) {
        let library = dlopen(nil, RTLD_NOW)
        func function<T>(_ name: String, _ type: T.Type) throws -> T {
            guard let address = dlsym(library, name) else { throw CocoaError(.featureUnsupported) }
            return unsafeBitCast(address, to: type)
        }
        let master = try function("posix_openpt", OpenMaster.self)(O_RDWR | O_NOCTTY)
        guard master >= 0, try function("grantpt", Prepare.self)(master) == 0, try function("unlockpt", Prepare.self)(master) == 0,
              let name = try function("ptsname", Name.self)(master) else {
            throw CocoaError(.featureUnsupported)
        }
        return (master, String(cString: name))
    }
}

// MARK: - Browser tests

/// The package's root folder, for the Browser/ scripts and the test tools under .build/.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The Python that has selenium (installed by `make test`), or a skip outside CI.
func browserPython() throws -> String {
    let python = packageRoot.appendingPathComponent(".build/test-tools/bin/python").path
    let ready = FileManager.default.isExecutableFile(atPath: python) && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
    if !ready {
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("selenium or chromedriver missing; `make test` installs them") }
        throw XCTSkip("selenium and chromedriver are not installed (scripts/install-test-tools.sh)")
    }
    return python
}

/// Debian's Python 3 with its python3-cryptography (AES-GCM), which runs the tests' own decryptor
/// of encrypted sites (Browser/site_decryptor.py, profile_scan.py); a skip outside CI without it.
func decryptorPython() throws -> String {
    let python = "/usr/bin/python3"
    let check = FileManager.default.isExecutableFile(atPath: python) ? try runProcess(URL(fileURLWithPath: python), ["-c", "import cryptography"]) : nil
    if check?.status != 0 {
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("python3-cryptography missing; `make test` installs it") }
        throw XCTSkip("Debian's python3-cryptography is not installed (scripts/install-test-tools.sh)")
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

/// A TCP port on 127.0.0.1 that nothing listens on.
func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else { throw CocoaError(.fileWriteUnknown) }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// The URLs `daybook search --json` prints for `query` on the diary at `root`, newest first.
func commandResults(_ root: URL, _ query: String) throws -> [String] {
    let run = try runDaybook(["search", "-C", root.path, "--json", "--"] + query.split(separator: " ").map(String.init))
    XCTAssertTrue(run.status == 0 || run.status == 1 && run.standardOutput.filter { !$0.isWhitespace } == "[]",
                  "\(run.status): \(run.standardError)")
    let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
    return results.compactMap { $0["url"] as? String }
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

/// `daybook` started on a pseudo-terminal that is its controlling terminal (as in a terminal
/// window: `/dev/tty` opens, Ctrl-C typed there interrupts it), left running for the test.
struct TerminalSession {
    let process: Process
    /// The side the test types on and reads from.
    let master: Int32
    /// The terminal's own side, kept open to read its settings.
    let terminal: Int32

    init(_ arguments: [String], environment: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        let terminalName = try PseudoTerminal.open()
        master = terminalName.master
        terminal = open(terminalName.path, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw CocoaError(.featureUnsupported) }
        // setsid --ctty: a new session whose controlling terminal is standard input's.
        process = try startProcess(URL(fileURLWithPath: "/usr/bin/setsid"), ["--ctty", daybookExecutable(file: file, line: line).path] + arguments,
                                   environment: environment, on: terminal)
    }

    /// What the terminal shows once it shows `text`; nil if it does not within `seconds`.
    func waitForScreen(containing text: String, seconds: Double = 20) -> String? {
        var shown: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) >= 0 else { return nil }
            guard ready.revents & Int16(POLLIN) != 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { return nil }
            shown += buffer[0..<count]
            let screen = String(decoding: shown, as: UTF8.self)
            if screen.contains(text) { return screen }
        }
        return nil
    }

    /// Whether the terminal echoes what is typed.
    var echoes: Bool {
        var settings = termios()
        guard tcgetattr(terminal, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// The process group the terminal sends its signals to (the one Ctrl-C interrupts).
    var foregroundGroup: pid_t { tcgetpgrp(master) }

    /// Waits for the process to end, at most `seconds`; false if it is still running (then stopped).
    func waitForExit(seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            return false
        }
        return true
    }

    func close() {
        Glibc.close(terminal)
        Glibc.close(master)
    }
}
