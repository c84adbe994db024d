import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Runs `daybook` with a pseudo-terminal as its standard input, output and error, as a person
/// at a terminal runs it, typing `input`. Returns everything the terminal showed.
public func runDaybookOnTerminal(_ arguments: [String], typing input: String, environment: [String: String],
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

/// Starts `executable` with `terminal` (a pseudo-terminal's own side) as its standard input, output
/// and error, in `folder` when one is given.
public func startProcess(_ executable: URL, _ arguments: [String], environment: [String: String], on terminal: Int32,
                         in folder: URL? = nil) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    if let folder { process.currentDirectoryURL = folder }
    let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    return process
}

/// Collects what a pseudo-terminal shows until the program on it has closed it.
public final class ScreenReader: @unchecked Sendable {
    private let master: Int32
    public private(set) var text = ""
    public let finished = DispatchSemaphore(value: 0)

    public init(_ master: Int32) { self.master = master }

    public func readUntilClosed() {
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
public enum PseudoTerminal {
    private typealias OpenMaster = @convention(c) (Int32) -> Int32
    private typealias Prepare = @convention(c) (Int32) -> Int32
    private typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    /// A new pseudo-terminal: the controlling side's descriptor and the path of the terminal side.
    public static func open() throws -> (master: Int32, path: String) {
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

/// `daybook` started on a pseudo-terminal that is its controlling terminal (as in a terminal
/// window: `/dev/tty` opens, Ctrl-C typed there interrupts it), left running for the test.
public struct TerminalSession {
    public let process: Process
    /// The side the test types on and reads from.
    public let master: Int32
    /// The terminal's own side, kept open to read its settings.
    public let terminal: Int32

    public init(_ arguments: [String], environment: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        try self.init(executable: daybookExecutable(file: file, line: line), arguments, environment: environment)
    }

    /// `executable` (a shell, say) on a pseudo-terminal that is its controlling terminal, started in `folder`.
    public init(executable: URL, _ arguments: [String], environment: [String: String], in folder: URL? = nil) throws {
        let terminalName = try PseudoTerminal.open()
        master = terminalName.master
        terminal = open(terminalName.path, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw CocoaError(.featureUnsupported) }
        // setsid --ctty: a new session whose controlling terminal is standard input's; --wait: its status is the program's.
        process = try startProcess(URL(fileURLWithPath: "/usr/bin/setsid"), ["--ctty", "--wait", executable.path] + arguments,
                                   environment: environment, on: terminal, in: folder)
    }

    /// Types `text` at the terminal.
    public func type(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    /// What the terminal shows once it shows `text`; nil if it does not within `seconds`.
    public func waitForScreen(containing text: String, seconds: Double = 20) -> String? {
        waitForScreen(seconds: seconds) { $0.contains(text) }
    }

    /// What the terminal shows (escape sequences and all) once `isShown` holds for it; nil if it
    /// does not within `seconds`.
    public func waitForScreen(seconds: Double = 20, until isShown: (String) -> Bool) -> String? {
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
            if isShown(screen) { return screen }
        }
        return nil
    }

    /// Whether the terminal echoes what is typed.
    public var echoes: Bool {
        var settings = termios()
        guard tcgetattr(terminal, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// The process group the terminal sends its signals to (the one Ctrl-C interrupts).
    public var foregroundGroup: pid_t { tcgetpgrp(master) }

    /// Waits for the process to end, at most `seconds`; false if it is still running (then stopped).
    public func waitForExit(seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            return false
        }
        return true
    }

    public func close() {
        Glibc.close(terminal)
        Glibc.close(master)
    }
}
