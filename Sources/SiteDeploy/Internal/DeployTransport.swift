import Foundation

/// A file as a transport sends it: the planned file, its bytes when the transport asked for them,
/// and its MD5 (always known once sent).
struct SentFile {
    var file: SiteFile
    var md5: String
}

/// One way of sending the site. The deployer calls `upload` once per role, in order, then `delete`,
/// then `finish`; a transport reports each file the remote has confirmed, so a deploy that stops
/// halfway is recorded as far as it went.
protocol DeployTransport {
    /// Whether `uploaded` and `deleted` are called as each file is confirmed; false when nothing
    /// is confirmed before `finish` (git: a push makes every change live at once).
    var confirmsEachFile: Bool { get }

    /// Whether what the target's record says was sent still holds on this side (git keeps the
    /// last tree sent in its index, which may be gone); when not, the deploy starts from nothing.
    var remembersRemote: Bool { get }

    /// Gets ready to send, writing nothing remote; `fresh` when the record is empty, so the
    /// remote's state is not known.
    func prepare(fresh: Bool) throws

    /// Compares the remote's own files with the site's (`--verify`).
    func compare(with site: SiteInventory) throws -> RemoteComparison

    /// Sends `files`, all of one role, calling `uploaded` for each the remote confirmed.
    func upload(_ files: [PlannedUpload], from site: SiteInventory, uploaded: (SentFile) throws -> Void) throws

    /// Deletes `paths` from the remote, calling `deleted` for each the remote confirmed.
    func delete(_ paths: [String], deleted: (String) throws -> Void) throws

    /// Makes what was sent and deleted live; nothing for most.
    func finish() throws
}

extension DeployTransport {
    var confirmsEachFile: Bool { true }
    var remembersRemote: Bool { true }
    func prepare(fresh: Bool) throws {}
    func finish() throws {}

    /// The bytes of a planned file, and its MD5.
    func read(_ upload: PlannedUpload, from site: SiteInventory) throws -> (bytes: [UInt8], sent: SentFile) {
        guard let bytes = site.bytes(of: upload.file.path) else {
            throw DeployError.Reason.remote(file: upload.file.path, answer: "cannot read it in the output folder")
        }
        guard let md5 = upload.md5 ?? FileDigest.md5(bytes) else {
            throw DeployError.Reason.library("cannot compute the MD5 of \(upload.file.path)")
        }
        return (bytes, SentFile(file: upload.file, md5: md5))
    }
}
