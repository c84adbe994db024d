import ArgumentParser
import DiaryCorpus
import DiaryModel
import Foundation

/// Writes a synthetic diary for benchmarks: `daybook-corpus /tmp/corpus-10950 --days 1095 --per-day 10`.
struct CorpusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook-corpus",
        abstract: "Write a deterministic synthetic diary (daybook.yml and Content/) for tests and benchmarks."
    )

    @Argument(help: "The folder to write the diary into; it must not hold a diary yet.")
    var folder: String

    @Option(help: "How many days of entries.")
    var days = 1095

    @Option(name: .customLong("per-day"), help: "Entries a day.")
    var perDay = 10

    @Option(help: "Random seed: the same seed gives the same diary.")
    var seed: UInt64 = 42

    @Option(name: .customLong("images-every"), help: "One entry in this many has pictures.")
    var imagesEvery = 5

    func validate() throws {
        guard days > 0, perDay > 0, perDay <= 1440, imagesEvery > 0 else {
            throw ValidationError("--days, --per-day (at most 1440) and --images-every must be positive")
        }
        let root = URL(fileURLWithPath: folder)
        for name in ["daybook.yml", "Content"] where FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path) {
            throw ValidationError("\(folder) already holds \(name); choose an empty folder")
        }
    }

    func run() throws {
        let settings = CorpusGenerator.Settings(days: days, entriesPerDay: perDay, seed: seed, imagesEvery: imagesEvery)
        let summary = try CorpusGenerator(settings).write(to: URL(fileURLWithPath: folder))
        print("\(summary.entries) entries over \(summary.days) days, \(summary.markdownBytes) bytes of Markdown, \(summary.imageFiles) image files")
    }
}

CorpusCommand.main()
