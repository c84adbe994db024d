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

/// Runs the `daybook` executable that `swift build` put next to the test bundle.
func runDaybook(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> CommandRun {
    let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    guard let executable = candidates.map({ $0.appendingPathComponent("daybook") })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        XCTFail("the daybook executable was not built next to the tests", file: file, line: line)
        throw CocoaError(.fileNoSuchFile)
    }
    return try runProcess(executable, arguments)
}

/// Runs a program to its end and returns what it printed.
func runProcess(_ executable: URL, _ arguments: [String]) throws -> CommandRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
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
