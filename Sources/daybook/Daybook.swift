import ArgumentParser
import DiaryCommands
import Foundation

/// The `daybook` command: argument parsing only; the work lives in DiaryCommands.
struct Daybook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook",
        abstract: "Turn a private diary of Markdown files into a static website.",
        subcommands: [InitCommand.self, NewCommand.self, CheckCommand.self]
    )
}

/// `-C DIR`, shared by every command.
struct DiaryLocation: ParsableArguments {
    @Option(name: .customShort("C"), help: ArgumentHelp("Run as if started in this folder.", valueName: "dir"))
    var directory: String?

    var root: URL {
        URL(fileURLWithPath: directory ?? FileManager.default.currentDirectoryPath, isDirectory: true).standardizedFileURL
    }
}

/// Writes to standard error, where diagnostics and progress belong (SPEC §5).
enum StandardError {
    static func print(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new diary: daybook.yml and Content/ with a first entry."
    )

    @OptionGroup var location: DiaryLocation

    @Argument(help: "The folder for the new diary (default: the current folder).")
    var folder: String?

    func run() throws {
        let target = folder.map { URL(fileURLWithPath: $0, relativeTo: location.root).standardizedFileURL } ?? location.root
        let written = try DiaryInitializer(root: target).create()
        for path in written { StandardError.print("created \(path)") }
        print("New diary in \(target.path)")
    }
}

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new entry file and print its path."
    )

    @OptionGroup var location: DiaryLocation

    @Option(help: "The entry's emotion: an id, label or alias (default: the first configured emotion).")
    var emotion: String?

    @Option(help: "The entry's date, such as 2025-10-20 or \"2025-10-20 09:30\" (default: now).")
    var date: String?

    @Option(name: .customLong("tag"), help: "A tag; repeat for more.")
    var tags: [String] = []

    @Argument(help: "The entry's title.")
    var title: [String] = []

    func run() throws {
        let draft = EntryFileWriter.Draft(title: title.isEmpty ? nil : title.joined(separator: " "),
                                          emotion: emotion, date: date, tags: tags)
        print(try EntryFileWriter(root: location.root).create(draft))
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read and validate the whole diary; write nothing."
    )

    @OptionGroup var location: DiaryLocation

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let report = DiaryCheck.run(root: location.root, strict: strict)
        for diagnostic in report.diagnostics { StandardError.print(diagnostic.description) }
        print(report.summary)
        if report.hasErrors { throw ExitCode.failure }
    }
}
