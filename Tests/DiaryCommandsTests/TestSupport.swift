import Foundation
import XCTest

/// A fresh empty folder, removed when the test ends.
func temporaryFolder(_ test: XCTestCase) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-cmd-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
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
    let process = Process()
    process.executableURL = try daybookExecutable(file: file, line: line)
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
    let process = Process()
    process.executableURL = try daybookExecutable(file: file, line: line)
    process.arguments = arguments
    process.environment = environment
    let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
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
