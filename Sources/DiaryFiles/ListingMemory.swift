import BuildSupport
import DiaryModel

/// What a listing of a folder tree (`FileStatus.list`) found in each of its folders, under the
/// folder's stamp (`FolderStamp`): while it holds, what is in the folder is what the memory says,
/// and the next listing looks at each file (whose size and time change without its folder's) but
/// need not read the folder. At 109,500 entries that is 10,950 day folders not opened and read.
/// A folder changed within `FolderStamp.settling` of a listing is not remembered by it; a later
/// listing reads it again, and remembers it then.
public struct ListingMemory: Equatable, Sendable, BinaryRecord {
    /// A file or folder directly in a folder, by its path relative to the listed folder.
    struct Item: Equatable, Sendable {
        var path: String
        var isFolder: Bool
    }

    struct Folder: Equatable, Sendable {
        var stamp: FolderStamp
        /// In path order, as a listing takes them.
        var items: [Item]
    }

    /// By the folder's path relative to the listed folder ("" for the listed folder itself).
    var folders: [String: Folder] = [:]

    public init() {}

    public var isEmpty: Bool { folders.isEmpty }

    /// Each folder's path and stamp, then its items.
    public func write(into writer: inout BinaryWriter) {
        writer.write(folders.count)
        for (path, folder) in folders {
            writer.write(path)
            writer.write(folder.stamp.inode)
            writer.write(folder.stamp.modified)
            writer.write(folder.items.count)
            for item in folder.items {
                writer.write(item.path)
                writer.write(item.isFolder)
            }
        }
    }

    /// The memory `write(into:)` wrote; nil when the bytes are damaged.
    public init?(reading reader: inout BinaryReader) {
        guard let count = reader.int(), count >= 0, count <= reader.remainingCount else { return nil }
        folders.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let inode = reader.uint64(), let modified = reader.int(),
                  let itemCount = reader.int(), itemCount >= 0, itemCount <= reader.remainingCount else { return nil }
            var items: [Item] = []
            items.reserveCapacity(itemCount)
            for _ in 0..<itemCount {
                guard let itemPath = reader.string(), let isFolder = reader.bool() else { return nil }
                items.append(Item(path: itemPath, isFolder: isFolder))
            }
            folders[path] = Folder(stamp: FolderStamp(inode: inode, modified: modified), items: items)
        }
    }
}
