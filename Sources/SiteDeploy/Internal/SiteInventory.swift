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

    /// Whether every file is ciphertext or one of the encrypted site's public files: what
    /// `daybook build --encrypt` writes, and nothing readable beside it.
    var isEncrypted: Bool {
        let encryptedFolder = SiteEncryptor.encryptedFolder + "/"
        return files.contains { $0.path == "unlock.js" }
            && files.allSatisfy { $0.path.hasPrefix(encryptedFolder) || SiteBuilder.encryptedSitePublicPaths.contains($0.path) }
    }

    var totalBytes: Int { files.reduce(0) { $0 + $1.size } }

    /// The file's bytes; nil when it cannot be read.
    func bytes(of path: String) -> [UInt8]? {
        LocalFiles.readBytes(output.path + "/" + path)
    }
}
