import DiaryFiles
import DiaryModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every folder of a manifest, found whole (`FolderStamps.complete`), so that the next check
/// can look at them without reading the manifest. Most are stamped (`FolderStamp`). A folder
/// changed too recently to be stamped (a build has just written into it) is pending: it keeps
/// the names of the files it holds (`FileNames`), and the next check lists it for them.
struct CompleteFolders: Equatable {
    /// The manifest file the folders are of, and how many files it lists.
    var manifest: FileIdentity
    var fileCount: Int
    /// Each folder's path (relative to the output folder, "" for itself), NUL-terminated, one
    /// after the other; `starts[n]` is where the `n`th begins.
    private var paths: [UInt8] = []
    private var starts: [Int] = []
    /// Each folder's stamp; a pending folder's is not read.
    private var stamps: [FolderStamp] = []
    /// The pending folders by position, with the names of the files each holds.
    private(set) var pending: [Int: FileNames] = [:]

    /// More pending folders than this cost the next check more than reading the manifest
    /// (a full build's folders are all pending): such a list is not kept.
    static let pendingLimit = 2048

    init(manifest: FileIdentity, fileCount: Int) {
        self.manifest = manifest
        self.fileCount = fileCount
    }

    var count: Int { stamps.count }

    mutating func append(path: UnsafeRawBufferPointer, stamp: FolderStamp) {
        starts.append(paths.count)
        paths.append(contentsOf: path)
        paths.append(0)
        stamps.append(stamp)
    }

    mutating func appendPending(path: UnsafeRawBufferPointer, names: FileNames) {
        pending[count] = names
        append(path: path, stamp: FolderStamp(inode: 0, modified: 0))
    }

    private func path(at position: Int, in names: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(names.baseAddress! + starts[position]).assumingMemoryBound(to: CChar.self)
    }

    /// The list as the folder holds it now, looked at on every core: nil when a stamped folder
    /// changed or a pending one does not hold its files (and no other). A pending folder found
    /// so and settled (last changed `settling` before `now`) is stamped.
    func look(in folder: OutputFolder, now: Int = OutputFolder.now(), settling: Int = FolderStamp.settling) -> CompleteFolders? {
        let base = open(folder.url.path, O_RDONLY | O_DIRECTORY)
        guard base >= 0 else { return nil }
        defer { close(base) }
        func stamp(_ path: UnsafePointer<CChar>) -> FolderStamp? {
            path.pointee == 0 ? FolderStamp.of(".", in: base) : FolderStamp.of(path, in: base)
        }
        let chunks = stride(from: 0, to: count, by: 1024).map { $0..<min(count, $0 + 1024) }
        let holds = paths.withUnsafeBufferPointer { names in
            ParallelMap.map(chunks, chunkSize: 1) { chunk in
                chunk.allSatisfy { position in pending[position] != nil || stamp(path(at: position, in: names)) == stamps[position] }
            }
        }
        guard !holds.contains(false) else { return nil }
        var looked = self
        for (position, expected) in pending.sorted(by: { $0.key < $1.key }) {
            // The stamp is taken before the folder is listed: a file removed after it gives the folder a newer one.
            let (found, listed) = paths.withUnsafeBufferPointer { names -> (FolderStamp?, FileNames?) in
                let folderPath = path(at: position, in: names)
                // The output folder's mark is the one file there no manifest lists.
                let listed = folderPath.pointee == 0 ? FileNames(folderAt: ".", relativeTo: base, skipping: OutputFolder.marker)
                    : FileNames(folderAt: folderPath, relativeTo: base)
                return (stamp(folderPath), listed)
            }
            guard let found, listed == expected else { return nil }
            if found.modified < now - settling {
                looked.stamps[position] = found
                looked.pending[position] = nil
            }
        }
        return looked
    }

    /// The stamps of the stamped folders by the hash of each one's path, as `Manifest.folders` keys them.
    func byFolder() -> [UInt64: FolderStamp] {
        var byFolder = [UInt64: FolderStamp](minimumCapacity: count)
        paths.withUnsafeBytes { buffer in
            for position in 0..<count where pending[position] == nil {
                byFolder[StableHasher.hash(bytes: pathBytes(at: position, in: buffer))] = stamps[position]
            }
        }
        return byFolder
    }

    /// The path of folder `position`, without its NUL.
    private func pathBytes(at position: Int, in buffer: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let end = position + 1 < count ? starts[position + 1] - 1 : paths.count - 1
        return UnsafeRawBufferPointer(rebasing: buffer[starts[position]..<end])
    }

    /// The list after a build changed `last` (the manifest these folders are of) by `changes`
    /// and saved the result as `manifest`, listing `fileCount` files. Each folder the build wrote
    /// into or removed from (`outcome`) becomes pending, with the names the new manifest puts
    /// in it, and so does each folder above a folder made or removed (its own time changed);
    /// a folder new to the manifest joins; the others keep their stamps. Nil when a folder was
    /// emptied (it may be gone), or too many are pending.
    func updated(after outcome: (written: [String], added: Set<String>, deleted: [String]), changes: ManifestChanges,
                 of last: Manifest, savedAs manifest: FileIdentity, fileCount: Int) -> CompleteFolders? {
        func folder(of path: String) -> String? {
            path.lastIndex(of: "/").map { String(path[..<$0]) } ?? (path.isEmpty ? nil : "")
        }
        let direct = Set((outcome.written + outcome.deleted).compactMap(folder(of:)))
        var touched = direct
        for path in Array(outcome.added) + outcome.deleted {
            var above = folder(of: path).flatMap(folder(of:))
            while let parent = above, touched.insert(parent).inserted { above = folder(of: parent) }
        }
        guard touched.count + pending.count <= Self.pendingLimit else { return nil }
        // What each touched folder held by the last manifest, and holds by this build's.
        var names = touched.reduce(into: [String: Set<String>]()) { $0[$1] = [] }
        for (folder, files) in last.names(inFolders: touched) { names[folder] = Set(files) }
        for path in changes.removed {
            if let folder = folder(of: path), names[folder] != nil { names[folder]?.remove(Manifest.name(ofPath: path)) }
        }
        for path in changes.set.keys {
            if let folder = folder(of: path), names[folder] != nil { names[folder]?.insert(Manifest.name(ofPath: path)) }
        }
        // A folder above others that holds no file of its own is not one of the manifest's.
        names = names.filter { !$0.value.isEmpty || direct.contains($0.key) }
        guard !names.values.contains(where: \.isEmpty) else { return nil }

        var updated = CompleteFolders(manifest: manifest, fileCount: fileCount)
        updated.paths = paths
        updated.starts = starts
        updated.stamps = stamps
        updated.pending = pending
        // Only a path whose hash is one of theirs is made a string.
        let wanted = Set(names.keys.map(StableHasher.hash))
        paths.withUnsafeBytes { buffer in
            for position in 0..<count {
                let bytes = pathBytes(at: position, in: buffer)
                guard wanted.contains(StableHasher.hash(bytes: bytes)),
                      let files = names.removeValue(forKey: String(decoding: bytes, as: UTF8.self)) else { continue }
                updated.pending[position] = FileNames(files)
            }
        }
        for (folder, files) in names.sorted(by: { $0.key < $1.key }) {
            Array(folder.utf8).withUnsafeBytes { updated.appendPending(path: $0, names: FileNames(files)) }
        }
        return updated
    }

    /// The paths, each folder's stamp, then the pending folders' positions and names; where each
    /// path starts is where the last one's NUL ends.
    func write(into writer: inout BinaryWriter) {
        writer.write(Int(Int64(bitPattern: manifest.inode)))
        writer.write(manifest.size)
        writer.write(manifest.modified)
        writer.write(fileCount)
        writer.write(count)
        writer.write(rawBytes: paths)
        writer.reserveCapacity(count * 16)
        for stamp in stamps {
            writer.write(Int(Int64(bitPattern: stamp.inode)))
            writer.write(stamp.modified)
        }
        writer.write(pending.count)
        for (position, names) in pending.sorted(by: { $0.key < $1.key }) {
            writer.write(position)
            writer.write(names.count)
            writer.write(Int(Int64(bitPattern: names.sum)))
        }
    }

    /// Reads what `write(into:)` wrote, to the reader's end; nil when it is damaged.
    init?(reading reader: inout BinaryReader) {
        guard let inode = reader.int(), let size = reader.int(), let modified = reader.int(), let fileCount = reader.int(),
              let count = reader.int(), count >= 0, let paths = reader.rawBytes(), paths.last == 0 || paths.isEmpty else { return nil }
        self.init(manifest: FileIdentity(inode: UInt64(bitPattern: Int64(inode)), size: size, modified: modified), fileCount: fileCount)
        self.paths = paths
        starts = NULTerminated.starts(in: paths) ?? []
        guard starts.count == count else { return nil }
        stamps.reserveCapacity(count)
        for _ in 0..<count {
            guard let inode = reader.int(), let modified = reader.int() else { return nil }
            stamps.append(FolderStamp(inode: UInt64(bitPattern: Int64(inode)), modified: modified))
        }
        guard let pendingCount = reader.int(), pendingCount >= 0, pendingCount <= count else { return nil }
        for _ in 0..<pendingCount {
            guard let position = reader.int(), position >= 0, position < count, pending[position] == nil,
                  let nameCount = reader.int(), let sum = reader.int() else { return nil }
            pending[position] = FileNames(count: nameCount, sum: UInt64(bitPattern: Int64(sum)))
        }
        guard reader.isAtEnd else { return nil }
    }
}
