import BuildSupport
import DiaryFiles
import DiaryModel
import Foundation

/// Every file under `Content/`, as paths relative to the diary root (`Content/2025/10/20/walk.md`),
/// listed once so that resolving an image asks a set instead of the disk.
public struct ContentFiles: Sendable {
    public static let folderName = "Content"

    /// Every file's path, in path order (as `String` compares): looked up by halving.
    private let sortedPaths: [String]
    /// Size and modification time of each entry file (of `entryPaths[n]`, `entryStatuses[n]`), when
    /// the files were listed from disk; empty otherwise.
    public let entryStatuses: [FileStatus]

    /// A hash of the sorted paths: equal hashes mean the same files, whatever their contents.
    public let pathsHash: UInt64
    /// The entry files, sorted by path.
    public let entryPaths: [String]

    public init<Paths: Sequence>(paths: Paths) where Paths.Element == String {
        self.init(sortedPaths: paths.sorted(), statuses: [])
    }

    /// `statuses`: of every file at `sortedPaths`, or none.
    private init(sortedPaths: [String], statuses: [FileStatus]) {
        self.sortedPaths = sortedPaths
        var hasher = StableHasher()
        for path in sortedPaths { hasher.combine(path) }
        pathsHash = hasher.value
        let entries = sortedPaths.indices.filter { Self.isEntryPath(sortedPaths[$0]) }
        entryPaths = entries.map { sortedPaths[$0] }
        entryStatuses = statuses.isEmpty ? [] : entries.map { statuses[$0] }
    }

    /// The same files without their sizes and times: for keeping the listing to resolve image
    /// references later, when those statuses may be outdated.
    public func withoutStatuses() -> ContentFiles {
        ContentFiles(sortedPaths: sortedPaths, pathsHash: pathsHash, entryPaths: entryPaths)
    }

    private init(sortedPaths: [String], pathsHash: UInt64, entryPaths: [String]) {
        self.sortedPaths = sortedPaths
        entryStatuses = []
        self.pathsHash = pathsHash
        self.entryPaths = entryPaths
    }

    /// Whether a file is at `path` (relative to the diary root).
    public func contains(_ path: String) -> Bool {
        let position = sortedPaths.partitioningIndex { $0 >= path }
        return position < sortedPaths.count && sortedPaths[position] == path
    }

    /// Whether the file at `path` is an entry (Markdown), by its name.
    public static func isEntryPath(_ path: String) -> Bool {
        // The extension's bytes, as the file system names them.
        path.hasUTF8Suffix(".md") || path.hasUTF8Suffix(".markdown")
    }

    /// Lists `Content/` under `root`, skipping hidden files and folders.
    public static func list(root: URL) throws -> ContentFiles {
        let folder = root.appendingPathComponent(folderName, isDirectory: true).resolvingSymlinksInPath().path
        guard let files = FileStatus.list(folder) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder])
        }
        return ContentFiles(listing: files)
    }

    /// The files of a listing of `Content/` (paths relative to it, sorted as `FileStatus.list` sorts them).
    public init(listing files: [FileStatus]) {
        self.init(sortedPaths: files.map { Self.underFolder($0.path) }, statuses: files)
    }

    /// `Content/` and `path`, written once into a string of its final size: adding the two made
    /// an intermediate string, a third of listing 109,500 files.
    private static func underFolder(_ path: String) -> String {
        var path = path
        return path.withUTF8 { name in
            String(unsafeUninitializedCapacity: folderPrefix.count + name.count) { buffer in
                let end = buffer.initialize(fromContentsOf: folderPrefix)
                return buffer[end...].initialize(fromContentsOf: name)
            }
        }
    }

    private static let folderPrefix = Array((folderName + "/").utf8)

    /// The file an image reference names, looked up next to the entry, then from `Content/`,
    /// or nil. A reference that climbs out of `Content/` never resolves.
    public func resolveImage(_ reference: String, fromEntryAt entryPath: String) -> String? {
        let entryFolder = entryPath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(entryPath[..<$0]) } ?? ""
        let candidates = reference.hasPrefix("/")
            ? [Self.folderName + reference]
            : [entryFolder + "/" + reference, Self.folderName + "/" + reference]
        for candidate in candidates {
            if let normalized = Self.normalize(candidate), normalized.hasPrefix(Self.folderName + "/"), contains(normalized) {
                return normalized
            }
        }
        return nil
    }

    /// Resolves `.` and `..` in a relative path; nil when it climbs above its start. Works on the
    /// path's bytes, as the file system does (and ten times faster than on its characters).
    static func normalize(_ path: String) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var parts: [ArraySlice<UInt8>] = []
        for part in Array(path.utf8).split(separator: slash) {
            if part.elementsEqual([dot]) { continue }
            if part.elementsEqual([dot, dot]) {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return String(decoding: Array(parts.joined(separator: [slash])), as: UTF8.self)
    }
}
