import Foundation
import XCTest

/// What a program printed and returned.
public struct CommandRun: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs `executable` to its end, standard input closed, reading both outputs as it runs.
@discardableResult
public func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                       environment: [String: String]? = nil) throws -> CommandRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    process.standardInput = FileHandle.nullDevice
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Standard error on another thread, so that neither pipe fills while the other is read.
    nonisolated(unsafe) var errorData = Data()
    let errorsRead = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errorData = errors.fileHandleForReading.readDataToEndOfFile()
        errorsRead.signal()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    errorsRead.wait()
    process.waitUntilExit()
    return CommandRun(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
}

/// Runs the program `name` found on PATH, with `environment` added to the test's own.
@discardableResult
public func runProgram(_ name: String, _ arguments: [String], in directory: URL? = nil,
                       environment: [String: String] = [:]) throws -> CommandRun {
    try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, in: directory,
                   environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
}

/// The `daybook` executable the tests run: `DAYBOOK_EXECUTABLE` when set (`make test` gives the
/// release build, which the installation checks use too), else the one `swift build` put next
/// to the test bundle.
public func daybookExecutable(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    if let given = ProcessInfo.processInfo.environment["DAYBOOK_EXECUTABLE"], !given.isEmpty {
        return URL(fileURLWithPath: given)
    }
    let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    guard let executable = candidates.map({ $0.appendingPathComponent("daybook") })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        XCTFail("the daybook executable was not built next to the tests", file: file, line: line)
        throw CocoaError(.fileNoSuchFile)
    }
    return executable
}

/// Runs `daybook` with standard input closed (no terminal); `environment` replaces the test's own when given.
@discardableResult
public func runDaybook(_ arguments: [String], environment: [String: String]? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws -> CommandRun {
    try runProcess(daybookExecutable(file: file, line: line), arguments, environment: environment)
}

/// The test's own environment with `extra` added, for a program that needs a variable more.
public func environment(adding extra: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
}
