import BuildSupport
import DiaryModel

/// A file to send, with its MD5 when the plan had to read it.
struct PlannedUpload: Sendable {
    var file: SiteFile
    var md5: String?
}

/// What a remote has of the site, as `--verify` found it by asking the remote itself.
struct RemoteComparison {
    /// Site files the remote holds with the same bytes.
    var matching: Set<String>
    /// Remote files the site does not have.
    var extra: [String]
}

/// Which files to send and delete, in the order they go, worked out in full before a byte is sent:
/// the site (`SiteInventory`) against the target's record, or against the remote itself.
struct DeployPlan {
    /// Other files, then pages, then entry points; by path within each.
    var uploads: [PlannedUpload] = []
    var deletions: [String] = []
    var unchangedCount = 0
    /// Unchanged files whose size or time changed (or that `--verify` found on the remote): their new record.
    var refreshed: [(path: String, entry: DeployRecord.Entry)] = []

    var uploadBytes: Int { uploads.reduce(0) { $0 + $1.file.size } }

    /// Against the record: a file is unchanged when its size and time are the recorded ones, or,
    /// when they changed, its MD5 is.
    init(site: SiteInventory, record: DeployRecord) {
        var suspects: [SiteFile] = []
        for file in site.files {
            guard let recorded = record.files[file.path] else {
                uploads.append(PlannedUpload(file: file))
                continue
            }
            if recorded.size == file.size && recorded.modified == file.modified {
                unchangedCount += 1
            } else if recorded.size == file.size {
                suspects.append(file)
            } else {
                uploads.append(PlannedUpload(file: file))
            }
        }
        let digests = Self.md5s(of: suspects, in: site)
        for (file, md5) in zip(suspects, digests) {
            if let md5, md5 == record.files[file.path]?.md5 {
                unchangedCount += 1
                refreshed.append((file.path, DeployRecord.Entry(md5: md5, size: file.size, modified: file.modified)))
            } else {
                uploads.append(PlannedUpload(file: file, md5: md5))
            }
        }
        let present = Set(site.files.map(\.path))
        deletions = record.files.keys.filter { !present.contains($0) }.sorted()
        uploads.sort(by: Self.sendsFirst)
    }

    /// Against what the remote holds (`--verify`): every file it lacks or holds otherwise is sent,
    /// every file of its own the site lacks is deleted.
    init(site: SiteInventory, remote: RemoteComparison) {
        let matching = site.files.filter { remote.matching.contains($0.path) }
        for (file, md5) in zip(matching, Self.md5s(of: matching, in: site)) {
            guard let md5 else { continue }
            refreshed.append((file.path, DeployRecord.Entry(md5: md5, size: file.size, modified: file.modified)))
        }
        unchangedCount = refreshed.count
        let recorded = Set(refreshed.map(\.path))
        uploads = site.files.filter { !recorded.contains($0.path) }.map { PlannedUpload(file: $0) }.sorted(by: Self.sendsFirst)
        deletions = remote.extra.sorted()
    }

    /// The uploads of one role, in order.
    func uploads(of role: FileRole) -> [PlannedUpload] {
        uploads.filter { $0.file.role == role }
    }

    private static func sendsFirst(_ a: PlannedUpload, _ b: PlannedUpload) -> Bool {
        a.file.role != b.file.role ? a.file.role < b.file.role : a.file.path < b.file.path
    }

    /// The MD5 of each file, read on every core; nil for a file that cannot be read or hashed.
    static func md5s(of files: [SiteFile], in site: SiteInventory) -> [String?] {
        ParallelMap.map(files, chunkSize: 16) { file in site.bytes(of: file.path).flatMap(FileDigest.md5) }
    }
}
