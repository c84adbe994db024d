import BuildSupport
import DiaryFiles
import DiaryModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of the files directly in a folder (its subfolders left out), as an order-free
/// digest: equal digests mean the same names. Read from a folder without making a string of
/// each name: the search index's chunk folder, which every edit writes into, holds 36,500.
package struct FileNames: Equatable {
    package var count: Int
    /// The sum of the names' hashes (`StableHasher`), wrapping.
    package var sum: UInt64

    package init(count: Int = 0, sum: UInt64 = 0) {
        self.count = count
        self.sum = sum
    }

    package init<Names: Sequence>(_ names: Names) where Names.Element == String {
        self.init()
        for name in names { add(name) }
    }

    /// The names in the folder at `path` (relative to the open folder `base`) but `skipping`;
    /// nil when it cannot be read. A name the listing does not say is a folder's counts as a file's.
    package init?(folderAt path: UnsafePointer<CChar>, relativeTo base: Int32, skipping: String? = nil) {
        var names = FileNames()
        let listed = LocalFiles.forEachName(inFolderAt: path, relativeTo: base) { listed in
            let name = listed.name
            guard !listed.isFolder, skipping.map({ strcmp(name, $0) != 0 }) ?? true else { return }
            names.add(bytes: UnsafeRawBufferPointer(start: name, count: strlen(name)))
        }
        guard listed else { return nil }
        self = names
    }

    package mutating func add(_ name: String) {
        count += 1
        sum &+= StableHasher.hash(name)
    }

    /// Adds the name whose UTF-8 bytes are `bytes` (hashed as the same name's string is).
    package mutating func add(bytes: UnsafeRawBufferPointer) {
        count += 1
        sum &+= StableHasher.hash(bytes: bytes)
    }

    package mutating func add(_ other: FileNames) {
        count += other.count
        sum &+= other.sum
    }

    /// Takes away names these hold.
    package mutating func remove(_ other: FileNames) {
        count -= other.count
        sum &-= other.sum
    }
}
