import BuildSupport
import DiaryFiles
import DiaryModel
import DiaryReader
import Foundation
import SitePages
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a site is written into, and the rules that keep a diary safe from it:
/// never inside or around Content/ and Templates/, never the diary itself, and never emptied
/// unless Daybook made it (it carries the `.daybook-output` mark).
package struct OutputFolder {
    package static let marker = ".daybook-output"
    /// Where Daybook versions before the build cache moved to the diary kept their state:
    /// published with the site, so a build removes it.
    static let legacyStateFolder = ".daybook"

    package let url: URL
    /// A site in memory that stands in for the folder: the build writes its files there and
    /// reads them back from there (`OutputStore`); nil for the folder on disk.
    package let memory: MemoryOutput?

    package init(url: URL, memory: MemoryOutput? = nil) {
        self.url = url
        self.memory = memory
    }

    /// Where the build's files go: the memory that stands in for the folder, or the folder itself.
    package var store: any OutputStore { memory ?? DiskOutput(self) }

    /// Refuses an output folder that would touch the diary's own files (SPEC §5).
    package static func validate(_ output: URL, root: URL) throws {
        let outputPath = output.standardizedFileURL.resolvingSymlinksInPath().path
        let rootPath = root.standardizedFileURL.resolvingSymlinksInPath().path
        func isSame(_ a: String, _ b: String) -> Bool { a == b }
        func isInside(_ inner: String, _ outer: String) -> Bool { inner.hasPrefix(outer == "/" ? "/" : outer + "/") }
        if isSame(outputPath, rootPath) || isInside(rootPath, outputPath) {
            throw BuildError.refusedOutput("the output folder \(outputPath) is the diary folder or holds it; choose a folder such as Output/")
        }
        for protected in ["Content", "Templates"] {
            let path = root.appendingPathComponent(protected).standardizedFileURL.resolvingSymlinksInPath().path
            if isSame(outputPath, path) || isInside(outputPath, path) || isInside(path, outputPath) {
                throw BuildError.refusedOutput("the output folder \(outputPath) is, holds or is inside \(protected)/; Daybook never writes there")
            }
        }
    }

    /// Makes the folder ready to write into: creates and marks it, or checks that Daybook may
    /// write there. With `clean`, empties a marked folder first.
    package func prepare(clean: Bool) throws {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = fileManager.fileExists(atPath: url.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue {
            throw BuildError.refusedOutput("\(url.path) is a file, not a folder")
        }
        let marked = fileManager.fileExists(atPath: url.appendingPathComponent(Self.marker).path)
        if clean {
            guard exists else { return try create() }
            guard marked else {
                throw BuildError.refusedOutput("--clean empties only a folder Daybook made (it holds \(Self.marker)); \(url.path) does not, so nothing was deleted")
            }
            for name in try fileManager.contentsOfDirectory(atPath: url.path) where name != Self.marker {
                try fileManager.removeItem(at: url.appendingPathComponent(name))
            }
            return
        }
        if !exists { return try create() }
        if marked { return try removeLegacyState() }
        // A folder with only placeholders (.gitkeep) counts as empty; anything else may be someone's files.
        let names = try fileManager.contentsOfDirectory(atPath: url.path)
        guard names.allSatisfy({ $0.hasPrefix(".") && $0 != Self.legacyStateFolder }) else {
            throw BuildError.refusedOutput("\(url.path) already holds files Daybook did not write; choose an empty or new folder")
        }
        try create()
    }

    /// Removes the state an earlier Daybook kept in the output folder (entry texts, drafts,
    /// local paths): it must not be published with the site.
    private func removeLegacyState() throws {
        let legacy = url.appendingPathComponent(Self.legacyStateFolder)
        guard FileManager.default.fileExists(atPath: legacy.path) else { return }
        do {
            try FileManager.default.removeItem(at: legacy)
        } catch {
            throw BuildError.writeFailed(legacy.path, "cannot remove the state an earlier Daybook left there: \(error.localizedDescription)")
        }
    }

    private func create() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("This folder is written by Daybook. Its files are replaced on every build.\n".utf8)
            .write(to: url.appendingPathComponent(Self.marker))
    }

    /// What a check of the folder against the last build's manifest found.
    package struct Check {
        /// The files the manifest lists that are no longer in the folder.
        package var missing: Set<String>
        /// The folders as this check found them whole, for the next check (`FolderStamps`).
        package var stamps: FolderStamps
        /// How many files were looked at one by one (the others' folders had not changed).
        var filesLookedAt: Int
    }

    /// Which of the files `manifest` lists are no longer in the folder; nil when the folder
    /// cannot be opened. On a nothing-changed build of a large diary these tens of thousands of
    /// lookups are most of the work: each folder is looked at first, and only the files of a
    /// folder that changed since its stamp in `saved` are looked at one by one. `now` and
    /// `settling` (nanoseconds) decide which folders have been still long enough to be stamped.
    /// `onEveryCore` false looks on this thread only, for a check done beside other work.
    package func check(_ manifest: Manifest, stamps saved: FolderStamps, now: Int = Self.now(),
               settling: Int = FolderStamp.settling, onEveryCore: Bool = true) -> Check? {
        let base = open(url.path, O_RDONLY | O_DIRECTORY)
        guard base >= 0 else { return nil }
        defer { close(base) }
        let (folders, folderOfLine) = manifest.folders()
        // Every folder before any file: a file removed after its folder was looked at leaves the
        // folder with a newer time than the stamp taken here.
        // Each folder is compared with its saved stamp where it is looked at, on every core.
        let looks = ParallelMap.map(folders, chunkSize: 256, onEveryCore: onEveryCore) { folder -> (stamp: FolderStamp?, unchanged: Bool) in
            let stamp = folder.path.isEmpty ? FolderStamp.of(".", in: base)
                : manifest.withCString(folder.path) { FolderStamp.of($0, in: base) } ?? nil
            return (stamp, stamp != nil && folder.key != 0 && stamp == saved.byFolder[folder.key])
        }
        let unchanged = looks.map(\.unchanged)
        // A changed folder with many files (the search index's, which every edit writes into) is
        // listed once rather than asked for each file; a folder that cannot be listed is asked file by file.
        var filesToLookAt = [Int](repeating: 0, count: folders.count)
        for folder in folderOfLine where !unchanged[folder] { filesToLookAt[folder] += 1 }
        let listed = folders.indices.filter { filesToLookAt[$0] >= Self.filesWorthAListing }
        let listings = ParallelMap.map(listed, chunkSize: 1, onEveryCore: onEveryCore) { position -> Set<String>? in
            folders[position].path.isEmpty ? LocalFiles.names(inFolderAt: ".", relativeTo: base)
                : manifest.withCString(folders[position].path) { LocalFiles.names(inFolderAt: $0, relativeTo: base) } ?? nil
        }
        var listingOfFolder = [Set<String>?](repeating: nil, count: folders.count)
        for (position, listing) in zip(listed, listings) { listingOfFolder[position] = listing }
        let missingLines = manifest.missingLines(onEveryCore: onEveryCore, exists: { [listingOfFolder] line, path in
            if let listing = listingOfFolder[folderOfLine[line]] {
                let name = strrchr(path, Int32(UInt8(ascii: "/"))).map { UnsafePointer($0 + 1) } ?? path
                return listing.contains(String(cString: name))
            }
            var info = stat()
            return fstatat(base, path, &info, 0) == 0
        }, skipping: { unchanged[folderOfLine[$0]] })
        let looked = folderOfLine.reduce(0) { $0 + (unchanged[$1] ? 0 : 1) }
        let missing = Set(missingLines.map(manifest.path(ofLine:)))
        // Every folder as its saved stamp says, no other stamp saved, and the saved stamps already
        // complete for this manifest (a nothing-changed build): they stay as they are, and are the
        // same object to compare.
        if looked == 0, missing.isEmpty, saved.byFolder.count == unchanged.reduce(0, { $0 + ($1 ? 1 : 0) }),
           saved.complete?.manifest == manifest.identity {
            return Check(missing: missing, stamps: saved, filesLookedAt: 0)
        }
        let foldersWithGaps = Set(missingLines.map { folderOfLine[$0] })
        let stamped = folders.indices.map { position -> FolderStamp? in
            guard folders[position].key != 0, let stamp = looks[position].stamp, stamp.modified < now - settling,
                  !foldersWithGaps.contains(position) else { return nil }
            return stamp
        }
        var stamps = FolderStamps()
        stamps.byFolder.reserveCapacity(folders.count)
        for (folder, stamp) in zip(folders, stamped) where stamp != nil { stamps.byFolder[folder.key] = stamp }
        stamps.complete = manifest.completeFolders(folders, ofLine: folderOfLine, stamps: stamped)
        return Check(missing: missing, stamps: stamps, filesLookedAt: looked)
    }

    /// From how many files to look at a folder is listed instead.
    static let filesWorthAListing = 16

    /// The time now in nanoseconds since 1970, as file times are given.
    package static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
