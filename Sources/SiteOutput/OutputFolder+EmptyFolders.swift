import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFolder {
    /// Removes every empty folder below the output folder (never itself, nor anything under a
    /// name starting with a dot, such as `.git`), deepest first, so that a folder left holding
    /// only empty ones goes too. Returns their paths, relative to the folder.
    ///
    /// A build removes the folders of the files it deletes as it deletes them; this is for the
    /// folders no list names: those a build stopped midway (`kill -9`, a full disk) made before
    /// it could write their files. Such a build leaves no manifest, so only a build that finds
    /// none walks the whole tree, and a nothing-changed build never does.
    @discardableResult
    package func removeEmptyFolders() -> [String] {
        let base = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walk = FileManager.default.enumerator(at: URL(fileURLWithPath: base, isDirectory: true),
                                                        includingPropertiesForKeys: [.isDirectoryKey],
                                                        options: [.skipsHiddenFiles]) else { return [] }
        var folders: [String] = []
        for case let found as URL in walk where (try? found.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
            folders.append(String(found.path.dropFirst(base.count + 1)))
        }
        // A folder's path sorts before the paths below it: in reverse, every folder comes after those it holds.
        return folders.sorted(by: >).filter { rmdir(base + "/" + $0) == 0 }
    }
}
