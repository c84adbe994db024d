import BuildSupport
import DiaryFiles
import DiaryModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every folder of a manifest, found whole (`FolderStamps.complete`), so that the next check
/// can look at them without reading the manifest, each with the names of the files the
/// manifest puts in it (`FileNames`). Most are stamped (`FolderStamp`). A folder changed too
/// recently to be stamped (a build has just written into it) is pending: the next check lists
/// it for its names. A build brings the names of the folders it wrote into up to date from its
/// changes alone, without going over the manifest.
package struct CompleteFolders: Equatable, BinaryRecord {
    /// The manifest file the folders are of, and how many files it lists.
    package var manifest: FileIdentity
    package var fileCount: Int
    /// Each folder's path, relative to the output folder ("" for itself).
    private var paths = PathList()
    /// Each folder's stamp, its inode and time (a pending folder's are not read), and its names'
    /// count and sum (`FileNames`): four columns, each saved and read in one copy.
    private var inodes: [UInt64] = []
    private var times: [Int] = []
    private var nameCounts: [Int] = []
    private var nameSums: [UInt64] = []
    /// The positions of the pending folders.
    package private(set) var pending: Set<Int> = []

    /// More pending folders than this cost the next check more than reading the manifest
    /// (a full build's folders are all pending): such a list is not kept.
    static let pendingLimit = 2048

    package init(manifest: FileIdentity, fileCount: Int) {
        self.manifest = manifest
        self.fileCount = fileCount
    }

    package var count: Int { inodes.count }

    private func stamp(at position: Int) -> FolderStamp {
        FolderStamp(inode: inodes[position], modified: times[position])
    }

    private mutating func setStamp(_ stamp: FolderStamp, at position: Int) {
        inodes[position] = stamp.inode
        times[position] = stamp.modified
    }

    private func names(at position: Int) -> FileNames {
        FileNames(count: nameCounts[position], sum: nameSums[position])
    }

    private mutating func setNames(_ names: FileNames, at position: Int) {
        nameCounts[position] = names.count
        nameSums[position] = names.sum
    }

    /// Appends a folder; without a stamp, a pending one.
    package mutating func append(path: UnsafeRawBufferPointer, stamp: FolderStamp?, names: FileNames) {
        if stamp == nil { pending.insert(count) }
        paths.append(path)
        let stamp = stamp ?? FolderStamp(inode: 0, modified: 0)
        inodes.append(stamp.inode)
        times.append(stamp.modified)
        nameCounts.append(names.count)
        nameSums.append(names.sum)
    }

    /// Each folder's path, in the order a look goes over them.
    func folderPaths() -> [String] {
        paths.withAccess { access in (0..<count).map { String(decoding: access.bytes(at: $0), as: UTF8.self) } }
    }

    /// The pending folders by path, with their names.
    func pendingFolders() -> [String: FileNames] {
        paths.withAccess { access in
            Dictionary(uniqueKeysWithValues: pending.map { (String(decoding: access.bytes(at: $0), as: UTF8.self), names(at: $0)) })
        }
    }

    /// The list as the folder holds it now, looked at on every core: nil when a stamped folder
    /// changed or a pending one does not hold its files (and no other). A pending folder found
    /// so and settled (last changed `settling` before `now`) is stamped.
    package func look(in folder: OutputFolder, now: Int = OutputFolder.now(), settling: Int = FolderStamp.settling) -> CompleteFolders? {
        let base = open(folder.url.path, O_RDONLY | O_DIRECTORY)
        guard base >= 0 else { return nil }
        defer { close(base) }
        let holds = paths.allSatisfyOnEveryCore(statingIn: base, skipping: pending) { position, info in
            info.flatMap(FolderStamp.init) == stamp(at: position)
        }
        guard holds else { return nil }
        var looked = self
        for position in pending.sorted() {
            // The stamp is taken before the folder is listed: a file removed after it gives the folder a newer one.
            let (found, listed) = paths.withAccess { access -> (FolderStamp?, FileNames?) in
                let found = FolderStamp.of(access.path(at: position), in: base)
                // The output folder's mark is the one file there no manifest lists.
                let isTop = access.bytes(at: position).isEmpty
                return (found, FileNames(folderAt: access.path(at: position), relativeTo: base, skipping: isTop ? OutputFolder.marker : nil))
            }
            guard let found, listed == names(at: position) else { return nil }
            if found.modified < now - settling {
                looked.setStamp(found, at: position)
                looked.pending.remove(position)
            }
        }
        return looked
    }

    /// The stamps of the stamped folders by the hash of each one's path, as `Manifest.folders` keys them.
    func byFolder() -> [UInt64: FolderStamp] {
        var byFolder = [UInt64: FolderStamp](minimumCapacity: count)
        paths.withAccess { access in
            for position in 0..<count where !pending.contains(position) {
                byFolder[StableHasher.hash(bytes: access.bytes(at: position))] = stamp(at: position)
            }
        }
        return byFolder
    }

    /// The list after a build made `changes` to the manifest these folders are of, and saved
    /// the result as `manifest`, listing `fileCount` files; `wasListed` tells whether a path was
    /// in the manifest before. Each folder the build wrote into or removed from (`outcome`)
    /// becomes pending, and so does each folder above a folder made or removed (its own time
    /// changed); a folder new to the manifest joins; the others keep their stamps. Nil when a
    /// folder was emptied (it may be gone), or too many are pending.
    package func updated(after outcome: (written: [String], added: Set<String>, deleted: [String]), changes: ManifestChanges,
                 wasListed: (String) -> Bool, savedAs manifest: FileIdentity, fileCount: Int) -> CompleteFolders? {
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
        // How the names in each touched folder changed: files new to the manifest, and files gone from it.
        var added: [String: FileNames] = [:]
        var removed: [String: FileNames] = [:]
        for path in changes.set.keys where !wasListed(path) {
            if let folder = folder(of: path), touched.contains(folder) { added[folder, default: FileNames()].add(Manifest.name(ofPath: path)) }
        }
        for path in changes.removed {
            if let folder = folder(of: path), touched.contains(folder) { removed[folder, default: FileNames()].add(Manifest.name(ofPath: path)) }
        }
        var updated = self
        updated.manifest = manifest
        updated.fileCount = fileCount
        var unplaced = touched
        // Only a path as long as a touched one's, whose hash is also one of theirs, is made a string.
        let lengths = Set(touched.map(\.utf8.count))
        let hashes = Set(touched.map(StableHasher.hash))
        paths.withAccess { access in
            for position in 0..<count {
                let bytes = access.bytes(at: position)
                guard lengths.contains(bytes.count), hashes.contains(StableHasher.hash(bytes: bytes)) else { continue }
                let path = String(decoding: bytes, as: UTF8.self)
                guard unplaced.remove(path) != nil else { continue }
                var names = updated.names(at: position)
                names.add(added[path] ?? FileNames())
                names.remove(removed[path] ?? FileNames())
                updated.setNames(names, at: position)
                updated.pending.insert(position)
            }
        }
        // An emptied folder may be gone, and the list would not find it.
        guard !updated.pending.contains(where: { updated.names(at: $0).count == 0 }) else { return nil }
        // Folders new to the manifest; one above others that holds no file of its own is not one of its folders.
        for path in unplaced.sorted() {
            guard let names = added[path], names.count > 0 else {
                if direct.contains(path) { return nil }
                continue
            }
            Array(path.utf8).withUnsafeBytes { updated.append(path: $0, stamp: nil, names: names) }
        }
        return updated
    }

    /// The manifest's identity, then the paths, each folder's stamp and names, and the pending
    /// folders' positions; where each path starts is where the last one's NUL ends.
    package func write(into writer: inout BinaryWriter) {
        writer.write(manifest.inode)
        writer.write(manifest.size)
        writer.write(manifest.modified)
        writer.write(fileCount)
        writer.write(count)
        writer.reserveCapacity(paths.bytes.count + 8 + count * 32 + pending.count * 8 + 8)
        writer.write(rawBytes: paths.bytes)
        writer.write(numbers: inodes)
        writer.write(ints: times)
        writer.write(ints: nameCounts)
        writer.write(numbers: nameSums)
        writer.write(pending.count)
        writer.write(ints: pending.sorted())
    }

    /// Reads what `write(into:)` wrote; nil when it is damaged.
    package init?(reading reader: inout BinaryReader) {
        guard let inode = reader.uint64(), let size = reader.int(), let modified = reader.int(), let fileCount = reader.int(),
              let count = reader.int(), let pathBytes = reader.rawBytes(), let paths = PathList(bytes: pathBytes), paths.count == count,
              let inodes = reader.numbers(count: count, as: UInt64.self), let times = reader.ints(count: count),
              let nameCounts = reader.ints(count: count), let nameSums = reader.numbers(count: count, as: UInt64.self),
              let pendingCount = reader.int(), let pending = reader.ints(count: pendingCount),
              pending.allSatisfy({ $0 >= 0 && $0 < count }) else { return nil }
        self.init(manifest: FileIdentity(inode: inode, size: size, modified: modified), fileCount: fileCount)
        self.paths = paths
        self.inodes = inodes
        self.times = times
        self.nameCounts = nameCounts
        self.nameSums = nameSums
        self.pending = Set(pending)
    }
}
