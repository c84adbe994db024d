import DiaryModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Name, size and modification time of files, read with plain POSIX calls (fast for the
/// tens of thousands of files a diary and its site hold).
public struct FileStatus: Equatable, Sendable {
    /// Relative to the folder listed (or as given to `of`).
    public var path: String
    public var size: Int
    /// Nanoseconds since 1970.
    public var modified: Int

    /// Every file below `folder` (hidden ones skipped), sorted by path; nil when it cannot be read.
    ///
    /// A stat is a system call per file, which costs more than everything else a nothing-changed
    /// build does, so the folders two levels down (a diary's months) are listed on every core,
    /// and each file is looked up by its name in an open folder rather than by its whole path.
    public static func list(_ folder: String) -> [FileStatus]? {
        guard let top = FolderListing(folder, prefix: "") else { return nil }
        // Each folder's files and folders are taken in path order, so the whole listing comes out in
        // path order without sorting tens of thousands of paths (whose shared beginnings make each
        // comparison long).
        var levelOne: [[FolderListing.Item]] = []
        var pending: [(path: String, prefix: String)] = []
        for item in top.inPathOrder() {
            guard case .folder(let path, let prefix) = item else {
                levelOne.append([item])
                continue
            }
            // A folder that cannot be read lists nothing, as below it.
            guard let listing = FolderListing(path, prefix: prefix) else { continue }
            let items = listing.inPathOrder()
            levelOne.append(items)
            for case .folder(let path, let prefix) in items { pending.append((path, prefix)) }
        }
        var trees = ParallelMap.map(pending, chunkSize: 1, { listTree($0.path, prefix: $0.prefix) }).makeIterator()
        var found: [FileStatus] = []
        for items in levelOne {
            for item in items {
                switch item {
                case .file(let file): found.append(file)
                case .folder: found += trees.next() ?? []
                }
            }
        }
        // Path order as `String` compares paths; should a name ever compare otherwise than its path, a sort puts it right.
        for position in found.indices.dropFirst() where !(found[position - 1].path < found[position].path) {
            return found.sorted { $0.path < $1.path }
        }
        return found
    }

    /// `listing` (of `folder`, as `list` made it) brought up to date for the files and folders at
    /// `changed` (relative to `folder`), which alone may have changed since: each is looked at
    /// again, a folder with everything in it.
    public static func updating(_ listing: [FileStatus], folder: String, changed: [String]) -> [FileStatus] {
        var files = listing
        for path in Set(changed).sorted() {
            // What the listing had at `path` or below it goes; what is there now comes back. In
            // path order, `path` itself comes first of the paths it begins, and what is below it
            // (`path/…`) in one run.
            let inside = path + "/"
            let exact = files.partitioningIndex { $0.path >= path }
            if exact < files.count, files[exact].path == path { files.remove(at: exact) }
            let below = files.partitioningIndex { $0.path >= inside }
            var end = below
            while end < files.count, files[end].path.hasPrefix(inside) { end += 1 }
            files.removeSubrange(below..<end)
            var info = stat()
            let isHidden = path.split(separator: "/").contains { $0.hasPrefix(".") }
            guard !isHidden, stat(folder + "/" + path, &info) == 0 else { continue }
            let found = (info.st_mode & S_IFMT) == S_IFDIR
                ? (list(folder + "/" + path) ?? []).map { FileStatus(path: inside + $0.path, size: $0.size, modified: $0.modified) }
                : [FileStatus(path: path, size: Int(info.st_size), modified: modificationTime(info))]
            for file in found {
                files.insert(file, at: files.partitioningIndex { $0.path >= file.path })
            }
        }
        return files
    }

    /// Whether `updated` (`updating(listing, folder:, changed:)`) lists the same paths as
    /// `listing`: only sizes and times may differ. Looks only at the `changed` paths and what
    /// is below them, since nothing else can differ.
    public static func haveSamePaths(_ listing: [FileStatus], _ updated: [FileStatus], changed: [String]) -> Bool {
        guard listing.count == updated.count else { return false }
        for path in Set(changed) {
            // Every path with `path` as its prefix sorts in one run, starting where `path` would.
            var position = updated.partitioningIndex { $0.path >= path }
            while position < updated.count, updated[position].path.hasPrefix(path) {
                let found = updated[position].path
                if found == path || found.hasPrefix(path + "/") {
                    let old = listing.partitioningIndex { $0.path >= found }
                    guard old < listing.count, listing[old].path == found else { return false }
                }
                position += 1
            }
        }
        return true
    }

    public static func of(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(path: path, size: Int(info.st_size), modified: modificationTime(info))
    }

    public init(path: String, size: Int, modified: Int) {
        self.path = path
        self.size = size
        self.modified = modified
    }

    /// The modification time in a `stat` result, in nanoseconds since 1970 (the one place that
    /// knows how each system names it).
    public static func modificationTime(_ info: stat) -> Int {
        #if canImport(Darwin)
        return Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
        return Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
    }

    /// The files below `folder`, in path order.
    private static func listTree(_ folder: String, prefix: String) -> [FileStatus] {
        guard let listing = FolderListing(folder, prefix: prefix) else { return [] }
        var found: [FileStatus] = []
        for item in listing.inPathOrder() {
            switch item {
            case .file(let file): found.append(file)
            case .folder(let path, let prefix): found += listTree(path, prefix: prefix)
            }
        }
        return found
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, for an array in which every element
    /// that does comes after every element that does not.
    public func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// The visible files and subfolders directly in one folder.
private struct FolderListing {
    var files: [FileStatus] = []
    var folders: [(path: String, prefix: String)] = []

    enum Item {
        case file(FileStatus)
        case folder(path: String, prefix: String)
    }

    /// The files and folders in the order of the paths in and below them: by name, a folder's
    /// name followed by the "/" its paths go on with ("a/x" comes after "a.md", "a" before both).
    func inPathOrder() -> [Item] {
        let items = files.map { (key: $0.path, item: Item.file($0)) } + folders.map { (key: $0.prefix, item: Item.folder(path: $0.path, prefix: $0.prefix)) }
        return items.sorted { $0.key < $1.key }.map(\.item)
    }

    init?(_ folder: String, prefix: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0, let directory = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        defer { closedir(directory) }
        while let item = readdir(directory) {
            let isFolder: Bool? = item.pointee.d_type == DT_DIR ? true : nil
            var info = stat()
            let name = withUnsafePointer(to: item.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { name -> String? in
                    guard name[0] != CChar(UInt8(ascii: ".")) else { return nil }
                    // Symbolic links are followed, as `stat` does; a folder needs no stat of its own.
                    if isFolder == nil, fstatat(descriptor, name, &info, 0) != 0 { return nil }
                    return String(cString: name)
                }
            }
            guard let name else { continue }
            if isFolder == true || (info.st_mode & S_IFMT) == S_IFDIR {
                folders.append((folder + "/" + name, prefix + name + "/"))
            } else {
                files.append(FileStatus(path: prefix + name, size: Int(info.st_size), modified: FileStatus.modificationTime(info)))
            }
        }
    }
}
