import DiaryFiles
import Foundation
import SiteBuilder
import SiteEncryption

/// One file of the site as the last build left it in the output folder.
struct SiteFile: Sendable, Equatable {
    /// Relative to the output folder.
    var path: String
    var role: FileRole
    var size: Int
    /// Nanoseconds since 1970.
    var modified: Int
}

/// The site a deploy sends: exactly the files the last build wrote (its manifest), as they are in
/// the output folder now, and what else lies there (strays, which are reported and never sent).
struct SiteInventory {
    let output: URL
    /// In path order.
    var files: [SiteFile] = []
    var strays: [String] = []
    /// The site when it was built into memory rather than into the output folder (a dry run).
    private var unwritten: UnwrittenSite?

    /// Reads the build cache's record of the last build into `options`' output folder.
    init(builder: SiteBuilder, options: SiteBuilder.Options) throws {
        output = builder.outputFolder(options)
        guard let published = builder.publishedFiles(options) else { throw DeployError.Reason.noBuildRecord }
        let listing = FileStatus.list(output.path) ?? []
        var listed: [String: FileStatus] = [:]
        listed.reserveCapacity(listing.count)
        for status in listing { listed[status.path] = status }
        var written = Set<String>()
        for file in published {
            written.insert(file.path)
            // Hidden files are not in the listing: looked at one by one.
            guard let status = listed[file.path] ?? FileStatus.of(output.path + "/" + file.path) else { continue }
            files.append(SiteFile(path: file.path, role: FileRole(address: file.address), size: status.size, modified: status.modified))
        }
        files.sort { $0.path < $1.path }
        strays = listing.map(\.path).filter { !written.contains($0) && $0 != SiteBuilder.outputMark }
    }

    /// The site a dry run built into memory; `output` is only named, never read.
    init(unwritten site: UnwrittenSite, output: URL) {
        self.output = output
        unwritten = site
        files = site.files.map { file in
            // No time: a recorded file of the same size is judged by its MD5.
            SiteFile(path: file.path, role: FileRole(address: file.address), size: site.bytes(of: file.path)?.count ?? 0, modified: 0)
        }.sorted { $0.path < $1.path }
    }

    /// Whether the site lives in memory only: a transport that reads the output folder itself
    /// (rsync, git) must not.
    var isUnwritten: Bool { unwritten != nil }

    /// Whether every file is ciphertext or one of the encrypted site's public files: what
    /// `daybook build --encrypt` writes, and nothing readable beside it.
    var isEncrypted: Bool {
        let encryptedFolder = SiteEncryptor.encryptedFolder + "/"
        return files.contains { $0.path == "unlock.js" }
            && files.allSatisfy { $0.path.hasPrefix(encryptedFolder) || SiteBuilder.encryptedSitePublicPaths.contains($0.path) }
    }

    /// Runs `body` with a folder that holds the site: the output folder, or for a site in
    /// memory a temporary copy outside the diary, removed after (rsync compares from files).
    func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        guard let unwritten else { return try body(output) }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-dry-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        for file in files {
            let target = copy.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(unwritten.bytes(of: file.path) ?? []).write(to: target)
        }
        return try body(copy)
    }

    var totalBytes: Int { files.reduce(0) { $0 + $1.size } }

    /// The file's bytes; nil when it cannot be read.
    func bytes(of path: String) -> [UInt8]? {
        if let unwritten { return unwritten.bytes(of: path) }
        return LocalFiles.readBytes(output.path + "/" + path)
    }
}
