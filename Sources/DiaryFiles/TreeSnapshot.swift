import BuildSupport
import DiaryModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every folder and file of a folder tree as a listing found them (`FileStatus.list`), kept as
/// bytes: while each folder holds its stamp (`FolderStamp`) and each file its size and time,
/// the tree lists the same, which a look finds with one stat per path and no string made. A
/// nothing-changed build of a 109,500-entry diary asks this of 120,000 paths; building and
/// hashing the listing itself would cost it more than a third again.
public struct TreeSnapshot: Equatable, Sendable, BinaryRecord {
    /// Each folder's path, relative to the tree ("" for the tree itself).
    private var folders = PathList()
    /// Each folder's stamp: its inode and its time.
    private var folderInodes: [UInt64] = []
    private var folderTimes: [Int] = []
    /// Each file's path, in the listing's order.
    private var files = PathList()
    /// Two numbers a file: its size and time.
    private var fileStatuses: [Int] = []
    /// What the caller made of the listing (a hash of it), kept with it.
    public var fingerprint: UInt64

    /// The snapshot of `listing`, when it has its files and remembered every folder (none
    /// changed too recently to be trusted); nil otherwise.
    public init?(_ listing: FileStatus.Listing, fingerprint: UInt64) {
        guard let listed = listing.files, listing.rememberedEveryFolder else { return nil }
        self.fingerprint = fingerprint
        for (path, folder) in listing.memory.folders.sorted(by: { $0.key < $1.key }) {
            folders.append(path.utf8)
            folderInodes.append(folder.stamp.inode)
            folderTimes.append(folder.stamp.modified)
        }
        fileStatuses.reserveCapacity(listed.count * 2)
        for file in listed {
            files.append(file.path.utf8)
            fileStatuses += [file.size, file.modified]
        }
    }

    /// What a look at the tree found while every folder held.
    public struct Look: Sendable {
        /// Files whose size or time changed, by position, with their size and time now.
        public var changed: [Int: (size: Int, modified: Int)] = [:]
        /// The paths of the files last modified from the `recentAfter` the look was given.
        public var recent: [String] = []
    }

    /// Looks at every folder and file of the tree at `folder`, on every core: nil when a folder
    /// changed (something in it was added, removed or renamed) or a file is not one any more.
    /// The folders are looked at first: when one changed, no file is.
    public func look(in folder: String, recentAfter: Int) -> Look? {
        let base = open(folder, O_RDONLY | O_DIRECTORY)
        guard base >= 0 else { return nil }
        defer { close(base) }
        let foldersHold = folders.allSatisfyOnEveryCore(statingIn: base) { position, info in
            info.flatMap(FolderStamp.init)
                == FolderStamp(inode: folderInodes[position], modified: folderTimes[position])
        }
        guard foldersHold else { return nil }
        let looks = files.mapOnEveryCore { chunk, access -> Look? in
            var look = Look()
            var near = NearFolderStat(base: base)
            var info = stat()
            for position in chunk {
                let path = access.path(at: position)
                guard near.stat(path, bytes: access.bytes(at: position), into: &info), (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
                let (size, modified) = (Int(info.st_size), FileStatus.modificationTime(info))
                if size != fileStatuses[position * 2] || modified != fileStatuses[position * 2 + 1] { look.changed[position] = (size, modified) }
                if modified >= recentAfter { look.recent.append(String(cString: path)) }
            }
            return look
        }
        var look = Look()
        for part in looks {
            guard let part else { return nil }
            look.changed.merge(part.changed) { own, _ in own }
            look.recent += part.recent
        }
        return look
    }

    /// The files as `look` found them, in the listing's order (as `FileStatus.list` gives them).
    public func files(as look: Look) -> [FileStatus] {
        files.withAccess { access in
            (0..<files.count).map { position in
                let (size, modified) = look.changed[position] ?? (fileStatuses[position * 2], fileStatuses[position * 2 + 1])
                return FileStatus(path: String(decoding: access.bytes(at: position), as: UTF8.self), size: size, modified: modified)
            }
        }
    }

    /// The snapshot with the files' sizes and times as `look` found them, and `fingerprint`.
    public func updated(by look: Look, fingerprint: UInt64) -> TreeSnapshot {
        var updated = self
        for (position, file) in look.changed {
            updated.fileStatuses[position * 2] = file.size
            updated.fileStatuses[position * 2 + 1] = file.modified
        }
        updated.fingerprint = fingerprint
        return updated
    }

    /// The folders' paths, inodes and times, then the files' paths with two numbers a file,
    /// each list of numbers as one block.
    public func write(into writer: inout BinaryWriter) {
        writer.reserveCapacity(folders.bytes.count + files.bytes.count + (folders.count * 2 + fileStatuses.count) * 8 + 64)
        writer.write(fingerprint)
        writer.write(folders.count)
        writer.write(rawBytes: folders.bytes)
        writer.write(numbers: folderInodes)
        writer.write(ints: folderTimes)
        writer.write(files.count)
        writer.write(rawBytes: files.bytes)
        writer.write(ints: fileStatuses)
    }

    /// What `write(into:)` wrote; nil when the bytes are damaged.
    public init?(reading reader: inout BinaryReader) {
        guard let fingerprint = reader.uint64(),
              let folderCount = reader.int(), let folderBytes = reader.rawBytes(), let folders = PathList(bytes: folderBytes),
              folders.count == folderCount, let folderInodes = reader.numbers(count: folderCount, as: UInt64.self),
              let folderTimes = reader.ints(count: folderCount),
              let fileCount = reader.int(), let fileBytes = reader.rawBytes(), let files = PathList(bytes: fileBytes),
              files.count == fileCount, let fileStatuses = reader.ints(count: fileCount * 2) else { return nil }
        self.fingerprint = fingerprint
        self.folders = folders
        self.folderInodes = folderInodes
        self.folderTimes = folderTimes
        self.files = files
        self.fileStatuses = fileStatuses
    }
}
