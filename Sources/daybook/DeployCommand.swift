import ArgumentParser
import DiaryCommands
import DiaryModel
import Foundation
import SiteBuilder
import SiteDeploy
import SiteEncryption

struct DeployCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Build the site, then send what a target of daybook.yml's 'deploy:' lacks of it.",
        discussion: """
            Sends new and changed files other than pages, then pages, then the entry points (home, unlock \
            page, search manifest), then deletes, so a reader never follows a link to a missing file. A \
            readable (unencrypted) site goes only to a target with 'public: true'.
            """
    )

    @OptionGroup var location: DiaryLocation

    @Argument(help: "The target's name in daybook.yml (default: the first).", completion: .diaryDeployTargets)
    var name: String?

    @Flag(help: "Print the plan and its files; send and delete nothing.")
    var dryRun = false

    @Option(help: "Stop before any write when the plan deletes more files than this.")
    var maxDeletes = 256

    @Flag(help: "Deploy even when the plan deletes more than --max-deletes files, or into a folder that holds files no deploy put there.")
    var force = false

    @Flag(help: "Compare with the remote's own files rather than with what this diary last sent.")
    var verify = false

    @Flag(help: "Build the site encrypted (also 'encrypt: true' in daybook.yml); the password comes from DAYBOOK_PASSWORD or a prompt.")
    var encrypt = false

    @Flag(help: "Build the site readable even when daybook.yml says 'encrypt: true' (only for a target with 'public: true').")
    var noEncrypt = false

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    func validate() throws {
        if encrypt && noEncrypt { throw ValidationError("--encrypt and --no-encrypt cannot be used together") }
        if maxDeletes < 0 { throw ValidationError("--max-deletes must be 0 or more") }
    }

    func run() throws {
        let deployer = SiteDeployer(root: location.root)
        let progress = Progress(enabled: !quiet)
        let bar = DeployProgressBar(enabled: !quiet)
        do {
            let target = try deployer.target(named: name)
            var options = DeployOptions(dryRun: dryRun, maxDeletes: maxDeletes, force: force, verify: verify,
                                        encryption: try keys(), strict: strict, replacesEncryptedSite: noEncrypt)
            let built = try build(deployer, for: target, options: options, progress: progress)
            // From here Ctrl-C stops between files; before, it stops the build as it would `daybook build`.
            let stop = DeployStopOnInterrupt(target: target.name, bar: bar)
            options.interruption = stop.interruption
            let report = try deployer.send(built, to: target, options: options, events: events(bar))
            bar.finish()
            if !quiet || dryRun { print(report.summary) }
        } catch let error as DeployError {
            progress.finish()
            bar.finish()
            switch error.reason {
            case .configuration(let lines):
                // Located diagnostics, each with its own `error:`.
                StandardError.print(lines)
                throw ExitCode.failure
            case .interrupted:
                StandardError.print(error.description)
                throw ExitCode(130)
            default:
                throw CommandError(String(error.description.trimmingPrefix("error: ")), isUsage: error.isUsage)
            }
        }
    }

    /// The keys to build with: `--encrypt` or daybook.yml's `encrypt: true`, unless `--no-encrypt`.
    private func keys() throws -> SiteKeys? {
        let builder = SiteBuilder(root: location.root)
        guard !noEncrypt, encrypt || builder.configuredToEncrypt else { return nil }
        do {
            return try builder.encryptionKeys(from: PasswordSource(), report: StandardError.print)
        } catch let error as SiteEncryptionError {
            throw CommandError(error.description, isUsage: false)
        } catch let error as BuildError {
            throw CommandError(error.description, isUsage: false)
        }
    }

    private func build(_ deployer: SiteDeployer, for target: DeployTarget, options: DeployOptions,
                       progress: Progress) throws -> SiteDeployer.BuiltSite {
        let built: SiteDeployer.BuiltSite
        do {
            built = try deployer.build(for: target, options: options, progress: progress.show)
        } catch let error as BuildError {
            throw CommandError(error.description, isUsage: error.isUsage)
        } catch let error as BuildStepError {
            throw CommandError(error.description, isUsage: false)
        }
        progress.finish()
        let report = built.report
        for diagnostic in report.diagnostics where !quiet || diagnostic.isError { StandardError.print(diagnostic.description) }
        if report.hasErrors { throw DeployError(target: target.name, .buildFailed(report.summary)) }
        if !quiet { StandardError.print(report.summary) }
        return built
    }

    /// The plan (and in a dry run its files) on standard output; warnings and progress on standard error.
    private func events(_ bar: DeployProgressBar) -> DeployEvents {
        let quiet = self.quiet, dryRun = self.dryRun
        return DeployEvents(
            planned: { report in
                if !quiet || dryRun { print(report.planLine) }
                guard dryRun else { return }
                for path in report.uploads { print("upload \(path)") }
                for path in report.deletions { print("delete \(path)") }
            },
            progress: { bar.show($0) },
            warning: { if !quiet { StandardError.print($0) } })
    }
}

/// `[#######.............] 120/341 files, 2.1 MB/4.0 MB` on standard error, on a terminal only.
final class DeployProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private var shown = false
    private var lastDrawn = Date.distantPast

    init(enabled: Bool) {
        self.enabled = enabled && isatty(2) == 1
    }

    private let lock = NSLock()
    private var lastProgress = DeployProgress(files: 0, totalFiles: 0, bytes: 0, totalBytes: 0)

    /// The last progress the deploy reported, shown or not: what a second Ctrl-C reports.
    var last: DeployProgress { lock.withLock { lastProgress } }

    func show(_ progress: DeployProgress) {
        lock.withLock { lastProgress = progress }
        let finished = progress.files == progress.totalFiles
        guard enabled, finished || Date().timeIntervalSince(lastDrawn) > 0.1 else { return }
        lastDrawn = Date()
        let width = 24
        let fraction = progress.totalBytes > 0 ? Double(progress.bytes) / Double(progress.totalBytes)
            : Double(progress.files) / Double(max(1, progress.totalFiles))
        let filled = min(width, Int(fraction * Double(width)))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let bytes = ByteCountFormatter.string(fromByteCount: Int64(progress.bytes), countStyle: .file)
        let total = ByteCountFormatter.string(fromByteCount: Int64(progress.totalBytes), countStyle: .file)
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(progress.files)/\(progress.totalFiles) files, \(bytes)/\(total)".utf8))
        shown = true
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}

/// Ctrl-C during a deploy: the first asks it to stop after the files in flight (it then says
/// what was sent and exits 130); a second stops at once, with the same words for what the bar
/// last showed.
final class DeployStopOnInterrupt: @unchecked Sendable {
    let interruption = DeployInterruption()
    private let source: DispatchSourceSignal

    init(target: String, bar: DeployProgressBar) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [interruption] in
            bar.finish()
            if interruption.isRequested {
                StandardError.print(DeployError(target: target, .interrupted(bar.last)).description)
                exit(130)
            }
            interruption.request()
            StandardError.print("Stopping after the files in flight (Ctrl-C again to stop at once)…")
        }
        source.resume()
    }
}
