import Foundation

/// One deploy's sending, in the order that keeps every link working: other files, pages, entry
/// points, then deletions; each confirmed file recorded and counted for the progress bar. Asked
/// to stop (`DeployInterruption`), it stops after the files in flight and before any deletion.
struct SendRun {
    let plan: DeployPlan
    let site: SiteInventory
    let transport: DeployTransport
    let events: DeployEvents
    var interruption: DeployInterruption?

    func send(into record: inout DeployRecord, fresh: Bool) throws {
        guard !plan.uploads.isEmpty || !plan.deletions.isEmpty else { return }
        try transport.prepare(fresh: fresh)
        var progress = DeployProgress(files: 0, totalFiles: plan.uploads.count + plan.deletions.count, bytes: 0, totalBytes: plan.uploadBytes)
        let confirmsEach = transport.confirmsEachFile
        do {
            for role in FileRole.allCases {
                try stopIfAsked(progress)
                try transport.upload(plan.uploads(of: role), from: site) { sent in
                    if confirmsEach { try record.confirmSent(sent.file.path, Self.entry(sent.file, md5: sent.md5)) }
                    progress.files += 1
                    progress.bytes += sent.file.size
                    events.progress(progress)
                    try stopIfAsked(progress)
                }
            }
            try stopIfAsked(progress)
            try transport.delete(plan.deletions) { path in
                if confirmsEach { try record.confirmDeleted(path) }
                progress.files += 1
                events.progress(progress)
            }
            try stopIfAsked(progress)
            try transport.finish()
        } catch {
            // A program the transport ran (rsync, git) gets the same Ctrl-C, and fails with it.
            if interruption?.isRequested == true { throw DeployError.Reason.interrupted(progress) }
            throw error
        }
        if !confirmsEach { try recordAll(into: &record) }
    }

    private func stopIfAsked(_ progress: DeployProgress) throws {
        if interruption?.isRequested == true { throw DeployError.Reason.interrupted(progress) }
    }

    /// After a transport that makes everything live at once: every upload and deletion.
    private func recordAll(into record: inout DeployRecord) throws {
        let files = plan.uploads.map(\.file)
        for (file, md5) in zip(files, DeployPlan.md5s(of: files, in: site)) {
            try record.confirmSent(file.path, Self.entry(file, md5: md5 ?? ""))
        }
        for path in plan.deletions { try record.confirmDeleted(path) }
        events.progress(DeployProgress(files: files.count + plan.deletions.count, totalFiles: files.count + plan.deletions.count,
                                       bytes: plan.uploadBytes, totalBytes: plan.uploadBytes))
    }

    private static func entry(_ file: SiteFile, md5: String) -> DeployRecord.Entry {
        DeployRecord.Entry(md5: md5, size: file.size, modified: file.modified)
    }
}
