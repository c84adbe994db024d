import BuildSupport
import DiaryFiles
import DiaryModel
import Foundation

/// `to: dir`: a local folder, such as a mounted share. Each file is written atomically (a
/// temporary file renamed over the old one), so a reader never sees half a file.
struct DirectoryTransport: DeployTransport {
    let folder: URL

    func compare(with site: SiteInventory) throws -> RemoteComparison {
        let remote = (FileStatus.list(folder.path) ?? []).filter { $0.path != TargetFolder.markName }
        let sizes = Dictionary(remote.map { ($0.path, $0.size) }, uniquingKeysWith: { first, _ in first })
        let sameSize = site.files.filter { sizes[$0.path] == $0.size }
        let matching = ParallelMap.map(sameSize, chunkSize: 16) { file in
            site.bytes(of: file.path) == LocalFiles.readBytes(folder.path + "/" + file.path)
        }
        let present = Set(site.files.map(\.path))
        return RemoteComparison(matching: Set(zip(sameSize, matching).filter(\.1).map(\.0.path)),
                                extra: remote.map(\.path).filter { !present.contains($0) })
    }

    func upload(_ files: [PlannedUpload], from site: SiteInventory, uploaded: (SentFile) throws -> Void) throws {
        for upload in files {
            let (bytes, sent) = try read(upload, from: site)
            let target = folder.appendingPathComponent(upload.file.path)
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(bytes, to: target.path)
            } catch {
                throw DeployError.Reason.remote(file: upload.file.path, answer: "cannot write \(target.path): \(error)")
            }
            try uploaded(sent)
        }
    }

    func delete(_ paths: [String], deleted: (String) throws -> Void) throws {
        for path in paths {
            let target = folder.appendingPathComponent(path)
            if unlink(target.path) != 0 && errno != ENOENT {
                throw DeployError.Reason.remote(file: path, answer: "cannot delete \(target.path): \(String(cString: strerror(errno)))")
            }
            removeEmptyFolders(above: path)
            try deleted(path)
        }
    }

    /// An entry's deleted page leaves its folder empty: the folder goes too, up to the target's own.
    private func removeEmptyFolders(above path: String) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty {
            guard rmdir(folder.appendingPathComponent(parts.joined(separator: "/")).path) == 0 else { return }
            parts = parts.dropLast()
        }
    }
}
