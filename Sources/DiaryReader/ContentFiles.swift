import DiaryFiles
import DiaryModel
import Foundation

/// Every file under `Content/`, as paths relative to the diary root (`Content/2025/10/20/walk.md`),
/// listed once so that resolving an image asks a set instead of the disk.
public struct ContentFiles: Sendable {
    public static let folderName = "Content"

    public let paths: Set<String>
    /// Size and modification time by path, when the files were listed from disk.
    public let statuses: [String: FileStatus]

    /// A hash of the sorted paths: equal hashes mean the same files, whatever their contents.
    public let pathsHash: UInt64
    /// The entry files, sorted by path.
    public let entryPaths: [String]

    public init(paths: Set<String>, statuses: [String: FileStatus] = [:]) {
        self.init(paths: paths, statuses: statuses, sortedPaths: paths.sorted())
    }

    private init(paths: Set<String>, statuses: [String: FileStatus], sortedPaths: [String]) {
        self.paths = paths
        self.statuses = statuses
        var hasher = StableHasher()
        for path in sortedPaths { hasher.combine(path) }
        pathsHash = hasher.value
        entryPaths = sortedPaths.filter(Self.isEntryPath)
    }

    /// The same files without their sizes and times: for keeping the listing to resolve image
    /// references later, when those statuses may be outdated.
    public func withoutStatuses() -> ContentFiles {
        ContentFiles(paths: paths, pathsHash: pathsHash, entryPaths: entryPaths)
    }

    private init(paths: Set<String>, pathsHash: UInt64, entryPaths: [String]) {
        self.paths = paths
        statuses = [:]
        self.pathsHash = pathsHash
        self.entryPaths = entryPaths
    }

    /// Whether the file at `path` is an entry (Markdown), by its name.
    public static func isEntryPath(_ path: String) -> Bool {
        path.hasSuffix(".md") || path.hasSuffix(".markdown")
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
        var statuses: [String: FileStatus] = [:]
        statuses.reserveCapacity(files.count)
        let sortedPaths = files.map { Self.folderName + "/" + $0.path }
        for (path, file) in zip(sortedPaths, files) { statuses[path] = file }
        self.init(paths: Set(sortedPaths), statuses: statuses, sortedPaths: sortedPaths)
    }

    /// The file an image reference names, looked up next to the entry, then from `Content/`,
    /// or nil. A reference that climbs out of `Content/` never resolves.
    public func resolveImage(_ reference: String, fromEntryAt entryPath: String) -> String? {
        let entryFolder = entryPath.split(separator: "/").dropLast().joined(separator: "/")
        let candidates = reference.hasPrefix("/")
            ? [Self.folderName + reference]
            : [entryFolder + "/" + reference, Self.folderName + "/" + reference]
        for candidate in candidates {
            if let normalized = Self.normalize(candidate), normalized.hasPrefix(Self.folderName + "/"), paths.contains(normalized) {
                return normalized
            }
        }
        return nil
    }

    /// Resolves `.` and `..` in a relative path; nil when it climbs above its start.
    static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
