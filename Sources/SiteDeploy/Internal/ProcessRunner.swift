import Foundation

/// Runs a program Daybook relies on (git, rsync), found on PATH, and gives its output; a failure
/// is a `DeployError.Reason.tool` naming the command and what it printed.
struct ProcessRunner {
    var directory: URL?
    var environment: [String: String] = [:]

    struct Outcome {
        var status: Int32
        var output: Data
        var errors: String
    }

    /// Runs `program` with `arguments`, giving it `input` on standard input; throws unless it exits 0.
    @discardableResult
    func run(_ program: String, _ arguments: [String], input: Data? = nil) throws -> Data {
        let outcome = try start(program, arguments, input: input)
        guard outcome.status == 0 else {
            let said = outcome.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw DeployError.Reason.tool("'\(([program] + arguments.prefix(3)).joined(separator: " "))…' failed (exit \(outcome.status))"
                                          + (said.isEmpty ? "" : ": \(said)"))
        }
        return outcome.output
    }

    /// Runs it whatever its exit status.
    func start(_ program: String, _ arguments: [String], input: Data? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe(), errors = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do {
            try process.run()
        } catch {
            throw DeployError.Reason.tool("cannot run \(program): \(error.localizedDescription); is it installed?")
        }
        // Read both pipes while the program runs, so a full pipe never stops it.
        nonisolated(unsafe) var errorBytes = Data()
        let readingErrors = DispatchQueue.global()
        let done = DispatchSemaphore(value: 0)
        readingErrors.async {
            errorBytes = errors.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        if let input {
            DispatchQueue.global().async {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw DeployError.Reason.tool("cannot run \(program); is it installed?")
        }
        return Outcome(status: process.terminationStatus, output: outputBytes, errors: String(decoding: errorBytes, as: UTF8.self))
    }
}
