import DiaryFiles
import DiaryModel
import Foundation

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

    /// The stamps saved for this cache's output folder; empty when there are none or they are damaged.
    static func load(from cache: BuildCache) -> FolderStamps {
        guard let bytes = cache.read(.folderStamps) else { return FolderStamps() }
        var reader = BinaryReader(bytes)
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
        writer.write(byFolder.count)
        writer.reserveCapacity(byFolder.count * 24 + 8)
        for (key, stamp) in byFolder {
            writer.write(Int(Int64(bitPattern: key)))
            writer.write(Int(Int64(bitPattern: stamp.inode)))
            writer.write(stamp.modified)
        }
        try cache.write(.folderStamps, writer.bytes)
    }
}
