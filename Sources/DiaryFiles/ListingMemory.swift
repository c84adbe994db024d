import DiaryModel

/// What a listing of a folder tree (`FileStatus.list`) found in each of its folders, under the
/// folder's inode and modification time. Adding, removing or renaming anything in a folder gives
/// it a new modification time, so while a folder's stamp holds, what is in it is what the memory
/// says: the next listing looks at each file (whose size and time change without its folder's)
/// but need not read the folder. At 109,500 entries that is 10,950 day folders not opened and read.
///
/// File times come from a coarse clock: a change in the same tick as the reading would leave
/// the folder's time as it was. A folder changed within `settling` of a listing is therefore
/// not remembered by it; a later listing reads it again, and remembers it then.
public struct ListingMemory: Equatable, Sendable {
    public struct Stamp: Equatable, Sendable {
        var inode: UInt64
        /// Nanoseconds since 1970.
        var modified: Int
    }

    /// A file or folder directly in a folder, by its path relative to the listed folder.
    struct Item: Equatable, Sendable {
        var path: String
        var isFolder: Bool
    }

    struct Folder: Equatable, Sendable {
        var stamp: Stamp
        /// In path order, as a listing takes them.
        var items: [Item]
    }

    /// By the folder's path relative to the listed folder ("" for the listed folder itself).
    var folders: [String: Folder] = [:]

    /// How long after a folder's last change a listing may remember it, in nanoseconds.
    public static let settling = 2_000_000_000

    public init() {}

    public var isEmpty: Bool { folders.isEmpty }

    /// The memory `encoded` wrote; nil when the bytes are damaged.
    public init?(decoding bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard let count = reader.int(), count >= 0, count <= bytes.count else { return nil }
        folders.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let inode = reader.int(), let modified = reader.int(),
                  let itemCount = reader.int(), itemCount >= 0, itemCount <= bytes.count else { return nil }
            var items: [Item] = []
            items.reserveCapacity(itemCount)
            for _ in 0..<itemCount {
                guard let itemPath = reader.string(), let isFolder = reader.bool() else { return nil }
                items.append(Item(path: itemPath, isFolder: isFolder))
            }
            folders[path] = Folder(stamp: Stamp(inode: UInt64(bitPattern: Int64(inode)), modified: modified), items: items)
        }
        guard reader.isAtEnd else { return nil }
    }

    public func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(folders.count)
        for (path, folder) in folders {
            writer.write(path)
            writer.write(Int(Int64(bitPattern: folder.stamp.inode)))
            writer.write(folder.stamp.modified)
            writer.write(folder.items.count)
            for item in folder.items {
                writer.write(item.path)
                writer.write(item.isFolder)
            }
        }
        return writer.bytes
    }
}
