import Foundation

/// Opens a file in the writer's editor, `$VISUAL` or else `$EDITOR`, and waits for it to close.
/// The variable may hold arguments (`code --wait`), so it runs through `/bin/sh` as Git runs it.
public struct EntryEditor {
    /// The command to run, or nil when neither variable names one.
    public let command: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        command = [environment["VISUAL"], environment["EDITOR"]]
            .compactMap { $0?.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
    }

    /// Runs the editor on `url` with the terminal of this process, and waits for it.
    public func open(_ url: URL) throws {
        guard let command else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(command) \"$@\"", command, url.path]
        do {
            try process.run()
        } catch {
            throw CommandError("cannot start the editor '\(command)': \(error.localizedDescription)")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandError("the editor '\(command)' exited with status \(process.terminationStatus); the entry is kept as it is")
        }
    }
}
