import DaybookTestSupport
import DiaryCorpus
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// The build cache lives in the diary's `.daybook/`, never in the output folder: whatever a
/// build remembers (drafts, deleted entries, local paths) is never published (SPEC §7, §8).
final class BuildCacheTests: XCTestCase {
    func testAfterASequenceOfBuildsTheOutputHoldsNothingButTheSite() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let content = root.appendingPathComponent("Content")
        let secrets = [
            "draft": "Marmalade cipher under the floorboards",
            "deleted": "Xylophone quartz nebula confession",
            "deleted title": "Zanzibar secret evening",
            "old picture name": "hidden-lake-by-grandmother",
            "new picture name": "renamed-secret-pond-of-kim",
        ]
        // A draft, built without --drafts.
        try write("---\ndate: 2025-03-02 23:00\nemotion: sad\ndraft: true\n---\n\(secrets["draft"]!)\n",
                  to: content.appendingPathComponent("2025/03/02/2300-unsent.md"))
        // An entry with a picture, built, then deleted.
        try write("---\ntitle: \(secrets["deleted title"]!)\ndate: 2025-03-02 22:00\nemotion: calm\n---\n\(secrets["deleted"]!)\n",
                  to: content.appendingPathComponent("2025/03/02/2200-zanzibar.md"))
        try SolidPNG.make(width: 8, height: 6, red: 10, green: 20, blue: 30)
            .write(to: content.appendingPathComponent("pictures/\(secrets["old picture name"]!).png"))
        try write("---\ndate: 2025-03-02 08:00\nemotion: happy\nimages: [../../../pictures/\(secrets["old picture name"]!).png]\n---\nA lake.\n",
                  to: content.appendingPathComponent("2025/03/02/0800-lake.md"))
        try buildSite(root)

        try FileManager.default.removeItem(at: content.appendingPathComponent("2025/03/02/2200-zanzibar.md"))
        try buildSite(root)

        // The picture renamed, and the entry pointed at the new name.
        try FileManager.default.moveItem(at: content.appendingPathComponent("pictures/\(secrets["old picture name"]!).png"),
                                         to: content.appendingPathComponent("pictures/\(secrets["new picture name"]!).png"))
        try write("---\ndate: 2025-03-02 08:00\nemotion: happy\nimages: [../../../pictures/\(secrets["new picture name"]!).png]\n---\nA lake.\n",
                  to: content.appendingPathComponent("2025/03/02/0800-lake.md"))
        try buildSite(root)
        let elsewhere = root.appendingPathComponent("Elsewhere")
        try buildSite(root, options: .init(output: elsewhere))
        try buildSite(root)

        var forbidden = secrets
        forbidden["diary folder"] = root.standardizedFileURL.path
        forbidden["diary folder name"] = root.lastPathComponent
        forbidden["source folder"] = "Content/"
        forbidden["entry file name"] = "0900-plum-blossoms.md"
        for output in [root.appendingPathComponent("Output"), elsewhere] {
            let files = try everyFile(below: output)
            XCTAssertTrue(files.keys.contains("index.html"))
            XCTAssertFalse(files.keys.contains { $0.hasPrefix(".daybook/") }, "no build state in \(output.lastPathComponent)")
            for (path, bytes) in files {
                for (what, text) in forbidden {
                    XCTAssertFalse(path.contains(text), "\(output.lastPathComponent)/\(path): its path holds the \(what)")
                    XCTAssertNil(bytes.range(of: Data(text.utf8)), "\(output.lastPathComponent)/\(path) holds the \(what): '\(text)'")
                }
            }
        }
    }

    func testTheListOfEntriesFilesIsKeptWhileTheyAreTheSameAndFollowsAFileThatMoves() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let listed = try XCTUnwrap(SiteBuilder(root: root).sourcePaths(.init()))
        let (id, path) = try XCTUnwrap(listed.min { $0.key < $1.key })
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))
        let saved = try XCTUnwrap(cache.status(of: .entrySources))

        // Another body: the same entries from the same files, and the list is not written again.
        let file = root.appendingPathComponent(path)
        try (String(contentsOf: file, encoding: .utf8) + "\nOne more line.\n").write(to: file, atomically: true, encoding: .utf8)
        try buildSite(root)
        XCTAssertEqual(cache.status(of: .entrySources), saved)
        XCTAssertEqual(SiteBuilder(root: root).sourcePaths(.init()), listed)

        // The same file name and date in another folder: the same entry id, from another file.
        let moved = "Content/elsewhere/" + file.lastPathComponent
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: file, to: root.appendingPathComponent(moved))
        try buildSite(root)
        var expected = listed
        expected[id] = moved
        XCTAssertEqual(SiteBuilder(root: root).sourcePaths(.init()), expected)
    }

    func testAnOldStateFolderInTheOutputIsRemovedByTheNextBuild() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        let legacy = root.appendingPathComponent("Output/.daybook")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        try Data("every entry's text".utf8).write(to: legacy.appendingPathComponent("entries.bin"))
        try write("---\ndate: 2025-07-05T07:00:00Z\nemotion: tired\n---\nEdited.\n",
                  to: root.appendingPathComponent("Content/notes/2025-07-05-tired.md"))
        try buildSite(root)
        XCTAssertFalse(FileManager.default.fileExists(atPath: legacy.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".daybook").path))
    }

    func testEachOutputFolderKeepsItsOwnRecordOfWhatItHolds() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let elsewhere = root.appendingPathComponent("Elsewhere")
        try buildSite(root)
        let other = try buildSite(root, options: .init(output: elsewhere))
        XCTAssertEqual(other.unchangedCount, 0, "a new output folder gets every file")
        let again = try buildSite(root)
        XCTAssertEqual(again.steps.map(\.step), [.checkForChanges], "building elsewhere did not disturb Output's record")
        let otherAgain = try buildSite(root, options: .init(output: elsewhere))
        XCTAssertEqual(otherAgain.steps.map(\.step), [.checkForChanges])
    }

    func testADryRunListsWhatABuildWouldChangeAndWritesNothing() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let fresh = try SiteBuilder(root: root).build(.init(dryRun: true))
        XCTAssertEqual(fresh.diagnostics.map(\.description), [])
        XCTAssertTrue(fresh.addedPaths.contains("index.html"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path), "a dry run makes no folder")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".daybook").path), "nor a cache")

        try buildSite(root)
        let entry = root.appendingPathComponent("Content/notes/2025-07-04-fireworks.md")
        try (try String(contentsOf: entry, encoding: .utf8) + "\nA late rocket.\n").write(to: entry, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/notes/2025-07-05-tired.md"))
        let before = try everyFile(below: root)
        let dryRun = try SiteBuilder(root: root).build(.init(dryRun: true))
        XCTAssertEqual(try everyFile(below: root), before, "nothing in the diary, its cache or its output changed")
        XCTAssertTrue(dryRun.isDryRun)
        XCTAssertTrue(dryRun.writtenPaths.contains("2025/07/04/fireworks/index.html"))
        XCTAssertFalse(dryRun.addedPaths.contains("2025/07/04/fireworks/index.html"), "a changed page, not a new one")
        XCTAssertTrue(dryRun.deletedPaths.contains("2025/07/05/index.html"))

        let real = try buildSite(root)
        XCTAssertEqual(Set(real.writtenPaths), Set(dryRun.writtenPaths), "the dry run listed what the build then wrote")
        XCTAssertEqual(real.deletedPaths, dryRun.deletedPaths)
    }

    func testAFullBuildRunsEveryStepInOrder() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let report = try buildSite(root)
        XCTAssertEqual(report.steps.map(\.step), BuildStep.allCases)
        XCTAssertEqual(report.searchIndex, .rebuilt)
        XCTAssertTrue(report.steps.allSatisfy { $0.seconds >= 0 })
    }

    func testATemplateErrorStopsTheBuildAfterLoadingTheTheme() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try write("{% if %}", to: root.appendingPathComponent("Templates/day.html"))
        let report = try SiteBuilder(root: root).build(.init())
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.steps.map(\.step), [.checkForChanges, .readEntries, .loadTheme])
    }

    func testAFileThatCannotBeWrittenIsAnErrorOfTheWriteStep() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        // A file where the build needs a folder for a page.
        let day = root.appendingPathComponent("Output/2025/07/04")
        try FileManager.default.removeItem(at: day)
        try Data("in the way".utf8).write(to: day)
        XCTAssertThrowsError(try SiteBuilder(root: root).build(.init())) { error in
            let stepError = error as? BuildStepError
            XCTAssertEqual(stepError?.step, .write)
            XCTAssertTrue(stepError?.description.hasPrefix("write files: cannot write ") == true, "\(error)")
        }
    }

    func testRepeatedBuildsInOneSessionParseOnlyTheEditedEntries() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let session = BuildSession()
        usleep(150_000)
        let first = try SiteBuilder(root: root).build(.init(), session: session, changedPaths: nil)
        XCTAssertEqual(first.parsedCount, 5)
        // `daybook serve` builds again and again in one process, from the state it keeps in memory.
        for name in ["2024/03/02/last-year.md", "2025/03/02/new-york-call.md", "2024/03/02/last-year.md"] {
            let entry = root.appendingPathComponent("Content/\(name)")
            try (try String(contentsOf: entry, encoding: .utf8) + "\nOne more line.\n").write(to: entry, atomically: true, encoding: .utf8)
            usleep(150_000)  // older than the clock's granularity when the build starts: its reading may be reused later
            let report = try SiteBuilder(root: root).build(.init(), session: session, changedPaths: ["Content/\(name)"])
            XCTAssertEqual(report.parsedCount, 1, "after editing \(name)")
        }
    }

    func testSessionBuildsFromTheWatchersPathsGiveWhatAFullBuildGives() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let session = BuildSession()
        let builder = SiteBuilder(root: root)
        let plum = "Content/2025/03/01/0900-plum-blossoms.md"
        func append(_ text: String, to path: String) throws {
            let file = root.appendingPathComponent(path)
            try self.write(try String(contentsOf: file, encoding: .utf8) + text, to: file)
        }
        func replace(_ old: String, with new: String, in path: String) throws {
            let file = root.appendingPathComponent(path)
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.contains(old), "\(path) holds \(old)")
            try self.write(text.replacingOccurrences(of: old, with: new), to: file)
        }
        try builder.build(.init(), session: session, changedPaths: nil)
        let changes: [(String, [String], () throws -> Void)] = [
            ("an edited entry", ["Content/2024/03/02/last-year.md"], {
                try self.write("---\ndate: 2024-03-02 18:00\nemotion: sad\n---\nRewritten.\n",
                               to: root.appendingPathComponent("Content/2024/03/02/last-year.md"))
            }),
            ("a new folder with an entry", ["Content/2026"], {
                try self.write("---\ndate: 2026-01-01 10:00\nemotion: happy\n---\nNew year.\n",
                               to: root.appendingPathComponent("Content/2026/01/01/1000-new-year.md"))
            }),
            // Text only: the session keeps its index, pictures and page plan.
            ("an entry's text edited", [plum], { try append("\nThe petals fell by noon.\n", to: plum) }),
            ("the same entry's text edited again", [plum], { try append("\nTea afterwards.\n", to: plum) }),
            ("a caption changed", [plum], {
                try replace("caption: 올해 첫 매화", with: "caption: 올해 두 번째 매화", in: plum)
            }),
            ("a tag added", [plum], { try replace("tags: [봄, walk]", with: "tags: [봄, walk, 꽃]", in: plum) }),
            ("a title changed", [plum], { try replace("title: 매화 (Plum blossoms)", with: "title: 매화", in: plum) }),
            ("an entry's text edited while the editor's swap file came and went",
             [plum, "Content/2025/03/01/.0900-plum-blossoms.md.swp", "Content/2025/03/01/4913"], {
                try append("\nA second cup.\n", to: plum)
            }),
            ("an entry's text edited, with a problem", [plum], {
                try replace("weather: sunny", with: "weather: sunny\ntittle: Plum", in: plum)
            }),
            ("the problem fixed", [plum], { try replace("tittle: Plum", with: "", in: plum) }),
            ("an entry moved to another hour", [plum], { try replace("date: 2025-03-01 09:00", with: "date: 2025-03-01 22:00", in: plum) }),
            ("an entry's folder renamed", ["Content/2024/03/02", "Content/2024/03/05"], {
                try FileManager.default.moveItem(at: root.appendingPathComponent("Content/2024/03/02"),
                                                 to: root.appendingPathComponent("Content/2024/03/05"))
            }),
            ("a picture replaced by one of another size", ["Content/pictures/plum.png"], {
                try SolidPNG.make(width: 64, height: 48, red: 200, green: 90, blue: 120)
                    .write(to: root.appendingPathComponent("Content/pictures/plum.png"))
            }),
            ("a deleted entry", ["Content/2025/03/02/new-york-call.md"], {
                try FileManager.default.removeItem(at: root.appendingPathComponent("Content/2025/03/02/new-york-call.md"))
            }),
            ("a deleted folder", ["Content/2026"], {
                try FileManager.default.removeItem(at: root.appendingPathComponent("Content/2026"))
            }),
        ]
        for (what, paths, change) in changes {
            try change()
            let report = try builder.build(.init(), session: session, changedPaths: paths)
            try session.saveState()
            // A build with warnings shows them again next time.
            if report.diagnostics.isEmpty {
                XCTAssertEqual(try builder.build(.init()).steps.map(\.step), [.checkForChanges],
                               "after \(what), the saved cache tells the command line that nothing changed")
            }
            let fresh = try copyOfFixture("seoul-diary", test: self)
            try FileManager.default.removeItem(at: fresh.appendingPathComponent("Content"))
            try FileManager.default.copyItem(at: root.appendingPathComponent("Content"), to: fresh.appendingPathComponent("Content"))
            let full = try SiteBuilder(root: fresh).build(.init())
            XCTAssertEqual(report.diagnostics.map(\.description), full.diagnostics.map(\.description), what)
            let expected = try filesBelow(fresh.appendingPathComponent("Output"))
            let actual = try filesBelow(root.appendingPathComponent("Output"))
            XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), what)
            for path in expected.keys.sorted() where actual[path] != expected[path] { XCTFail("\(path) differs from a full build after \(what)") }
        }
    }

    func testSessionBuildsLeftUnsavedAreSavedByTheLastOnesSave() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let session = BuildSession()
        let builder = SiteBuilder(root: root)
        let plum = root.appendingPathComponent("Content/2025/03/01/0900-plum-blossoms.md")
        let original = try String(contentsOf: plum, encoding: .utf8)
        func edit(_ text: String) throws { try write(try String(contentsOf: plum, encoding: .utf8) + text, to: plum) }
        // Files older than the racy window, so that a saved entry cache keeps them.
        let past = Date().addingTimeInterval(-60)
        for case let file as URL in FileManager.default.enumerator(at: root.appendingPathComponent("Content"), includingPropertiesForKeys: nil)! {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        }
        // Nothing saved between these: the first build's search state and entry cache live in the session only.
        XCTAssertEqual(try builder.build(.init(), session: session, changedPaths: nil).searchIndex, .rebuilt)
        try edit("\nPetals.\n")
        XCTAssertEqual(try builder.build(.init(), session: session, changedPaths: ["Content/2025/03/01/0900-plum-blossoms.md"]).searchIndex,
                       .updated)
        try edit("\nMore petals.\n")
        XCTAssertEqual(try builder.build(.init(), session: session, changedPaths: ["Content/2025/03/01/0900-plum-blossoms.md"]).searchIndex,
                       .updated)
        try session.saveState()
        XCTAssertEqual(try builder.build(.init()).steps.map(\.step), [.checkForChanges], "the last save describes the folder")
        // The command line takes it from there: one file parsed, the search index updated from the saved state.
        try edit("\nTea.\n")
        let report = try builder.build(.init())
        XCTAssertEqual(report.parsedCount, 1)
        XCTAssertEqual(report.searchIndex, .updated)
        // Back to the text the first build published: the saved fingerprints must be the session's last pages', not the first's.
        try write(original, to: plum)
        try buildSite(root)
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self)
    }

    func testABuildStoppedBeforeItsCacheIsSavedLeavesNoFileBehindLater() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        // A session build adds an entry and is never saved (the process was stopped).
        try write("---\ndate: 2025-07-06 10:00\nemotion: calm\n---\nA secret morning.\n",
                  to: root.appendingPathComponent("Content/notes/2025-07-06-secret.md"))
        try SiteBuilder(root: root).build(.init(), session: BuildSession(), changedPaths: nil)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/2025/07/06/secret/index.html").path))
        // The writer deletes the entry; the next build has only the cache of the build before.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/notes/2025-07-06-secret.md"))
        try buildSite(root)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/2025/07/06").path),
                       "the unsaved build's pages are found and removed")
        XCTAssertFalse(try everyFile(below: root.appendingPathComponent("Output")).values.contains { $0.range(of: Data("secret morning".utf8)) != nil })
    }

    func testADamagedOrForeignCacheFileReadsAsNothing() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))
        try cache.write(.manifest, [1, 2, 3])
        XCTAssertEqual(cache.read(.manifest), [1, 2, 3])
        // Another file's bytes under this name: the header names the file.
        try FileManager.default.copyItem(atPath: cache.path(of: .manifest), toPath: cache.path(of: .pageSignatures))
        XCTAssertNil(cache.read(.pageSignatures))
        try Data("daybook".utf8).write(to: URL(fileURLWithPath: cache.path(of: .manifest)))
        XCTAssertNil(cache.read(.manifest))
    }

    func testAMappedCacheFileKeepsItsBytesWhenTheNextSaveReplacesIt() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))
        try cache.write(.entries, Array("first save".utf8))
        let mapped = try XCTUnwrap(cache.map(.entries))
        XCTAssertEqual(mapped.bytes[mapped.body], Array("first save".utf8))
        // The next build saves while this one's entries still refer into the mapping.
        try cache.write(.entries, Array("second, longer save".utf8))
        XCTAssertEqual(mapped.bytes[mapped.body], Array("first save".utf8))
        let remapped = try XCTUnwrap(cache.map(.entries))
        XCTAssertEqual(remapped.bytes[remapped.body], Array("second, longer save".utf8))
        // Mapped or read, a file under another name or of another format is nothing.
        try FileManager.default.createDirectory(atPath: cache.outputFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: cache.path(of: .entries), toPath: cache.path(of: .manifest))
        XCTAssertNil(cache.map(.manifest))
        try Data("daybook".utf8).write(to: URL(fileURLWithPath: cache.path(of: .entries)))
        XCTAssertNil(cache.map(.entries))
        try Data().write(to: URL(fileURLWithPath: cache.path(of: .entries)))
        XCTAssertNil(cache.map(.entries))
    }

    // MARK: - Helpers

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Every file below `folder`, hidden ones too (relative path → bytes).
    private func everyFile(below folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in enumerator where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            files[String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }
}
