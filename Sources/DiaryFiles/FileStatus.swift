import BuildSupport
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
    public static func list(_ folder: String) -> [FileStatus]? {
        list(folder, remembering: nil).files
    }

    /// A listing of a folder tree, and what it remembers of the tree's folders for the next one.
    public struct Listing: Sendable {
        /// Sorted by path; nil when the folder cannot be read.
        public var files: [FileStatus]?
        /// Every folder found settled (`ListingMemory`); empty when none was asked for.
        public var memory = ListingMemory()
        /// Whether `memory` differs from the memory the listing was given.
        public var memoryChanged = false
        /// How many folders were read (rather than taken from the memory).
        public var foldersRead = 0
        /// Whether `memory` holds every folder of the tree: none could not be read, and none
        /// changed too recently to be remembered (`TreeSnapshot` needs them all).
        public var rememberedEveryFolder = false
    }

    /// Every file below `folder`, as `list(_:)`. With `remembering` (the memory of the last listing of
    /// the same folder, and the time before which a folder must have last changed to be remembered,
    /// in nanoseconds since 1970), a folder whose stamp the memory holds is not read again, and the
    /// listing remembers the folders it found settled.
    ///
    /// A stat is a system call per file, which costs more than everything else a nothing-changed
    /// build does, so the folders two levels down (a diary's months) are listed on every core.
    public static func list(_ folder: String, remembering: (memory: ListingMemory, settledBefore: Int)?) -> Listing {
        // A folder that cannot be read lists nothing, and forgets what it remembered.
        let unreadable = Listing(files: nil, memoryChanged: !(remembering?.memory.isEmpty ?? true))
        let top = open(folder, O_RDONLY | O_DIRECTORY)
        guard top >= 0 else { return unreadable }
        defer { close(top) }
        let lister = TreeLister(top: top, memory: remembering?.memory, settledBefore: remembering?.settledBefore)
        guard let root = lister.listing(of: "") else { return unreadable }
        var found = TreeLister.Found()
        found.add(root)
        // Each folder's files and folders are taken in path order, so the whole listing comes out in
        // path order without sorting tens of thousands of paths (whose shared beginnings make each
        // comparison long).
        var levelOne: [[FolderListing.Item]] = []
        var pending: [String] = []
        for item in root.items {
            guard case .folder(let path) = item else {
                levelOne.append([item])
                continue
            }
            // A folder that cannot be read lists nothing, as below it.
            guard let listing = lister.listing(of: path) else {
                found.unreadable += 1
                continue
            }
            found.add(listing)
            levelOne.append(listing.items)
            for case .folder(let path) in listing.items { pending.append(path) }
        }
        var trees = ParallelMap.map(pending, chunkSize: 1, { lister.tree(of: $0) }).makeIterator()
        var files: [FileStatus] = []
        for items in levelOne {
            for item in items {
                switch item {
                case .file(let file): files.append(file)
                case .folder:
                    guard let tree = trees.next() else { continue }
                    files += tree.files
                    found.merge(tree)
                }
            }
        }
        var listing = Listing(files: files, foldersRead: found.foldersRead)
        if let remembering {
            listing.memory.folders = found.remembered
            // Every folder remembered was remembered before, and nothing else was: the memory is as it was.
            listing.memoryChanged = found.newlyRemembered > 0 || found.reused != remembering.memory.folders.count
            listing.rememberedEveryFolder = found.unreadable == 0 && found.newlyRemembered == found.foldersRead
        }
        // Path order as `String` compares paths; should a name ever compare otherwise than its path, a sort puts it right.
        for position in files.indices.dropFirst() where !(files[position - 1].path < files[position].path) {
            listing.files = files.sorted { $0.path < $1.path }
            break
        }
        return listing
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

/// Lists the folders of one tree, relative to the tree's open folder, with the memory of the
/// last listing (`ListingMemory`).
private struct TreeLister: @unchecked Sendable {
    let top: Int32
    let memory: ListingMemory?
    /// Folders last changed before this (nanoseconds since 1970) are remembered; nil: none is.
    let settledBefore: Int?

    /// What the listing found below one folder.
    struct Found {
        var files: [FileStatus] = []
        var remembered: [String: ListingMemory.Folder] = [:]
        var foldersRead = 0
        /// Folders taken from the memory, and folders read and remembered.
        var reused = 0
        var newlyRemembered = 0
        /// Folders that could not be read.
        var unreadable = 0

        mutating func add(_ listing: FolderListing) {
            if listing.wasRead { foldersRead += 1 }
            guard let remembered = listing.remembered else { return }
            self.remembered[listing.path] = remembered
            if listing.wasRead { newlyRemembered += 1 } else { reused += 1 }
        }

        mutating func merge(_ other: Found) {
            remembered.merge(other.remembered) { own, _ in own }
            foldersRead += other.foldersRead
            reused += other.reused
            newlyRemembered += other.newlyRemembered
            unreadable += other.unreadable
        }
    }

    func listing(of path: String) -> FolderListing? {
        FolderListing(top: top, path: path, memory: memory?.folders[path], settledBefore: settledBefore)
    }

    /// The files below the folder at `path`, in path order.
    func tree(of path: String) -> Found {
        var found = Found()
        collect(path, into: &found)
        return found
    }

    private func collect(_ path: String, into found: inout Found) {
        guard let listing = listing(of: path) else {
            found.unreadable += 1
            return
        }
        found.add(listing)
        for item in listing.items {
            switch item {
            case .file(let file): found.files.append(file)
            case .folder(let path): collect(path, into: &found)
            }
        }
    }
}

/// The visible files and subfolders directly in one folder, in path order: by name, a folder's
/// name followed by the "/" its paths go on with ("a/x" comes after "a.md", "a" before both).
private struct FolderListing {
    /// Relative to the tree's folder ("" for that folder).
    let path: String
    var items: [Item] = []
    /// What a next listing may take for the folder; nil when it changed too recently, or nothing is remembered.
    var remembered: ListingMemory.Folder?
    /// Whether the folder was read, rather than taken from the memory.
    var wasRead = false

    enum Item {
        case file(FileStatus)
        /// A folder's path relative to the tree's folder.
        case folder(String)
    }

    /// `top` is the tree's open folder; `memory` what the last listing found in this folder.
    init?(top: Int32, path: String, memory: ListingMemory.Folder?, settledBefore: Int?) {
        self.path = path
        let prefix = path.isEmpty ? "" : path + "/"
        var info = stat()
        // The stamp is taken before the folder is read: a change while it is read gives the folder a newer one.
        guard fstatat(top, path.isEmpty ? "." : path, &info, 0) == 0, let stamp = FolderStamp(info) else { return nil }
        if let memory, memory.stamp == stamp {
            // Nothing was added, removed or renamed in it: only its files' sizes and times can differ.
            for item in memory.items {
                if item.isFolder {
                    items.append(.folder(item.path))
                } else if fstatat(top, item.path, &info, 0) == 0 {
                    items.append((info.st_mode & S_IFMT) == S_IFDIR ? .folder(item.path)
                        : .file(FileStatus(path: item.path, size: Int(info.st_size), modified: FileStatus.modificationTime(info))))
                }
            }
            remembered = memory
            return
        }
        let descriptor = openat(top, path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0, let directory = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        defer { closedir(directory) }
        wasRead = true
        var files: [FileStatus] = []
        var folders: [String] = []
        while let item = readdir(directory) {
            let listed = ListedName(item)
            let isFolder: Bool? = listed.isFolder ? true : nil
            let cName = listed.name
            guard cName[0] != CChar(UInt8(ascii: ".")) else { continue }
            // Symbolic links are followed, as `stat` does; a folder needs no stat of its own.
            if isFolder == nil, fstatat(descriptor, cName, &info, 0) != 0 { continue }
            let name = String(cString: cName)
            if isFolder == true || (info.st_mode & S_IFMT) == S_IFDIR {
                folders.append(prefix + name)
            } else {
                files.append(FileStatus(path: prefix + name, size: Int(info.st_size), modified: FileStatus.modificationTime(info)))
            }
        }
        // A folder's paths go on with "/": it is ordered by that prefix.
        let keyed = files.map { (key: $0.path, item: Item.file($0)) } + folders.map { (key: $0 + "/", item: Item.folder($0)) }
        items = keyed.sorted { $0.key < $1.key }.map(\.item)
        if let settledBefore, stamp.modified < settledBefore {
            remembered = ListingMemory.Folder(stamp: stamp, items: items.map { item in
                switch item {
                case .file(let file): return ListingMemory.Item(path: file.path, isFolder: false)
                case .folder(let path): return ListingMemory.Item(path: path, isFolder: true)
                }
            })
        }
    }
}
