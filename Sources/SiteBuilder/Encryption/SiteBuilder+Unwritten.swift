import Foundation
import SiteOutput

/// A site built into memory and written nowhere: what a build would publish, for a caller that
/// must not change the output folder (`daybook deploy --dry-run`).
public struct UnwrittenSite: Sendable {
    /// Every file, as the output folder would hold it.
    public var files: [PublishedFile]
    private let memory: MemoryOutput

    init(files: [PublishedFile], memory: MemoryOutput) {
        self.files = files
        self.memory = memory
    }

    public func bytes(of path: String) -> [UInt8]? {
        memory.read(path)
    }
}

extension SiteBuilder {
    /// Builds the site into memory: the output folder and its record in the build cache stay as
    /// they are. The memory build's own record is made from nothing and removed after, so the
    /// build is a full one and leaves no state of its own behind; only what the cache knows of
    /// Content/ itself (parsed entries, processed pictures) may be brought up to date, as any
    /// build would. Nil site when the build reported errors.
    public func buildUnwritten(_ options: Options, progress: (String) -> Void = { _ in }) throws -> (Report, UnwrittenSite?) {
        let memory = MemoryOutput()
        var unwritten = options
        unwritten.memoryOutput = memory
        unwritten.dryRun = false
        unwritten.clean = false
        let record = BuildCache(root: root, output: outputFolder(options), memory: memory).outputFolder
        try? FileManager.default.removeItem(atPath: record)
        defer { try? FileManager.default.removeItem(atPath: record) }
        var report = try build(unwritten, progress: progress)
        report.isUnwritten = true
        guard !report.hasErrors, let published = publishedFiles(unwritten) else { return (report, nil) }
        return (report, UnwrittenSite(files: published, memory: memory))
    }
}
