import DaybookTestSupport
import DiaryFiles
@testable import DiaryReader
import Foundation
import XCTest

/// Listing Content/: every visible file once, in path order, and found by its path.
final class ContentListingTests: XCTestCase {
    /// Names that sort differently from the paths they begin, at every depth, with Hangul.
    private let paths = [
        "Content/a.md", "Content/a/x.md", "Content/a-b.md", "Content/a/b/c.md", "Content/Z.md",
        "Content/2025/10/20/0930-walk.md", "Content/2025/10/20.md", "Content/2025/10/20-x/note.md",
        "Content/2025/10/2/z.md", "Content/2025/1/a.md", "Content/2025/10/20/사진/1.png", "Content/2025/10/20/사진.md",
        "Content/일기/하루.md", "Content/일기.md", "Content/일기-둘/밤.md", "Content/2025.md",
    ]

    func testEveryVisibleFileIsListedOnceInPathOrder() throws {
        let diary = try TemporaryDiary(Dictionary(uniqueKeysWithValues: (paths + ["Content/.hidden.md", "Content/2025/.drafts/x.md"]).map { ($0, "x\n") }))
        addTeardownBlock { diary.remove() }
        let listing = try XCTUnwrap(FileStatus.list(diary.root.appendingPathComponent("Content").path))
        XCTAssertEqual(listing.map { "Content/" + $0.path }, paths.sorted())
        XCTAssertEqual(listing.map(\.size), Array(repeating: 2, count: paths.count))
    }

    func testTheFilesAreFoundByPathAndTheEntriesKeepTheirStatuses() throws {
        let diary = try TemporaryDiary(Dictionary(uniqueKeysWithValues: paths.map { ($0, "x\n") }))
        addTeardownBlock { diary.remove() }
        try diary.write("a longer text\n", to: "Content/2025/10/20.md")
        let files = try ContentFiles.list(root: diary.root)
        for path in paths { XCTAssertTrue(files.contains(path), path) }
        for path in ["Content/a", "Content/2025/10", "Content/b.md", "Content/2025/10/20/사진", "a.md", ""] {
            XCTAssertFalse(files.contains(path), path)
        }
        XCTAssertEqual(files.entryPaths, paths.filter { $0.hasSuffix(".md") }.sorted())
        XCTAssertEqual(files.entryStatuses.map(\.size), files.entryPaths.map { $0 == "Content/2025/10/20.md" ? 14 : 2 })
        XCTAssertEqual(ContentFiles(paths: paths).entryPaths, files.entryPaths)
        XCTAssertEqual(ContentFiles(paths: paths).pathsHash, files.pathsHash)
    }

    func testAnEntryIsAFileWhoseNameEndsInMdOrMarkdown() {
        for path in ["Content/a.md", "Content/일기/하루.md", "Content/x.markdown", "Content/.md", "Content/a.b.md", "x.md"] {
            XCTAssertTrue(ContentFiles.isEntryPath(path), path)
        }
        for path in ["Content/a.MD", "Content/a.md.txt", "Content/a.mdx", "Content/amd", "Content/a.markdow", "Content/a.md/",
                     "Content/사진.png", "md", "", "Content/a.md\u{301}"] {
            XCTAssertFalse(ContentFiles.isEntryPath(path), path)
        }
    }

    func testAnImageIsFoundNextToItsEntryThenFromContentAndNeverOutsideIt() {
        let files = ContentFiles(paths: paths)
        let entry = "Content/2025/10/20/0930-walk.md"
        XCTAssertEqual(files.resolveImage("사진/1.png", fromEntryAt: entry), "Content/2025/10/20/사진/1.png")
        XCTAssertEqual(files.resolveImage("./사진/./1.png", fromEntryAt: entry), "Content/2025/10/20/사진/1.png")
        XCTAssertEqual(files.resolveImage("../20/사진//1.png", fromEntryAt: entry), "Content/2025/10/20/사진/1.png")
        XCTAssertEqual(files.resolveImage("2025/10/20/사진/1.png", fromEntryAt: entry), "Content/2025/10/20/사진/1.png")
        XCTAssertEqual(files.resolveImage("/2025/10/20/사진/1.png", fromEntryAt: entry), "Content/2025/10/20/사진/1.png")
        XCTAssertEqual(files.resolveImage("../../../일기.md", fromEntryAt: entry), "Content/일기.md")
        XCTAssertEqual(files.resolveImage("../../../../Content/일기.md", fromEntryAt: entry), "Content/일기.md")
        XCTAssertNil(ContentFiles(paths: paths + ["daybook.yml"]).resolveImage("../../../../daybook.yml", fromEntryAt: entry))
        XCTAssertNil(files.resolveImage("../../../../../etc/passwd", fromEntryAt: entry))
        XCTAssertNil(files.resolveImage("사진/2.png", fromEntryAt: entry))
        XCTAssertNil(files.resolveImage(".../a.md", fromEntryAt: "Content/x.md"))
    }

    func testAListingReadsOnlyTheFoldersThatChangedSinceTheLastOneAndFindsWhatAFreshListingFinds() throws {
        let diary = try TemporaryDiary(Dictionary(uniqueKeysWithValues: paths.map { ($0, "x\n") }))
        addTeardownBlock { diary.remove() }
        let content = diary.root.appendingPathComponent("Content").path
        let folders = Set(paths.flatMap { path in
            let parts = path.split(separator: "/").dropLast()
            return parts.indices.map { parts[...$0].joined(separator: "/") }
        }).count
        var generation = 0
        // Every folder changed since the last settling is given a time of its own, long enough ago to be remembered.
        func settle() throws {
            generation += 1
            let recent = Date(timeIntervalSinceNow: -60)
            for folder in try foldersBelow(content) + [content] {
                let modified = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder)[.modificationDate] as? Date)
                guard modified > recent else { continue }
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600 + Double(generation))], ofItemAtPath: folder)
            }
        }
        var memory = ListingMemory()
        func listAgain(reading expected: Int, remembersOther: Bool? = nil, _ what: String) throws {
            let listing = FileStatus.list(content, remembering: (memory, Int(Date().timeIntervalSince1970 * 1e9) - FolderStamp.settling))
            XCTAssertEqual(listing.foldersRead, expected, what)
            XCTAssertEqual(try XCTUnwrap(listing.files), try XCTUnwrap(FileStatus.list(content)), what)
            XCTAssertEqual(listing.memoryChanged, remembersOther ?? (expected > 0), what)
            memory = listing.memory
        }
        try settle()
        try listAgain(reading: folders, "the first listing reads every folder")
        try listAgain(reading: 0, "nothing changed")

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: content + "/2025/10/20/0930-walk.md"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("more words\n".utf8))
        try handle.close()
        try listAgain(reading: 0, "a file changed in place changes no folder, and its new size is found")

        try diary.write("y\n", to: "Content/2025/10/20/1200-lunch.md")
        try settle()
        try listAgain(reading: 1, "a file added")
        try FileManager.default.moveItem(atPath: content + "/일기/하루.md", toPath: content + "/일기/밤.md")
        try FileManager.default.removeItem(atPath: content + "/a/b")
        try settle()
        try listAgain(reading: 2, "a file renamed, a folder removed")
        try FileManager.default.removeItem(atPath: content + "/2025.md")
        try diary.write("z\n", to: "Content/2025.md/inside.md")
        try settle()
        try listAgain(reading: 2, "a file replaced by a folder of the same name")

        // A folder changed too recently is read every time until it has settled.
        try diary.write("w\n", to: "Content/a/new.md")
        try listAgain(reading: 1, "changed just now")
        try listAgain(reading: 1, remembersOther: false, "still too recent to remember")
        try settle()
        try listAgain(reading: 1, "settled: read once more, and remembered")
        try listAgain(reading: 0, "remembered")

        let saved = try XCTUnwrap(ListingMemory(decoding: memory.encoded()))
        XCTAssertEqual(saved, memory)
        XCTAssertNil(ListingMemory(decoding: Array(memory.encoded().dropLast())), "a damaged memory is no memory")
    }

    func testASnapshotFindsEveryChangedFileWhileNoFolderChangedAndGivesUpWhenOneDid() throws {
        let diary = try TemporaryDiary(Dictionary(uniqueKeysWithValues: paths.map { ($0, "x\n") }))
        addTeardownBlock { diary.remove() }
        let content = diary.root.appendingPathComponent("Content").path
        let now = Int(Date().timeIntervalSince1970 * 1e9)
        // Folders changed within the settling time are not trusted: no snapshot is made of them.
        XCTAssertNil(TreeSnapshot(FileStatus.list(content, remembering: (ListingMemory(), now - 60_000_000_000)), fingerprint: 1))
        let listing = FileStatus.list(content, remembering: (ListingMemory(), now + 60_000_000_000))
        let snapshot = try XCTUnwrap(TreeSnapshot(listing, fingerprint: 7))

        let unchanged = try XCTUnwrap(snapshot.look(in: content, recentAfter: now + 60_000_000_000))
        XCTAssertTrue(unchanged.changed.isEmpty)
        XCTAssertEqual(unchanged.recent, [])
        XCTAssertEqual(snapshot.files(as: unchanged), try XCTUnwrap(listing.files))
        XCTAssertEqual(try XCTUnwrap(snapshot.look(in: content, recentAfter: 0)).recent.count, paths.count, "every file is recent since 1970")

        // The same size, another time: found, and nothing else.
        let walk = content + "/2025/10/20/0930-walk.md"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: walk)
        try diary.write("a longer text\n", to: "Content/일기/하루.md")
        let edited = try XCTUnwrap(snapshot.look(in: content, recentAfter: now + 60_000_000_000))
        XCTAssertEqual(edited.changed.count, 2)
        XCTAssertEqual(snapshot.files(as: edited), try XCTUnwrap(FileStatus.list(content)))
        let updated = snapshot.updated(by: edited, fingerprint: 8)
        XCTAssertEqual(updated.fingerprint, 8)
        XCTAssertTrue(try XCTUnwrap(updated.look(in: content, recentAfter: now + 60_000_000_000)).changed.isEmpty)
        XCTAssertEqual(TreeSnapshot(decoding: updated.encoded()), updated)
        XCTAssertNil(TreeSnapshot(decoding: Array(updated.encoded().dropLast())), "a damaged snapshot is none")

        // Anything added, removed or renamed changes a folder: the snapshot gives up.
        try diary.write("y\n", to: "Content/2025/10/20/사진/2.png")
        XCTAssertNil(updated.look(in: content, recentAfter: 0))
        try FileManager.default.removeItem(atPath: content + "/2025/10/20/사진/2.png")
        XCTAssertNil(updated.look(in: content, recentAfter: 0), "the folder's time is not what it was")
        let relisted = FileStatus.list(content, remembering: (ListingMemory(), Int(Date().timeIntervalSince1970 * 1e9) + 60_000_000_000))
        let again = try XCTUnwrap(TreeSnapshot(relisted, fingerprint: 9))
        try FileManager.default.removeItem(atPath: content + "/a/b")
        XCTAssertNil(again.look(in: content, recentAfter: 0), "a folder removed")
        // A folder that cannot be read is not in the listing: no snapshot could see it come back.
        let locked = content + "/일기-둘"
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        if geteuid() != 0 {
            XCTAssertNil(TreeSnapshot(FileStatus.list(content, remembering: (ListingMemory(), now + 60_000_000_000)), fingerprint: 1))
        }
    }

    private func foldersBelow(_ folder: String) throws -> [String] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder))
        return enumerator.compactMap { $0 as? String }.map { folder + "/" + $0 }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }
}

/// Names read where `readdir` leaves them, never by copying a whole `dirent` (which may lie at
/// the end of the listing's buffer, with fewer bytes than the structure).
final class ListedNameTests: XCTestCase {
    func testEachNameAndWhetherItIsAFolderAreReadAsTheListingGivesThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-listed-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let names = ["a.md", "사진.png", String(repeating: "n", count: 200) + ".md", ".hidden"]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names { try Data("x".utf8).write(to: folder.appendingPathComponent(name, isDirectory: false), options: []) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("2025/10"), withIntermediateDirectories: true)
        let directory = try XCTUnwrap(opendir(folder.path))
        defer { closedir(directory) }
        var found: [String: Bool] = [:]
        while let item = readdir(directory) {
            let listed = ListedName(item)
            let name = String(cString: listed.name)
            XCTAssertEqual(listed.isDots, name == "." || name == "..", name)
            if !listed.isDots { found[name] = listed.isFolder }
        }
        XCTAssertEqual(found, Dictionary(uniqueKeysWithValues: names.map { ($0, false) } + [("2025", true)]))
    }
}
