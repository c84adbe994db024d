import DaybookTestSupport
import Foundation
import XCTest

/// What a diary's watcher sees (`daybook serve`): the files and folders of daybook.yml, Content/
/// and Templates/, by path relative to the diary, each file with its bytes. Two looks tell the
/// paths the watcher reports between them: those added, removed or written with other bytes (a
/// change of a file's modification time alone is not reported).
struct WatchedFiles {
    /// Path → the file's bytes; nil for a folder.
    private var items: [String: Data?] = [:]

    init(root: URL) throws {
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        let config = root.appendingPathComponent("daybook.yml")
        if FileManager.default.fileExists(atPath: config.path) { items["daybook.yml"] = try Data(contentsOf: config) }
        for folder in ["Content", "Templates"] {
            let url = root.appendingPathComponent(folder)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            items[folder] = .some(nil)
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isDirectoryKey]))
            for case let item as URL in enumerator {
                let path = String(item.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(base.count + 1))
                let isFolder = try item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true
                items[path] = isFolder ? .some(nil) : try Data(contentsOf: item)
            }
        }
    }

    /// The paths a watcher reports for the changes from `earlier` to this look, sorted.
    func changedPaths(since earlier: WatchedFiles) -> [String] {
        let paths = Set(items.keys).union(earlier.items.keys)
        return paths.filter { path in
            guard let now = items[path], let before = earlier.items[path] else { return true }
            return now != before
        }.sorted()
    }
}
