import Foundation

/// A local folder a deploy writes into (`to: dir`, or rsync to a local path), checked before
/// anything is written (SPEC §12). A deploy deletes what the site no longer has, and `--verify`
/// deletes whatever the site lacks, so a target pointed at the diary would delete the diary: the
/// folder may never be, lie inside or hold the diary, its Content/, Templates/, .daybook/ or
/// output folder, another diary (a folder with a daybook.yml), the home folder or `/`. A folder
/// that already holds files is someone's, unless Daybook deployed there before (it carries the
/// mark, or this diary's record of the target lists what it sent).
struct TargetFolder {
    /// The mark a deploy leaves in a folder it writes into; never part of the site, never deleted.
    static let markName = ".daybook-deploy"
    static let markText = "This folder receives a site from `daybook deploy`, which replaces its files.\n"

    /// The folder, its symbolic links resolved (also where it does not exist yet).
    let path: String

    init(_ url: URL) {
        path = Self.resolved(url.path)
    }

    /// The folders of the diary a target must keep away from.
    struct Diary {
        var root: URL
        var output: URL
        var home: String = TargetFolder.home

        /// Each folder a target may neither be nor hold nor lie in, named as a person knows it:
        /// the diary's own folder last, so that a folder inside Content/ is named as such.
        var protectedFolders: [(name: String, path: String)] {
            [("Content/", root.appendingPathComponent("Content").path),
             ("Templates/", root.appendingPathComponent("Templates").path),
             (".daybook/", root.appendingPathComponent(".daybook").path),
             ("the output folder", output.path),
             ("the diary's folder", root.path)]
                .map { ($0.0, TargetFolder.resolved($0.1)) }
        }
    }

    /// Why this folder can never be a target, or nil when it may be one.
    func danger(for diary: Diary) -> String? {
        if path == "/" { return "it is the root folder /" }
        let home = Self.resolved(diary.home)
        if home != "/", path == home || Self.isInside(home, path) {
            return path == home ? "it is the home folder" : "it holds the home folder \(home)"
        }
        let folders = diary.protectedFolders
        if let same = folders.first(where: { $0.path == path }) { return "it is \(same.name)" }
        if let outer = folders.first(where: { Self.isInside(path, $0.path) }) { return "it is inside \(outer.name) (\(outer.path))" }
        if let inner = folders.last(where: { Self.isInside($0.path, path) }) { return "it holds \(inner.name) (\(inner.path))" }
        var ancestor = path
        while true {
            if FileManager.default.fileExists(atPath: ancestor == "/" ? "/daybook.yml" : ancestor + "/daybook.yml") {
                return ancestor == path ? "it is a diary (it holds a daybook.yml)"
                    : "it is inside a diary (\(ancestor) holds a daybook.yml)"
            }
            guard ancestor != "/" else { return nil }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
    }

    /// The home folder, as the shell would expand `~`: `$HOME`, else the user's entry.
    static var home: String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// Whether Daybook deployed here before: the mark is there.
    var isMarked: Bool {
        FileManager.default.fileExists(atPath: path + "/" + Self.markName)
    }

    /// Whether the folder holds anything but placeholders (`.gitkeep` and the like), as the build
    /// judges an output folder; a folder that does not exist holds nothing.
    var holdsFiles: Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return names.contains { !$0.hasPrefix(".") }
    }

    /// Creates the folder and leaves the mark, before the first file is sent.
    func mark() throws {
        let mark = URL(fileURLWithPath: path).appendingPathComponent(Self.markName)
        guard !FileManager.default.fileExists(atPath: mark.path) else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data(Self.markText.utf8).write(to: mark)
        } catch {
            throw DeployError.Reason.remote(file: nil, answer: "cannot write \(mark.path): \(error.localizedDescription)")
        }
    }

    // MARK: - Paths

    /// Whether `inner` lies below `outer`.
    static func isInside(_ inner: String, _ outer: String) -> Bool {
        inner.hasPrefix(outer == "/" ? "/" : outer + "/") && inner != outer
    }

    /// An absolute, standardised path with every symbolic link of its existing part resolved: a
    /// folder not made yet is judged by where it will be made.
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while existing != "/" {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                existing = String(cString: real)
                break
            }
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard !rest.isEmpty else { return existing }
        return existing == "/" ? "/" + rest.joined(separator: "/") : existing + "/" + rest.joined(separator: "/")
    }
}
