import BuildSupport
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
package struct FolderStamps: Equatable, CacheRecord {
    package static var file: BuildCache.File { .folderStamps }

    /// A hash of the folder's path relative to the output folder (`Manifest.Folder.key`) → its
    /// stamp. Two folders whose paths share a hash still differ in inode. Worked out from
    /// `complete` when the stamps are loaded, and empty beside a `complete` only to be saved.
    var byFolder: [UInt64: FolderStamp] = [:]
    /// When the check found every folder of the manifest whole: those folders, stamped or
    /// pending, so that the next check can look at them without reading the manifest.
    package var complete: CompleteFolders?

    /// The stamps saved for this cache's output folder; empty when there are none or they are damaged.
    package static func load(from cache: BuildCache) -> FolderStamps {
        guard var stamps = cache.read(FolderStamps.self) else { return FolderStamps() }
        if let complete = stamps.complete { stamps.byFolder = complete.byFolder() }
        return stamps
    }

    package func save(to cache: BuildCache) throws {
        try cache.write(self)
    }

    /// Whether the complete list follows; then it, else three numbers a folder. The stamps by
    /// folder of a complete list are its own, by its paths' hashes: not written twice, and read
    /// back empty (`load` works them out).
    package func write(into writer: inout BinaryWriter) {
        writer.write(complete != nil)
        if let complete {
            complete.write(into: &writer)
        } else {
            writer.write(byFolder.count)
            writer.reserveCapacity(byFolder.count * 24 + 9)
            for (key, stamp) in byFolder {
                writer.write(key)
                writer.write(stamp.inode)
                writer.write(stamp.modified)
            }
        }
    }

    package init?(reading reader: inout BinaryReader) {
        guard let hasComplete = reader.bool() else { return nil }
        if hasComplete {
            guard let complete = CompleteFolders(reading: &reader) else { return nil }
            self.complete = complete
            return
        }
        guard let count = reader.int(), count >= 0, count <= reader.remainingCount / 24 else { return nil }
        byFolder.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.uint64(), let inode = reader.uint64(), let modified = reader.int() else { return nil }
            byFolder[key] = FolderStamp(inode: inode, modified: modified)
        }
    }

    package init(byFolder: [UInt64: FolderStamp] = [:], complete: CompleteFolders? = nil) {
        self.byFolder = byFolder
        self.complete = complete
    }

    /// The saved list of every folder (`CompleteFolders`), as the folder holds it now, when it
    /// was taken against the manifest the cache holds now and every folder still holds its stamp
    /// or its pending files: then no file the last build wrote is gone, which this finds without
    /// reading the manifest (at 109,500 entries, 20 MB and 132,000 folder paths to work out).
    /// `changed` tells whether pending folders were stamped since it was saved. Nil otherwise.
    static func quickLook(of folder: OutputFolder, cache: BuildCache, settling: Int = FolderStamp.settling)
        -> (complete: CompleteFolders, changed: Bool)? {
        guard let complete = cache.read(FolderStamps.self)?.complete,
              complete.manifest == cache.identity(of: .manifest),
              let looked = complete.look(in: folder, settling: settling) else { return nil }
        return (looked, looked != complete)
    }
}
