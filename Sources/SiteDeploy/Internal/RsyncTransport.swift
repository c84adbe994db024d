import Foundation

/// `to: rsync`: the `rsync` program, to `[user@]host:path` over ssh (its settings from
/// `~/.ssh/config`, or `RSYNC_RSH`) or to a local path. Each role's files go in one run that
/// names exactly those files (`--files-from`), compared by content (`--checksum`); deletions go in
/// a last run that names the deleted files (`--delete-missing-args`), so nothing else on the
/// server is ever touched.
struct RsyncTransport: DeployTransport {
    let destination: String
    let workFolder: URL
    private let rsync = ProcessRunner()

    init(destination: String, workFolder: URL) {
        self.destination = destination.hasSuffix("/") ? destination : destination + "/"
        self.workFolder = workFolder
    }

    func upload(_ files: [PlannedUpload], from site: SiteInventory, uploaded: (SentFile) throws -> Void) throws {
        guard !files.isEmpty else { return }
        let digests = DeployPlan.md5s(of: files.filter { $0.md5 == nil }.map(\.file), in: site)
        var known = Dictionary(uniqueKeysWithValues: files.compactMap { upload in upload.md5.map { (upload.file.path, $0) } })
        for (file, md5) in zip(files.filter { $0.md5 == nil }.map(\.file), digests) { known[file.path] = md5 }
        try run(["--checksum", "--times"], listing: files.map(\.file.path), from: site.output.path)
        for upload in files {
            guard let md5 = known[upload.file.path] else { continue }
            try uploaded(SentFile(file: upload.file, md5: md5))
        }
    }

    func delete(_ paths: [String], deleted: (String) throws -> Void) throws {
        guard !paths.isEmpty else { return }
        // A missing file is one the output folder no longer has: named, it is deleted on the server.
        try run(["--delete-missing-args"], listing: paths, from: nil)
        for path in paths { try deleted(path) }
    }

    func compare(with site: SiteInventory) throws -> RemoteComparison {
        let remote = try remoteFiles()
        let differing = try differingFiles(site)
        let present = Set(site.files.map(\.path))
        let matching = site.files.map(\.path).filter { remote.contains($0) && !differing.contains($0) }
        return RemoteComparison(matching: Set(matching), extra: remote.filter { !present.contains($0) && $0 != TargetFolder.markName })
    }

    /// Every file under the destination (`--list-only`); none when it does not exist yet.
    private func remoteFiles() throws -> [String] {
        let outcome = try rsync.start("rsync", ["--recursive", "--list-only", "--", destination])
        guard outcome.status == 0 else {
            if outcome.errors.contains("No such file or directory") { return [] }
            throw failure(outcome)
        }
        // -rw-r--r--          1,234 2025/10/20 09:30:00 path/of/file
        return String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("-") else { return nil }
            let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
            return fields.count == 5 ? String(fields[4]) : nil
        }
    }

    /// The site's files a checksum comparison would send: missing or different on the server.
    private func differingFiles(_ site: SiteInventory) throws -> Set<String> {
        let output = try site.withFolder { folder in
            try run(["--dry-run", "--checksum", "--out-format=%i %n"], listing: site.files.map(\.path), from: folder.path)
        }
        return Set(String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.hasPrefix(">f") || line.hasPrefix("<f") ? line.split(separator: " ", maxSplits: 1).last.map(String.init) : nil
        })
    }

    /// One run of rsync over the files in `listing`, from `source` (the output folder), or with
    /// nil from a folder that lacks them, to delete them.
    @discardableResult
    private func run(_ options: [String], listing paths: [String], from source: String?) throws -> Data {
        try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
        let list = workFolder.appendingPathComponent("rsync-files")
        try Data(paths.map { $0 + "\0" }.joined().utf8).write(to: list)
        defer { try? FileManager.default.removeItem(at: list) }
        let source = (source ?? deletionSource(for: paths)) + "/"
        let outcome = try rsync.start("rsync", options + ["--from0", "--files-from=\(list.path)", "--", source, destination])
        guard outcome.status == 0 else { throw failure(outcome) }
        return outcome.output
    }

    /// A deletion run's source: a folder with the deleted files' folders and none of the files, so
    /// each named file is missing from it (and rsync deletes it) while its folder is not.
    private func deletionSource(for paths: [String]) -> String {
        let source = workFolder.appendingPathComponent("deleted")
        try? FileManager.default.removeItem(at: source)
        for path in paths {
            let folder = source.appendingPathComponent(path).deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try? FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        return source.path
    }

    private func failure(_ outcome: ProcessRunner.Outcome) -> DeployError.Reason {
        let said = outcome.errors.trimmingCharacters(in: .whitespacesAndNewlines)
        return .remote(file: nil, answer: "rsync to \(destination) failed (exit \(outcome.status)): \(said)")
    }
}
