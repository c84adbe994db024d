import DiaryFiles
import DiaryModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder's folders as a check for missing files last found them whole, each under
/// its stamp (`FolderStamp`): while a folder's stamp still holds, every file the check found in
/// it is still there and needs no look of its own. An entry page is alone in its folder, but
/// the day folders, the search index's and the root share theirs: at 10,950 entries the
/// output's 22,932 files lie in 13,313 folders. A folder changed within `FolderStamp.settling`
/// of the check is not stamped; the next check looks at its files one by one, and stamps it then.
struct FolderStamps: Equatable {
    /// A hash of the folder's path relative to the output folder (`Manifest.Folder.key`) → its
    /// stamp. Two folders whose paths share a hash still differ in inode.
    var byFolder: [UInt64: FolderStamp] = [:]
    /// When the check found every folder of the manifest whole and stamped them all: those
    /// folders in order, so that the next check can look at them without reading the manifest.
    var complete: CompleteFolders?

    /// The stamps saved for this cache's output folder; empty when there are none or they are damaged.
    static func load(from cache: BuildCache) -> FolderStamps {
        guard let bytes = cache.read(.folderStamps) else { return FolderStamps() }
        var reader = BinaryReader(bytes)
        guard let hasComplete = reader.bool() else { return FolderStamps() }
        if hasComplete {
            guard let complete = CompleteFolders(reading: &reader) else { return FolderStamps() }
            return FolderStamps(byFolder: complete.byFolder(), complete: complete)
        }
        guard let count = reader.int(), count >= 0, count <= bytes.count else { return FolderStamps() }
        var stamps = FolderStamps()
        stamps.byFolder.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.int(), let inode = reader.int(), let modified = reader.int() else { return FolderStamps() }
            stamps.byFolder[UInt64(bitPattern: Int64(key))] = FolderStamp(inode: UInt64(bitPattern: Int64(inode)), modified: modified)
        }
        return reader.isAtEnd ? stamps : FolderStamps()
    }

    func save(to cache: BuildCache) throws {
        var writer = BinaryWriter()
        writer.write(complete != nil)
        if let complete {
            // The stamps by folder are the complete list's, by its paths' hashes.
            complete.write(into: &writer)
        } else {
            writer.write(byFolder.count)
            writer.reserveCapacity(byFolder.count * 24 + 9)
            for (key, stamp) in byFolder {
                writer.write(Int(Int64(bitPattern: key)))
                writer.write(Int(Int64(bitPattern: stamp.inode)))
                writer.write(stamp.modified)
            }
        }
        try cache.write(.folderStamps, writer.bytes)
    }

    /// How many files the last build wrote, when the saved stamps are complete, were taken
    /// against the manifest the cache holds now, and every folder still holds its stamp: then no
    /// file the last build wrote is gone, which this finds without reading the manifest (at
    /// 109,500 entries, 20 MB and 132,000 folder paths to work out). Nil otherwise.
    static func unchangedFileCount(of folder: OutputFolder, cache: BuildCache) -> Int? {
        guard let bytes = cache.read(.folderStamps) else { return nil }
        var reader = BinaryReader(bytes)
        guard reader.bool() == true, let complete = CompleteFolders(reading: &reader),
              complete.manifest == cache.identity(of: .manifest) else { return nil }
        return complete.allHold(in: folder) ? complete.fileCount : nil
    }
}

/// Every folder of a manifest, found whole and stamped, in the manifest's order (`FolderStamps.complete`).
struct CompleteFolders: Equatable {
    /// The manifest file the folders are of, and how many files it lists.
    var manifest: FileIdentity
    var fileCount: Int
    /// Each folder's path (relative to the output folder, "" for itself), NUL-terminated, one
    /// after the other; `starts[n]` is where the `n`th begins.
    private var paths: [UInt8] = []
    private var starts: [Int] = []
    private var stamps: [FolderStamp] = []

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

    /// Whether every folder still holds its stamp, looked at on every core.
    func allHold(in folder: OutputFolder) -> Bool {
        let base = open(folder.url.path, O_RDONLY | O_DIRECTORY)
        guard base >= 0 else { return false }
        defer { close(base) }
        let chunks = stride(from: 0, to: count, by: 1024).map { $0..<min(count, $0 + 1024) }
        let holds = paths.withUnsafeBufferPointer { names in
            ParallelMap.map(chunks, chunkSize: 1) { chunk in
                chunk.allSatisfy { position in
                    let path = UnsafeRawPointer(names.baseAddress! + starts[position]).assumingMemoryBound(to: CChar.self)
                    return (path.pointee == 0 ? FolderStamp.of(".", in: base) : FolderStamp.of(path, in: base)) == stamps[position]
                }
            }
        }
        return !holds.contains(false)
    }

    /// The stamps by the hash of each folder's path, as `Manifest.folders` keys them.
    func byFolder() -> [UInt64: FolderStamp] {
        var byFolder = [UInt64: FolderStamp](minimumCapacity: count)
        paths.withUnsafeBytes { buffer in
            for position in 0..<count {
                // Up to the path's NUL: where the next begins, less one.
                let end = position + 1 < count ? starts[position + 1] - 1 : paths.count - 1
                var hasher = StableHasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[starts[position]..<end]))
                byFolder[hasher.value] = stamps[position]
            }
        }
        return byFolder
    }

    /// The paths, then each folder's stamp; where each path starts is where the last one's NUL ends.
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
    }

    /// Reads what `write(into:)` wrote, to the reader's end; nil when it is damaged.
    init?(reading reader: inout BinaryReader) {
        guard let inode = reader.int(), let size = reader.int(), let modified = reader.int(), let fileCount = reader.int(),
              let count = reader.int(), count >= 0, let paths = reader.rawBytes(), paths.last == 0 || paths.isEmpty else { return nil }
        self.init(manifest: FileIdentity(inode: UInt64(bitPattern: Int64(inode)), size: size, modified: modified), fileCount: fileCount)
        self.paths = paths
        starts = paths.isEmpty ? [] : [0] + paths.indices.filter { paths[$0] == 0 }.dropLast().map { $0 + 1 }
        guard starts.count == count else { return nil }
        stamps.reserveCapacity(count)
        for _ in 0..<count {
            guard let inode = reader.int(), let modified = reader.int() else { return nil }
            stamps.append(FolderStamp(inode: UInt64(bitPattern: Int64(inode)), modified: modified))
        }
        guard reader.isAtEnd else { return nil }
    }
}
