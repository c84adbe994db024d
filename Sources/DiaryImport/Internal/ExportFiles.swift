import Foundation
import ZIPFoundation

/// The files of an export, in a folder or a `.zip`, by their paths inside it (`photos/a.jpeg`).
/// A zip is read in place: nothing is unpacked to disk, and no path inside the archive ever
/// decides where a file is written.
final class ExportFiles {
    private enum Storage {
        case folder(URL)
        /// The archive, and its entries by path (`archive[path]` walks the whole directory each time).
        case zip(Archive, [String: Entry])
    }

    private let storage: Storage
    /// Every file's path, sorted.
    let paths: [String]
    private let pathSet: Set<String>

    /// Opens a folder, or a zip archive.
    init(at url: URL, displayName: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ImportError(file: displayName, "no such file or folder")
        }
        if isFolder.boolValue {
            storage = .folder(url)
            paths = Self.listFolder(url)
        } else {
            let archive: Archive
            do {
                archive = try Archive(url: url, accessMode: .read)
            } catch {
                throw ImportError(file: displayName, "not a zip archive Daybook can read (\(error)); unzip it and pass the folder")
            }
            var entries: [String: Entry] = [:]
            for entry in archive where entry.type == .file { entries[entry.path] = entries[entry.path] ?? entry }
            storage = .zip(archive, entries)
            paths = entries.keys.sorted()
        }
        pathSet = Set(paths)
    }

    func contains(_ path: String) -> Bool {
        pathSet.contains(path)
    }

    /// The bytes of the file at `path` inside the export.
    func data(at path: String) throws -> Data {
        switch storage {
        case .folder(let folder):
            return try Data(contentsOf: folder.appendingPathComponent(path))
        case .zip(let archive, let entries):
            guard let entry = entries[path] else { throw CocoaError(.fileReadNoSuchFile) }
            var data = Data()
            data.reserveCapacity(Int(clamping: entry.uncompressedSize))
            _ = try archive.extract(entry) { data.append($0) }
            return data
        }
    }

    /// The files at most three levels down (`Export/photos/a.jpeg`): an export is shallow, and a
    /// `Journal.json` given alone may sit in a large folder such as Downloads.
    private static func listFolder(_ folder: URL) -> [String] {
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(at: URL(fileURLWithPath: base, isDirectory: true),
                                                              includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        var paths: [String] = []
        for case let url as URL in enumerator {
            let kind = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if kind?.isDirectory == true, enumerator.level >= 3 { enumerator.skipDescendants() }
            guard kind?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard path.hasPrefix(base + "/") else { continue }
            paths.append(String(path.dropFirst(base.count + 1)))
        }
        return paths.sorted()
    }
}
