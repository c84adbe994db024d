import DiaryModel
import DiaryReader
import Foundation
import SiteBuilder

/// `daybook deploy`: builds the site as `daybook build` would (drafts never), then sends what a
/// target lacks of it (SPEC §12).
///
/// The steps: refuse a readable site for a target that is not public; build; take the files the
/// build wrote (`SiteInventory`, strays left out); plan them against the target's record or the
/// remote itself (`DeployPlan`); then send other files, pages and entry points, in that order, and
/// delete last, recording each file as the remote confirms it (`DeployRecord`).
public struct SiteDeployer {
    public let root: URL

    /// The mark a deploy leaves in a local folder it writes into: never part of the site.
    public static let targetMark = TargetFolder.markName

    public init(root: URL) {
        self.root = root
    }

    /// The target named `name` in daybook.yml, or the first when nil.
    public func target(named name: String?) throws -> DeployTarget {
        let file = ConfigFile.load(root: root)
        let problems = file.diagnostics.filter(\.isError)
        guard problems.isEmpty else {
            throw DeployError(target: name ?? "", .configuration(problems.map(\.description).joined(separator: "\n")))
        }
        let targets = file.config.deployTargets
        guard let first = targets.first else { throw DeployError(target: name ?? "", .noTargets) }
        guard let name else { return first }
        guard let target = targets.first(where: { $0.name == name }) else {
            throw DeployError(target: name, .unknownTarget(name, known: targets.map(\.name)))
        }
        return target
    }

    /// What a deploy built before sending: the build's report and, for a dry run, the site it
    /// built into memory instead of the output folder.
    public struct BuiltSite: Sendable {
        public var report: SiteBuilder.Report
        var unwritten: UnwrittenSite?
    }

    /// Builds the site for `target`, after the checks that need no build: a readable site for a
    /// target without `public: true`, a digest library that is missing and a local target folder
    /// that could hold the diary are refused first. A dry run builds into memory and writes
    /// nothing. The report's diagnostics are the build's: with errors, send nothing.
    public func build(for target: DeployTarget, options: DeployOptions,
                      progress: (String) -> Void = { _ in }) throws -> BuiltSite {
        do {
            try checkBeforeBuilding(for: target, options: options)
            _ = try checkedFolder(of: target, options: options)
        } catch let reason as DeployError.Reason {
            throw DeployError(target: target.name, reason)
        }
        let builder = SiteBuilder(root: root)
        guard options.dryRun else { return BuiltSite(report: try builder.build(buildOptions(options), progress: progress)) }
        let (report, site) = try builder.buildUnwritten(buildOptions(options), progress: progress)
        return BuiltSite(report: report, unwritten: site)
    }

    /// Sends what `built` holds (the output folder as the build left it, or a dry run's site in
    /// memory) to `target`, or in a dry run says what it would send.
    public func send(_ built: BuiltSite, to target: DeployTarget, options: DeployOptions,
                     events: DeployEvents = DeployEvents()) throws -> DeployReport {
        do {
            return try sendSite(built, to: target, options: options, events: events)
        } catch let reason as DeployError.Reason {
            throw DeployError(target: target.name, reason)
        }
    }

    /// Sends the output folder as the last build left it.
    public func send(to target: DeployTarget, options: DeployOptions, events: DeployEvents = DeployEvents()) throws -> DeployReport {
        try send(BuiltSite(report: SiteBuilder.Report()), to: target, options: options, events: events)
    }

    /// `build` then `send`.
    public func deploy(to target: DeployTarget, options: DeployOptions, events: DeployEvents = DeployEvents()) throws -> DeployReport {
        let built = try build(for: target, options: options)
        if built.report.hasErrors { throw DeployError(target: target.name, .buildFailed(built.report.summary)) }
        return try send(built, to: target, options: options, events: events)
    }

    private func buildOptions(_ options: DeployOptions) -> SiteBuilder.Options {
        var build = SiteBuilder.Options(includeDrafts: false, strict: options.strict, encryption: options.encryption)
        build.replacesEncryptedSite = options.replacesEncryptedSite
        return build
    }

    /// What can be refused before building: a readable site for a target that is not public
    /// (said otherwise when the output folder holds an encrypted site, which only the flag to
    /// encrypt is missing for), and digests that cannot be computed.
    private func checkBeforeBuilding(for target: DeployTarget, options: DeployOptions) throws {
        if options.encryption == nil && !target.isPublic {
            let encryptedBefore = SiteBuilder(root: root).hasEncryptedSite(output: SiteBuilder(root: root).outputFolder(buildOptions(options)))
            throw encryptedBefore ? DeployError.Reason.encryptedSiteNotAsked : .readableSite
        }
        try FileDigest.requireLibrary()
    }

    // MARK: - Sending

    private func sendSite(_ built: BuiltSite, to target: DeployTarget, options: DeployOptions, events: DeployEvents) throws -> DeployReport {
        let started = Date()
        try FileDigest.requireLibrary()
        let output = SiteBuilder(root: root).outputFolder(buildOptions(options))
        let site = try built.unwritten.map { SiteInventory(unwritten: $0, output: output) }
            ?? SiteInventory(builder: SiteBuilder(root: root), options: buildOptions(options))
        guard target.isPublic || site.isEncrypted else { throw DeployError.Reason.readableSite }
        let folder = try checkedFolder(of: target, options: options)
        for stray in site.strays {
            events.warning("warning: \(site.output.lastPathComponent)/\(stray) was not written by the last build; it is not sent")
        }
        var record = DeployRecord(root: root, target: target)
        if let warning = ReadableHistory.warning(for: target, record: record, site: site) { events.warning(warning) }
        var transport: DeployTransport?
        func connection() throws -> DeployTransport {
            if let transport { return transport }
            let made = try makeTransport(for: target, output: site.output)
            if !made.remembersRemote { record.forgetAll() }
            transport = made
            return made
        }
        if !options.dryRun || options.verify { _ = try connection() }
        let plan = options.verify ? DeployPlan(site: site, remote: try connection().compare(with: site)) : DeployPlan(site: site, record: record)
        var report = Self.report(of: plan, site: site, dryRun: options.dryRun)
        events.planned(report)
        guard !options.dryRun else { return report }
        if plan.deletions.count > options.maxDeletes && !options.force {
            throw DeployError.Reason.tooManyDeletes(plan.deletions.count, limit: options.maxDeletes)
        }
        try folder?.mark()
        if options.verify { record.forgetAll() }
        for (path, entry) in plan.refreshed { record.remember(path, entry) }
        record.siteKind = site.isEncrypted ? .encrypted : .readable
        let run = SendRun(plan: plan, site: site, transport: try connection(), events: events, interruption: options.interruption)
        try run.send(into: &record, fresh: record.files.isEmpty)
        try record.save()
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    private static func report(of plan: DeployPlan, site: SiteInventory, dryRun: Bool) -> DeployReport {
        var report = DeployReport()
        report.uploads = plan.uploads.map(\.file.path)
        report.uploadBytes = plan.uploadBytes
        report.deletions = plan.deletions
        report.unchangedCount = plan.unchangedCount
        report.strays = site.strays
        report.isDryRun = dryRun
        return report
    }

    private func makeTransport(for target: DeployTarget, output: URL) throws -> DeployTransport {
        let work = DeployRecord.folder(root: root, target: target.name)
        switch target.transport {
        case .directory:
            return DirectoryTransport(folder: folderURL(target.url))
        case .rsync:
            return RsyncTransport(destination: Self.isRemote(target.url) ? target.url : folderURL(target.url).path, workFolder: work)
        case .git(let branch, let keepHistory):
            let url = Self.isRemote(target.url) || target.url.contains("://") ? target.url : folderURL(target.url).path
            return GitTransport(url: url, branch: branch, keepHistory: keepHistory, workFolder: work, output: output)
        case .s3(let endpoint, let region, let profile):
            guard let address = S3Address(target.url) else { throw DeployError.Reason.tool("'\(target.url)' is not an s3:// address") }
            return try S3Transport(address: address, endpoint: endpoint, region: region, profile: profile)
        }
    }

    /// A local path of daybook.yml: absolute, from the home folder (`~`), or relative to the diary.
    private func folderURL(_ path: String) -> URL {
        let expanded = path == "~" || path.hasPrefix("~/") ? TargetFolder.home + path.dropFirst() : path
        let url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : root.appendingPathComponent(expanded)
        return url.standardizedFileURL
    }

    /// `host:path` or `user@host:path` rather than a local path.
    private static func isRemote(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), !url.hasPrefix("/"), !url.hasPrefix(".") else { return false }
        return !url[..<colon].contains("/")
    }

    /// The local folder `target` writes into (a `dir` target, or rsync to a local path), once it
    /// is known that it can never hold the diary and that Daybook may write there; nil for a
    /// remote target. Checked before the build and again before anything is sent.
    private func checkedFolder(of target: DeployTarget, options: DeployOptions) throws -> TargetFolder? {
        switch target.transport {
        case .directory: break
        case .rsync where !Self.isRemote(target.url): break
        default: return nil
        }
        let folder = TargetFolder(folderURL(target.url))
        let diary = TargetFolder.Diary(root: root, output: SiteBuilder(root: root).outputFolder(buildOptions(options)))
        if let danger = folder.danger(for: diary) { throw DeployError.Reason.unsafeFolder(folder.path, why: danger) }
        let deployedBefore = folder.isMarked || !DeployRecord(root: root, target: target).files.isEmpty
        if folder.holdsFiles && !deployedBefore && !options.force { throw DeployError.Reason.unmarkedFolder(folder.path) }
        return folder
    }
}
