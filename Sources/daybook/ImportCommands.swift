import ArgumentParser
import DiaryCommands
import DiaryImport
import Foundation

/// `daybook import dayone|jrnl|daylio PATH`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write entries from another diary app's export into Content/.",
        discussion: """
            Each entry becomes an ordinary entry file under Content/YYYY/MM/DD/, with its pictures beside it, \
            dated at the time it was written where it was written. Importing the same export again adds nothing. \
            The emotion comes from the app's mood, else from a tag that names an emotion, else from --emotion; \
            an entry with none is reported and not written.
            """,
        subcommands: [DayOneImportCommand.self, JrnlImportCommand.self, DaylioImportCommand.self]
    )

    @OptionGroup var location: DiaryLocation
}

/// Options every importer takes.
struct ImportFlags: ParsableArguments {
    @Option(help: "The emotion for entries nothing else gives one: an id, label or alias.", completion: .diaryEmotions)
    var emotion: String?

    @Flag(help: "Report what would be imported and write nothing.")
    var dryRun = false

    /// Runs the import and prints the report: one line an entry on standard error, the summary on
    /// standard output. Exits 1 when an entry could not be imported.
    func run(_ format: DiaryImporter.Format, path: String, root: URL, moodMap: String? = nil) throws {
        let options = DiaryImporter.Options(emotion: emotion, moodMap: moodMap, dryRun: dryRun)
        let report = try DiaryImportCommand.run(root: root, format: format, path: path, options: options)
        for line in report.lines { StandardError.print(line) }
        print(report.summary)
        if report.hasLeftOut { throw ExitCode.failure }
    }
}

struct DayOneImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dayone",
        abstract: "Import a Day One JSON export: the .zip, or the folder with Journal.json and photos/."
    )

    @OptionGroup var location: DiaryLocation
    @OptionGroup var flags: ImportFlags

    @Argument(help: ArgumentHelp("The export's .zip, its unzipped folder, or its Journal.json.", valueName: "path"))
    var path: String

    func run() throws {
        try flags.run(.dayOne, path: path, root: location.root)
    }
}

struct JrnlImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jrnl",
        abstract: "Import jrnl's JSON export (jrnl --export json > journal.json)."
    )

    @OptionGroup var location: DiaryLocation
    @OptionGroup var flags: ImportFlags

    @Argument(help: ArgumentHelp("The JSON file jrnl wrote.", valueName: "file"))
    var path: String

    func run() throws {
        try flags.run(.jrnl, path: path, root: location.root)
    }
}

struct DaylioImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daylio",
        abstract: "Import Daylio's CSV export; its moods become emotions and its activities tags.",
        discussion: "Moods map to the diary's emotions: "
            + EmotionChoice.daylioDefaults.map { "\($0.mood)=\($0.emotion)" }.joined(separator: ", ")
            + " by default (where the diary has that emotion), a mood named like an emotion to that emotion,"
            + " and --map to change any of it."
    )

    @OptionGroup var location: DiaryLocation
    @OptionGroup var flags: ImportFlags

    @Option(help: ArgumentHelp("Mood to emotion pairs, such as rad=excited,meh=tired (over the defaults).", valueName: "mood=emotion,…"))
    var map: String?

    @Argument(help: ArgumentHelp("The CSV file Daylio exported.", valueName: "file"))
    var path: String

    func run() throws {
        try flags.run(.daylio, path: path, root: location.root, moodMap: map)
    }
}
