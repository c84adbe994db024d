import ArgumentParser
import DiaryCommands
import DiaryServer
import Foundation
import SiteBuilder
import SiteEncryption

/// The `daybook` command: argument parsing only; the work lives in DiaryCommands.
struct Daybook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook",
        abstract: "Turn a private diary of Markdown files into a static website.",
        discussion: """
            'daybook --version --verbose' also prints the libraries daybook found (cmark-gfm, libvips for \
            pictures, OpenSSL's libcrypto for encrypted sites), their releases and files, and the packages \
            to install for any that is missing.
            """,
        version: DaybookVersion.current,
        subcommands: [InitCommand.self, NewCommand.self, ImportCommand.self, BuildCommand.self, CheckCommand.self,
                      SearchCommand.self, ServeCommand.self, DeployCommand.self, KeysCommand.self]
    )

    // Declared here as well as on each command, so that `-C DIR` works before the command's
    // name (`daybook -C ~/diary build`) as well as after it: the parser fills every copy.
    @OptionGroup var location: DiaryLocation
}

extension Daybook {
    /// Whether the command line is `--version --verbose` (or `-v`), in either order: answered before
    /// parsing, since the parser answers `--version` alone.
    static func asksForLibraries(_ arguments: [String] = CommandLine.arguments) -> Bool {
        let words = Array(arguments.dropFirst())
        return words.count == 2 && words.contains("--version") && (words.contains("--verbose") || words.contains("-v"))
    }

    /// The command line for the parser (without the program's name), with `search`'s words put
    /// after a `--` (`SearchArguments`), so that `daybook search walk -rain` excludes `rain`.
    static func arranged(_ arguments: [String] = CommandLine.arguments) -> [String] {
        var position = 1
        while position < arguments.count, arguments[position] == "-C" { position += 2 }
        guard position < arguments.count, arguments[position] == SearchCommand.configuration.commandName else {
            return Array(arguments.dropFirst())
        }
        return Array(arguments[1...position])
            + SearchArguments.arranged(Array(arguments[(position + 1)...]))
    }

    /// `daybook build …` parsed by the build command alone: parsing the whole tree looks at every
    /// command's options at run time, about 2 ms of each build (a twentieth of a nothing-changed one).
    /// Whatever it does not take as a build (help, a mistake, `-C` before `build`) is parsed whole,
    /// which answers as it always does.
    static func parseBuildAlone(_ arguments: [String] = CommandLine.arguments) -> ParsableCommand? {
        guard arguments.count >= 2, arguments[1] == BuildCommand.configuration.commandName else { return nil }
        return (try? BuildCommand.parseAsRoot(Array(arguments.dropFirst(2)))) as? BuildCommand
    }
}

/// Whether standard input (and output) are a terminal a person is typing at.
enum Terminal {
    static var isInteractive: Bool { isatty(0) == 1 }
    static var isInteractiveWithOutput: Bool { isatty(0) == 1 && isatty(1) == 1 }
}

/// `-C DIR`, shared by every command.
struct DiaryLocation: ParsableArguments {
    @Option(name: .customShort("C"), help: ArgumentHelp("Run as if started in this folder.", valueName: "dir"))
    var directory: String?

    var root: URL {
        URL(fileURLWithPath: directory ?? FileManager.default.currentDirectoryPath, isDirectory: true).standardizedFileURL
    }

    func validate() throws {
        guard let directory else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else {
            throw ValidationError("the folder given to -C does not exist: \(directory) (to start a diary there: daybook init \(directory))")
        }
        guard isFolder.boolValue else { throw ValidationError("-C takes a folder, and \(directory) is a file") }
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
        abstract: "Start a new diary: daybook.yml, Content/ with a first entry, and a .gitignore."
    )

    @OptionGroup var location: DiaryLocation

    @Argument(help: "The folder for the new diary (default: the current folder).")
    var folder: String?

    @Option(help: "The diary's locale, such as en_US or ko_KR: the language of the site and of the emotion labels (asked on a terminal; default en_US).")
    var locale: String?

    func validate() throws {
        if let locale, !DiaryInitializer.isLocaleIdentifier(locale) {
            throw ValidationError("--locale takes a locale such as en_US or ko_KR; found '\(locale)'")
        }
    }

    func run() throws {
        let target = folder.map { URL(fileURLWithPath: $0, relativeTo: location.root).standardizedFileURL } ?? location.root
        let outcome = try DiaryInitializer(root: target, localeIdentifier: locale ?? askedLocale()).create()
        for line in outcome.messages { StandardError.print(line) }
        print("New diary in \(target.path); see it with: daybook serve -C \(target.path)")
    }

    /// On a terminal, the answer to "which language"; otherwise (a script) en_US.
    private func askedLocale() -> String {
        guard Terminal.isInteractive else { return "en_US" }
        while true {
            FileHandle.standardError.write(Data("Language of the site and the emotion labels: 1 English (en_US), 2 한국어 (ko_KR), or a locale [1]: ".utf8))
            guard let answer = Swift.readLine() else { return "en_US" }
            if let locale = DiaryInitializer.locale(fromAnswer: answer) { return locale }
        }
    }
}

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new entry file, open it in your editor, and print its path.",
        discussion: """
            On a terminal, 'daybook new' asks for the emotion when --emotion is missing and opens the new \
            file in $VISUAL or $EDITOR. Without a terminal it needs --emotion and opens no editor. \
            A second entry in the same minute gets '-2' after its name: nothing is ever overwritten.
            """
    )

    @OptionGroup var location: DiaryLocation

    @Option(help: "The entry's emotion: an id, label or alias (asked on a terminal when missing).", completion: .diaryEmotions)
    var emotion: String?

    @Option(help: "The entry's date, such as 2025-10-20 or \"2025-10-20 09:30\" (default: now).")
    var date: String?

    @Option(name: .customLong("tag"), help: "A tag; repeat for more.")
    var tags: [String] = []

    @Flag(help: "Do not open the new file in $VISUAL or $EDITOR.")
    var noEdit = false

    @Argument(help: "The entry's title.")
    var title: [String] = []

    func run() throws {
        let writer = EntryFileWriter(root: location.root)
        var emotion = self.emotion
        if emotion == nil && Terminal.isInteractive {
            let prompt = EmotionPrompt(emotions: try writer.config().emotions, readLine: { Swift.readLine() },
                                       write: { FileHandle.standardError.write(Data($0.utf8)) })
            emotion = try prompt.ask()
        }
        let draft = EntryFileWriter.Draft(title: title.isEmpty ? nil : title.joined(separator: " "),
                                          emotion: emotion, date: date, tags: tags)
        let path = try writer.create(draft)
        if !noEdit && Terminal.isInteractiveWithOutput {
            let editor = EntryEditor()
            if editor.command == nil {
                StandardError.print("set $EDITOR (or $VISUAL) to have 'daybook new' open the entry in your editor")
            }
            do {
                try editor.open(location.root.appendingPathComponent(path))
            } catch {
                print(path)
                throw error
            }
        }
        print(path)
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

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder (Output/ by default)."
    )

    @OptionGroup var location: DiaryLocation

    @Option(help: ArgumentHelp("The folder to write the site into (default: Output/ in the diary).", valueName: "dir"))
    var output: String?

    @Flag(help: "Include entries marked 'draft: true'.")
    var drafts = false

    @Flag(help: "Empty the output folder first (only a folder Daybook made).")
    var clean = false

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also list every file written and how long each step took.")
    var verbose = false

    @Flag(help: "List what a build would add, change and delete in the output folder; write nothing.")
    var dryRun = false

    @Flag(help: "Publish the site encrypted (also 'encrypt: true' in daybook.yml); the password comes from DAYBOOK_PASSWORD or a prompt.")
    var encrypt = false

    @Flag(help: "Publish the site readable, even over an encrypted one or with 'encrypt: true' in daybook.yml.")
    var noEncrypt = false

    @Flag(help: "Encrypt under a new site key and password (asked twice), dropping every key slot: every published file changes. To change the password, use 'daybook keys password'.")
    var newPassword = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("-q and -v cannot be used together") }
        if noEncrypt && (encrypt || newPassword) {
            throw ValidationError("--no-encrypt cannot be used with \(encrypt ? "--encrypt" : "--new-password")")
        }
    }

    func run() throws {
        let root = location.root
        let builder = SiteBuilder(root: root)
        var options = SiteBuilder.Options(output: output.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL },
                                          includeDrafts: drafts, clean: clean, strict: strict, dryRun: dryRun)
        options.endsProcess = true
        options.replacesEncryptedSite = noEncrypt
        if !noEncrypt && (encrypt || newPassword || builder.configuredToEncrypt) {
            do {
                options.encryption = try builder.encryptionKeys(from: PasswordSource(), newPassword: newPassword, output: options.output,
                                                                report: StandardError.print)
            } catch let error as SiteEncryptionError {
                throw CommandError(error.description, isUsage: false)
            } catch let error as BuildError {
                throw CommandError(error.message, isUsage: false, location: error.location)
            }
        }
        let progress = Progress(enabled: !quiet)
        let report: SiteBuilder.Report
        do {
            report = try builder.build(options, progress: progress.show)
        } catch let error as BuildError {
            progress.finish()
            throw CommandError(error.message, isUsage: error.isUsage, location: error.location)
        } catch let error as BuildStepError {
            progress.finish()
            throw CommandError(error.description, isUsage: false)
        }
        progress.finish()
        for diagnostic in report.diagnostics where !quiet || diagnostic.isError { StandardError.print(diagnostic.description) }
        if dryRun && !report.hasErrors {
            // The "what will be published" view: on standard output, one file a line.
            for path in report.writtenPaths { print("\(report.addedPaths.contains(path) ? "add   " : "change") \(path)") }
            for path in report.deletedPaths { print("delete \(path)") }
        } else if verbose {
            for path in report.writtenPaths { StandardError.print("wrote \(path)") }
            for path in report.deletedPaths { StandardError.print("deleted \(path)") }
        }
        if verbose {
            for timing in report.steps {
                StandardError.print(timing.line)
            }
            if report.steps.contains(where: { $0.step == .processPictures }) {
                let cached = max(0, report.publishedPictureCount - report.processedPictureCount)
                StandardError.print("Pictures: \(report.processedPictureCount) decoded, \(cached) from the cache")
            }
        }
        if report.hasErrors {
            StandardError.print(report.summary)
            throw ExitCode.failure
        }
        if dryRun {
            print(report.summary)
        } else if !quiet {
            print(report.summary)
            StandardError.print(OutputState.openingHint(builder.outputFolder(options), encrypted: options.encryption != nil))
        }
    }
}

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it, and rebuild and reload open pages on every save."
    )

    @OptionGroup var location: DiaryLocation

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: UInt16 = 4000

    @Option(help: "The address to listen on; 0.0.0.0 lets other machines see your diary.")
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The folder to build into and serve (default: Output/ in the diary; for an encrypted diary, its plain preview in .daybook/preview/).", valueName: "dir"))
    var output: String?

    @Flag(help: "Include entries marked 'draft: true'.")
    var drafts = false

    @Flag(name: .shortAndLong, help: "Print each build's steps with their times.")
    var verbose = false

    func run() throws {
        let root = location.root
        // An encrypted diary's Output/ holds what gets published: the unlocked site is built elsewhere.
        let preview = output == nil && SiteBuilder(root: root).hasEncryptedSite() ? SiteBuilder.previewFolder(root: root) : nil
        let build = SiteBuilder.Options(output: preview ?? output.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL },
                                        includeDrafts: drafts)
        if let preview {
            StandardError.print("Serving the unlocked site, built in \(preview.path); \(OutputState.describe(SiteBuilder(root: root).outputFolder(.init())))")
        }
        let progress = Progress(enabled: true)
        let console = DiaryServer.Console(out: { Swift.print($0); fflush(stdout) }, err: { StandardError.print($0) },
                                          progress: { step in if let step { progress.show(step) } else { progress.finish() } })
        do {
            try DiaryServer(root: root, options: .init(build: build, host: host, port: port, verbose: verbose), console: console).runUntilInterrupted()
        } catch let error as ServeError {
            throw CommandError(error.description, isUsage: error.isUsage)
        }
    }
}

/// What an output folder holds, said as it is: whether its last site is the encrypted one is read
/// from its `index.html`, the unlock page of an encrypted site.
enum OutputState {
    static func isEncrypted(_ folder: URL) -> Bool {
        guard let page = FileManager.default.contents(atPath: folder.appendingPathComponent("index.html").path) else { return false }
        return String(decoding: page, as: UTF8.self).contains("id=\"daybook-unlock\"")
    }

    /// After a build: how to look at the site it wrote into `folder`.
    static func openingHint(_ folder: URL, encrypted: Bool) -> String {
        guard encrypted else {
            return "Open \(folder.appendingPathComponent("index.html").path) through a web server: `daybook serve` builds, serves and reloads it"
        }
        return "\(folder.path) holds the encrypted site: any static web server shows its unlock page (over https, or http on 127.0.0.1); "
            + "`daybook serve` shows the unlocked site, built apart, and leaves \(folder.lastPathComponent)/ as it is"
    }

    /// For `serve` of an encrypted diary, which leaves the output folder alone.
    static func describe(_ folder: URL) -> String {
        if isEncrypted(folder) { return "\(folder.lastPathComponent)/ keeps the encrypted site and is not changed" }
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path) {
            return "\(folder.lastPathComponent)/ is not changed; it holds a readable site, which `daybook build` replaces with the encrypted one"
        }
        return "\(folder.lastPathComponent)/ is not changed; `daybook build` publishes the encrypted site there"
    }
}

/// Progress lines on a terminal only, each replacing the last.
final class Progress: @unchecked Sendable {
    private let enabled: Bool
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled && isatty(2) == 1
    }

    func show(_ step: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(step)".utf8))
        shown = true
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
