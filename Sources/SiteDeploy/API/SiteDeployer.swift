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

    public init(root: URL) {
        self.root = root
    }

    /// The target named `name` in daybook.yml, or the first when nil.
    public func target(named name: String?) throws -> DeployTarget {
        let file = ConfigFile.load(root: root)
        let problems = file.diagnostics.filter(\.isError)
        guard problems.isEmpty else {
            throw DeployError(target: name ?? "?", .configuration(problems.map(\.description).joined(separator: "\n")))
        }
        let targets = file.config.deployTargets
        guard let first = targets.first else { throw DeployError(target: name ?? "?", .noTargets) }
        guard let name else { return first }
        guard let target = targets.first(where: { $0.name == name }) else {
            throw DeployError(target: name, .unknownTarget(name, known: targets.map(\.name)))
        }
        return target
    }

    /// Builds the site for `target`. A readable site for a target without `public: true` is refused
    /// before anything is built. The report's diagnostics are the build's: with errors, send nothing.
    public func build(for target: DeployTarget, options: DeployOptions,
                      progress: (String) -> Void = { _ in }) throws -> SiteBuilder.Report {
        if options.encryption == nil && !target.isPublic { throw DeployError(target: target.name, .readableSite) }
        return try SiteBuilder(root: root).build(buildOptions(options), progress: progress)
    }

    /// Sends what the last build wrote to `target`, or in a dry run says what it would send.
    public func send(to target: DeployTarget, options: DeployOptions, events: DeployEvents = DeployEvents()) throws -> DeployReport {
        do {
            return try sendSite(to: target, options: options, events: events)
        } catch let reason as DeployError.Reason {
            throw DeployError(target: target.name, reason)
        }
    }

    /// `build` then `send`.
    public func deploy(to target: DeployTarget, options: DeployOptions, events: DeployEvents = DeployEvents()) throws -> DeployReport {
        let built = try build(for: target, options: options)
        if built.hasErrors { throw DeployError(target: target.name, .buildFailed(built.summary)) }
        return try send(to: target, options: options, events: events)
    }

    private func buildOptions(_ options: DeployOptions) -> SiteBuilder.Options {
        var build = SiteBuilder.Options(includeDrafts: false, strict: options.strict, encryption: options.encryption)
        build.replacesEncryptedSite = options.replacesEncryptedSite
        return build
    }

    // MARK: - Sending

    private func sendSite(to target: DeployTarget, options: DeployOptions, events: DeployEvents) throws -> DeployReport {
        let started = Date()
        let site = try SiteInventory(builder: SiteBuilder(root: root), options: buildOptions(options))
        guard target.isPublic || site.isEncrypted else { throw DeployError.Reason.readableSite }
        try checkFolder(of: target, site: site)
        for stray in site.strays {
            events.warning("warning: \(site.output.lastPathComponent)/\(stray) was not written by the last build; it is not sent")
        }
        var record = DeployRecord(root: root, target: target)
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
        if options.verify { record.forgetAll() }
        for (path, entry) in plan.refreshed { record.remember(path, entry) }
        try SendRun(plan: plan, site: site, transport: try connection(), events: events).send(into: &record, fresh: record.files.isEmpty)
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

    /// A local path of daybook.yml, relative to the diary.
    private func folderURL(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded, relativeTo: root).standardizedFileURL
    }

    /// `host:path` or `user@host:path` rather than a local path.
    private static func isRemote(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), !url.hasPrefix("/"), !url.hasPrefix(".") else { return false }
        return !url[..<colon].contains("/")
    }

    /// Refuses a local target folder inside the output folder or .daybook/, or holding the output folder.
    private func checkFolder(of target: DeployTarget, site: SiteInventory) throws {
        switch target.transport {
        case .directory: break
        case .rsync where !Self.isRemote(target.url): break
        default: return
        }
        let folder = folderURL(target.url).resolvingSymlinksInPath().path + "/"
        let output = site.output.resolvingSymlinksInPath().path + "/"
        let cache = root.appendingPathComponent(".daybook").resolvingSymlinksInPath().path + "/"
        if folder.hasPrefix(output) || output.hasPrefix(folder) || folder.hasPrefix(cache) {
            throw DeployError.Reason.unsafeFolder(folder)
        }
    }
}
