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
public struct TreeSnapshot: Equatable, Sendable {
    /// Each folder's path (relative to the tree, "" for the tree itself), NUL-terminated.
    private var folderPaths: [UInt8] = []
    private var folderStarts: [Int] = []
    private var folderStamps: [FolderStamp] = []
    /// Each file's path, NUL-terminated, in the listing's order.
    private var filePaths: [UInt8] = []
    private var fileStarts: [Int] = []
    private var sizes: [Int] = []
    private var times: [Int] = []
    /// What the caller made of the listing (a hash of it), kept with it.
    public var fingerprint: UInt64

    /// The snapshot of `listing`, when it has its files and remembered every folder (none
    /// changed too recently to be trusted); nil otherwise.
    public init?(_ listing: FileStatus.Listing, fingerprint: UInt64) {
        guard let files = listing.files, listing.rememberedEveryFolder else { return nil }
        self.fingerprint = fingerprint
        for (path, folder) in listing.memory.folders.sorted(by: { $0.key < $1.key }) {
            folderStarts.append(folderPaths.count)
            folderPaths.append(contentsOf: path.utf8)
            folderPaths.append(0)
            folderStamps.append(folder.stamp)
        }
        filePaths.reserveCapacity(files.count * 32)
        for file in files {
            fileStarts.append(filePaths.count)
            filePaths.append(contentsOf: file.path.utf8)
            filePaths.append(0)
            sizes.append(file.size)
            times.append(file.modified)
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
    public func look(in folder: String, recentAfter: Int) -> Look? {
        let base = open(folder, O_RDONLY | O_DIRECTORY)
        guard base >= 0 else { return nil }
        defer { close(base) }
        let foldersHold = folderPaths.withUnsafeBufferPointer { paths in
            ParallelMap.map(Self.chunks(of: folderStamps.count), chunkSize: 1) { chunk in
                chunk.allSatisfy { position in
                    let path = Self.path(at: folderStarts[position], in: paths)
                    return (path.pointee == 0 ? FolderStamp.of(".", in: base) : FolderStamp.of(path, in: base)) == folderStamps[position]
                }
            }
        }
        guard !foldersHold.contains(false) else { return nil }
        let looks = filePaths.withUnsafeBufferPointer { paths in
            ParallelMap.map(Self.chunks(of: sizes.count), chunkSize: 1) { chunk -> Look? in
                var look = Look()
                var info = stat()
                for position in chunk {
                    let path = Self.path(at: fileStarts[position], in: paths)
                    guard fstatat(base, path, &info, 0) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
                    let (size, modified) = (Int(info.st_size), FileStatus.modificationTime(info))
                    if size != sizes[position] || modified != times[position] { look.changed[position] = (size, modified) }
                    if modified >= recentAfter { look.recent.append(String(cString: path)) }
                }
                return look
            }
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
        filePaths.withUnsafeBufferPointer { paths in
            sizes.indices.map { position in
                let path = String(cString: Self.path(at: fileStarts[position], in: paths))
                let (size, modified) = look.changed[position] ?? (sizes[position], times[position])
                return FileStatus(path: path, size: size, modified: modified)
            }
        }
    }

    /// The snapshot with the files' sizes and times as `look` found them, and `fingerprint`.
    public func updated(by look: Look, fingerprint: UInt64) -> TreeSnapshot {
        var updated = self
        for (position, file) in look.changed {
            updated.sizes[position] = file.size
            updated.times[position] = file.modified
        }
        updated.fingerprint = fingerprint
        return updated
    }

    private static func chunks(of count: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: 1024).map { $0..<min(count, $0 + 1024) }
    }

    private static func path(at start: Int, in paths: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(paths.baseAddress! + start).assumingMemoryBound(to: CChar.self)
    }

    public func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.reserveCapacity(folderPaths.count + filePaths.count + folderStamps.count * 16 + sizes.count * 16 + 64)
        writer.write(Int(Int64(bitPattern: fingerprint)))
        writer.write(folderStamps.count)
        writer.write(rawBytes: folderPaths)
        for stamp in folderStamps {
            writer.write(Int(Int64(bitPattern: stamp.inode)))
            writer.write(stamp.modified)
        }
        writer.write(sizes.count)
        writer.write(rawBytes: filePaths)
        for (size, modified) in zip(sizes, times) {
            writer.write(size)
            writer.write(modified)
        }
        return writer.bytes
    }

    /// What `encoded` wrote; nil when the bytes are damaged.
    public init?(decoding bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard let fingerprint = reader.int(), let folderCount = reader.int(), folderCount >= 0, let folderPaths = reader.rawBytes(),
              let folderStarts = NULTerminated.starts(in: folderPaths), folderStarts.count == folderCount else { return nil }
        self.fingerprint = UInt64(bitPattern: Int64(fingerprint))
        self.folderPaths = folderPaths
        self.folderStarts = folderStarts
        folderStamps.reserveCapacity(folderCount)
        for _ in 0..<folderCount {
            guard let inode = reader.int(), let modified = reader.int() else { return nil }
            folderStamps.append(FolderStamp(inode: UInt64(bitPattern: Int64(inode)), modified: modified))
        }
        guard let fileCount = reader.int(), fileCount >= 0, let filePaths = reader.rawBytes(),
              let fileStarts = NULTerminated.starts(in: filePaths), fileStarts.count == fileCount else { return nil }
        self.filePaths = filePaths
        self.fileStarts = fileStarts
        sizes.reserveCapacity(fileCount)
        times.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            guard let size = reader.int(), let modified = reader.int() else { return nil }
            sizes.append(size)
            times.append(modified)
        }
        guard reader.isAtEnd else { return nil }
    }
}

/// Paths kept one after the other in one buffer, each ending in a NUL.
public enum NULTerminated {
    /// Where each path in `paths` starts; nil when the last is not terminated.
    public static func starts(in paths: [UInt8]) -> [Int]? {
        guard paths.isEmpty || paths.last == 0 else { return nil }
        var starts: [Int] = []
        paths.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                starts.append(start)
                start += strlen(UnsafeRawPointer(base + start).assumingMemoryBound(to: CChar.self)) + 1
            }
        }
        return starts
    }
}
