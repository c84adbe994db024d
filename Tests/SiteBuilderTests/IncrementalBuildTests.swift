import DaybookTestSupport
import DiaryCorpus
import DiaryFiles
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// An incremental build must give exactly what a full build gives, whatever was edited.
final class IncrementalBuildTests: XCTestCase {
    func testRandomEditsAlwaysGiveTheSameSiteAsAFullBuild() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        var random = SeededGenerator(seed: 7)
        var applied: [String] = []
        for step in 1...32 {
            let edit = DiaryEdit.allCases[random.int(in: 0...DiaryEdit.allCases.count - 1)]
            try edit.apply(to: root, step: step, random: &random)
            applied.append("\(edit)")
            // As if the writer paused before building: the folders changed are old enough for a listing to remember.
            try settleFoldersChangedLately(in: root.appendingPathComponent("Content"), step: step)
            let incremental = try SiteBuilder(root: root).build(.init())
            XCTAssertFalse(incremental.hasErrors, "after \(applied): \(incremental.diagnostics)")

            let fresh = try freshCopy(of: root, test: self)
            let full = try SiteBuilder(root: fresh).build(.init())
            XCTAssertEqual(full.diagnostics, incremental.diagnostics, "after \(applied)")
            let expected = try filesBelow(fresh.appendingPathComponent("Output"))
            let actual = try filesBelow(root.appendingPathComponent("Output"))
            XCTAssertEqual(Set(actual.keys).subtracting(expected.keys).sorted(), [], "stale files after \(applied)")
            XCTAssertEqual(Set(expected.keys).subtracting(actual.keys).sorted(), [], "missing files after \(applied)")
            for path in expected.keys.sorted() where expected[path] != actual[path] {
                XCTFail("\(path) differs from a full build after \(applied)")
            }
            XCTAssertEqual(SiteBuilder(root: root).sourcePaths(.init()), SiteBuilder(root: fresh).sourcePaths(.init()),
                           "the entries' files after \(applied)")
            // What the build cache says the folder holds (saved whole, or as the last one with changes) is what it holds.
            let saved = try XCTUnwrap(Manifest.load(from: BuildCache(root: root, output: root.appendingPathComponent("Output")))).entries()
            XCTAssertEqual(Set(saved.keys), Set(actual.keys), "the saved manifest after \(applied)")
            for (path, fingerprint) in saved where fingerprint.hasPrefix("b:") {
                XCTAssertEqual(fingerprint, OutputWriter.fingerprint(of: .bytes([UInt8](actual[path] ?? Data()))), "\(path) after \(applied)")
            }
        }
        // The builds listed Content/ from the memory of the last listing, whose folders had all settled.
        let memory = try XCTUnwrap(BuildCache(root: root, output: root.appendingPathComponent("Output")).read(.contentListing))
        XCTAssertFalse(try XCTUnwrap(ListingMemory(decoding: memory)).isEmpty)
    }

    /// Gives each folder below `folder` changed in the last minute a modification time an hour
    /// ago, a time of its own for `step`.
    private func settleFoldersChangedLately(in folder: URL, step: Int) throws {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey, .contentModificationDateKey]))
        let recent = Date(timeIntervalSinceNow: -60)
        for case let url as URL in [folder] + enumerator.compactMap({ $0 as? URL }) {
            let values = try url.resourceValues(forKeys: [.isDirectoryKey, .contentModificationDateKey])
            guard values.isDirectory == true, let modified = values.contentModificationDate, modified > recent else { continue }
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600 + Double(step))], ofItemAtPath: url.path)
        }
    }

    func testANothingChangedRebuildWritesNoFileAndKeepsEveryTime() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        let output = root.appendingPathComponent("Output")
        // Step outside the window in which a file system's coarse clock could hide a change.
        Thread.sleep(forTimeInterval: 0.15)
        try buildSite(root)
        let before = try modificationTimes(below: output)
        Thread.sleep(forTimeInterval: 0.05)
        let report = try buildSite(root)
        XCTAssertEqual(report.writtenPaths, [])
        XCTAssertEqual(report.deletedPaths, [])
        XCTAssertEqual(try modificationTimes(below: output), before)
    }

    func testEditingOneEntryRewritesOnlyThePagesThatShowIt() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let path = root.appendingPathComponent("Content/2024/03/02/last-year.md")
        let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "rain and tea", with: "snow and cocoa")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let report = try buildSite(root)
        let written = Set(report.writtenPaths)
        XCTAssertTrue(written.contains("2024/03/02/last-year/index.html"))
        XCTAssertTrue(written.contains("2024/03/02/index.html"))
        XCTAssertFalse(written.contains("2025/03/02/new-york-call/index.html"), "an unrelated entry page stays as it was")
        XCTAssertFalse(written.contains("emotions/index.html"), "counts did not change")
        // The search index's files are not pages: how many of them an edit rewrites is the index's own test's matter.
        XCTAssertLessThan(written.filter { !($0.hasPrefix("search/") && $0.hasSuffix(".json")) }.count, report.pageCount / 2)
    }

    /// The day's new entry, the diary's newest, is the change a diarist publishes most: it must not
    /// rewrite the pages that neither show it nor link to it (a count in the shared layout would
    /// rewrite every page, and deploy would send them all).
    func testANewEntryAfterTheLastRewritesOnlyThePagesThatShowOrLinkIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-site-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try CorpusGenerator(.init(days: 90, entriesPerDay: 1, imagesEvery: 1_000)).write(to: root)
        let first = try buildSite(root)
        let pages = try XCTUnwrap(FileManager.default.enumerator(atPath: root.appendingPathComponent("Output").path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix("index.html") }
        let entryPage = try NSRegularExpression(pattern: #"^\d{4}/\d{2}/\d{2}/[^/]+/index\.html$"#)
        let dayPage = try NSRegularExpression(pattern: #"^\d{4}/\d{2}/\d{2}/index\.html$"#)
        func matching(_ pattern: NSRegularExpression, _ paths: [String]) -> [String] {
            paths.filter { pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }.sorted()
        }
        let newestEntry = try XCTUnwrap(matching(entryPage, pages).last)
        let newestDay = try XCTUnwrap(matching(dayPage, pages).last)

        let last = newestDay.split(separator: "/").prefix(3).map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let next = calendar.date(byAdding: .day, value: 1, to: calendar.date(from: DateComponents(year: last[0], month: last[1], day: last[2]))!)!
        let day = calendar.dateComponents([.year, .month, .day], from: next)
        let folder = String(format: "%04d/%02d/%02d", day.year!, day.month!, day.day!)
        let source = root.appendingPathComponent("Content/\(folder)/2100-a-quiet-evening.md")
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "---\ndate: \(folder.replacingOccurrences(of: "/", with: "-")) 21:00\nemotion: calm\n---\n\n# A quiet evening\n\nA walk around the block after dinner.\n"
            .write(to: source, atomically: true, encoding: .utf8)

        let written = try buildSite(root).writtenPaths.filter { $0.hasSuffix("index.html") }
        XCTAssertEqual(matching(entryPage, written), [newestEntry, "\(folder)/2100-a-quiet-evening/index.html"].sorted(),
                       "besides its own page, only the entry before it, which now links to it")
        XCTAssertEqual(matching(dayPage, written), [newestDay, "\(folder)/index.html"].sorted(),
                       "besides its day, only the day before it, which now links to it")
        XCTAssertLessThan(written.count, first.pageCount / 8, "\(written.sorted())")
        try assertSameSiteAsAFullBuild(root, after: "a new entry after the last")
    }

    func testAnEditBeyondAnEntrysExcerptRewritesOnlyThePagesThatShowItInFull() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let path = root.appendingPathComponent("Content/2024/03/02/last-year.md")
        let long = try String(contentsOf: path, encoding: .utf8) + "\n" + String(repeating: "A long walk by the river in the rain. ", count: 60) + "\n"
        try long.write(to: path, atomically: true, encoding: .utf8)
        try buildSite(root)
        try (long + "\nThe last line, far past the excerpt.\n").write(to: path, atomically: true, encoding: .utf8)
        let written = Set(try buildSite(root).writtenPaths)
        XCTAssertTrue(written.contains("2024/03/02/last-year/index.html"))
        XCTAssertTrue(written.contains("2024/03/02/index.html"), "the day page shows the entry in full")
        XCTAssertFalse(written.contains("2024/03/index.html"), "the month page shows its card, which did not change")
        XCTAssertFalse(written.contains("index.html"), "nor the home page, whose latest entry is another")

        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self)
    }

    func testABuildRightAfterAnEditLeavesTheNextRebuildNothingToDo() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        let entry = root.appendingPathComponent("Content/notes/2025-07-04-fireworks.md")
        try (try String(contentsOf: entry, encoding: .utf8) + "\nA late rocket.\n").write(to: entry, atomically: true, encoding: .utf8)
        // The edit is younger than the file system's timestamp granularity when this build starts.
        let edited = try buildSite(root)
        XCTAssertTrue(edited.writtenPaths.contains("2025/07/04/fireworks/index.html"))
        let rebuild = try buildSite(root)
        XCTAssertEqual(rebuild.steps.map(\.step), [.checkForChanges], "the nothing-changed check trusts the recorded inputs")
        XCTAssertEqual(rebuild.writtenPaths, [])
    }

    func testASameSizeEditThatKeepsTheModificationTimeIsStillSeen() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let entry = root.appendingPathComponent("Content/notes/2025-07-04-fireworks.md")
        let page = root.appendingPathComponent("Output/2025/07/04/fireworks/index.html")
        try (try String(contentsOf: entry, encoding: .utf8) + "\nThe rockets were red.\n").write(to: entry, atomically: true, encoding: .utf8)
        try buildSite(root)
        XCTAssertTrue(try String(contentsOf: page, encoding: .utf8).contains("The rockets were red."))

        // A second save within the same clock tick: same size, same modification time.
        var saved = stat()
        XCTAssertEqual(stat(entry.path, &saved), 0)
        let text = try String(contentsOf: entry, encoding: .utf8).replacingOccurrences(of: "were red.", with: "were teal")
        try text.write(to: entry, atomically: false, encoding: .utf8)
        var times = [saved.st_atim, saved.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, entry.path, &times, 0), 0)

        let rebuild = try buildSite(root)
        XCTAssertTrue(rebuild.writtenPaths.contains("2025/07/04/fireworks/index.html"))
        XCTAssertTrue(try String(contentsOf: page, encoding: .utf8).contains("The rockets were teal"))
    }

    func testAnEditLeavesThePictureFilesAsTheyAreAndAGoneOneComesBack() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let output = root.appendingPathComponent("Output")
        try buildSite(root)
        let pictures = try filesBelow(output).keys.filter { $0.hasPrefix("images/") }.sorted()
        XCTAssertFalse(pictures.isEmpty)
        func inodes() throws -> [UInt64] {
            try pictures.map { try XCTUnwrap(FileManager.default.attributesOfItem(atPath: output.appendingPathComponent($0).path)[.systemFileNumber] as? UInt64) }
        }
        let before = try inodes()
        let entry = root.appendingPathComponent("Content/2025/03/01/2130-quiet-night.md")
        try (String(contentsOf: entry, encoding: .utf8) + "\nThe river was high.\n").write(to: entry, atomically: true, encoding: .utf8)
        let edit = try buildSite(root)
        XCTAssertEqual(edit.writtenPaths.filter { $0.hasPrefix("images/") }, [], "an edit of the text offers no picture again")
        XCTAssertEqual(try inodes(), before)
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self, "after an edit")

        try FileManager.default.removeItem(at: output.appendingPathComponent(pictures[0]))
        try (String(contentsOf: entry, encoding: .utf8) + "\nAnd the wind cold.\n").write(to: entry, atomically: true, encoding: .utf8)
        let restore = try buildSite(root)
        XCTAssertEqual(restore.writtenPaths.filter { $0.hasPrefix("images/") }, [pictures[0]], "the picture file gone from the folder is written again")
        try assertOutputIsAFullBuilds(root, fixture: "seoul-diary", test: self, "after a picture file was removed")
    }

    func testAPictureReplacedByOneOfAnotherSizeIsProcessedAgainAndAnUnchangedOneIsNot() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let page = root.appendingPathComponent("Output/2025/03/01/0900-plum-blossoms/index.html")
        try buildSite(root)
        XCTAssertTrue(try String(contentsOf: page, encoding: .utf8).contains(#"width="40" height="30""#))
        try SolidPNG.make(width: 64, height: 48, red: 200, green: 90, blue: 120)
            .write(to: root.appendingPathComponent("Content/pictures/plum.png"))
        let second = try buildSite(root)
        XCTAssertEqual(second.processedPictureCount, 1, "only the changed picture is decoded")
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(html.contains(#"width="64" height="48""#))
        XCTAssertFalse(html.contains(#"width="40" height="30""#))
    }

    func testADamagedStateFallsBackToAFullBuild() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))
        for file in BuildCache.File.allCases where FileManager.default.fileExists(atPath: cache.path(of: file)) {
            try Data("garbage\u{0}".utf8).write(to: URL(fileURLWithPath: cache.path(of: file)))
        }
        try "Changed.".write(to: root.appendingPathComponent("Content/notes/2025-07-05-tired.md"), atomically: true,
                             encoding: .utf8)
        let report = try SiteBuilder(root: root).build(.init())
        XCTAssertEqual(report.diagnostics.count, 1, "the broken entry is reported, not hidden by a stale cache")
        try "---\ndate: 2025-07-05T07:00:00Z\nemotion: tired\n---\nFixed.\n"
            .write(to: root.appendingPathComponent("Content/notes/2025-07-05-tired.md"), atomically: true, encoding: .utf8)
        try buildSite(root)
        let fresh = try freshCopy(of: root, test: self)
        try buildSite(fresh)
        let actual = try filesBelow(root.appendingPathComponent("Output"))
        let expected = try filesBelow(fresh.appendingPathComponent("Output"))
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted())
        for path in expected.keys.sorted() where actual[path] != expected[path] { XCTFail("\(path) differs from a full build") }
    }

    func testBodyEditsUpdateTheSearchIndexInPlaceAsAFullBuildWould() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let entry = root.appendingPathComponent("Content/2024/03/02/last-year.md")
        let original = try String(contentsOf: entry, encoding: .utf8)
        // New words, the diary's only quokka going again, its only tea going, and back; the same
        // length each time, so that the records' average size (and with it the chunk size) stays.
        for words in ["zebra quokka", "zebra zebras", "zebra & rain", "rain and tea"] {
            try original.replacingOccurrences(of: "rain and tea", with: words).write(to: entry, atomically: true, encoding: .utf8)
            let report = try buildSite(root)
            XCTAssertEqual(report.searchIndex, .updated, words)
            try assertSameSiteAsAFullBuild(root, after: "editing the body to '\(words)'")
        }
    }

    func testEditsThatGiveKeysFilesOfTheirOwnOrTakeThemAwayUpdateTheSearchIndexInPlace() throws {
        // 400 numbered words of one stem make a key list 400 tokens, too many for a shard: in the
        // words space the stem's own key (`zqx`), in the initials space the key of the stem's
        // initials (`초 ᄏᄌ` for `퀴즈`). The fifth edit of each spreads the words over hundreds of
        // stems, whose many small keys need twice the shards, and the last takes them back. Every
        // version of the edited entry has the same length, so the chunk size stays.
        func syllable(_ initial: Int) -> String { String(Unicode.Scalar(0xAC00 + UInt32(initial % 19) * 588)!) }
        func letter(_ number: Int) -> String { String(Unicode.Scalar(UInt8(ascii: "a") + UInt8(number % 26))) }
        let spaces: [(manifest: String, first: (stem: String, heavy: String), edits: [(stem: (Int) -> String, heavy: [String])])] = [
            ("search/index.json", ("zqx", "zqx"), [
                ({ _ in "zqy" }, ["zqy"]),                              // one key takes another's file
                ({ $0 < 300 ? "zqx" : "zqy" }, []),                     // both go back to their shards
                ({ $0 < 300 ? "zqw" : "zqy" }, []),                     // light keys come and go
                ({ _ in "zqw" }, ["zqw"]),                              // a file for a key again
                ({ "z" + letter($0) + letter($0 / 26) }, []),           // hundreds of light keys
                ({ _ in "zqx" }, ["zqx"]),                              // and back to one stem
            ]),
            ("search/initials.json", ("퀴즈", "초 ᄏᄌ"), [
                ({ _ in "튀김" }, ["초 ᄐᄀ"]),
                ({ $0 < 300 ? "퀴즈" : "튀김" }, []),
                ({ $0 < 300 ? "퓨레" : "튀김" }, []),
                ({ _ in "퓨레" }, ["초 ᄑᄅ"]),
                ({ syllable($0) + syllable($0 / 19) }, []),
                ({ _ in "퀴즈" }, ["초 ᄏᄌ"]),
            ]),
        ]
        for (manifest, first, edits) in spaces {
            let root = try copyOfFixture("seoul-diary", test: self)
            let entry = root.appendingPathComponent("Content/2024/03/02/last-year.md")
            let original = try String(contentsOf: entry, encoding: .utf8)
            func withWords(_ stem: (Int) -> String) throws {
                let words = (100..<500).map { "\(stem($0))\($0)" }.joined(separator: " ")
                try (original + "\n" + words + "\n").write(to: entry, atomically: true, encoding: .utf8)
            }
            func layout() throws -> (heavy: [String], shards: Int) {
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("Output/" + manifest)))
                let object = try XCTUnwrap(json as? [String: Any], manifest)
                return (try XCTUnwrap(object["heavy"] as? [String]).sorted(), try XCTUnwrap(object["shards"] as? Int))
            }
            try withWords { _ in first.stem }
            try buildSite(root)
            XCTAssertEqual(try layout().heavy, [first.heavy])
            var shardCounts = [try layout().shards]
            for (step, edit) in edits.enumerated() {
                try withWords(edit.stem)
                let report = try buildSite(root)
                XCTAssertEqual(report.searchIndex, .updated, "\(manifest), edit \(step)")
                XCTAssertEqual(try layout().heavy, edit.heavy, "\(manifest), edit \(step)")
                shardCounts.append(try layout().shards)
                try assertSameSiteAsAFullBuild(root, after: "\(manifest), edit \(step)")
            }
            let steps = zip(shardCounts, shardCounts.dropFirst())
            XCTAssertTrue(steps.contains { $0 < $1 } && steps.contains { $0 > $1 }, "\(manifest): shards \(shardCounts) grow and shrink")
        }
    }

    func testADamagedOrMissingSearchStateRebuildsTheIndexInFull() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let state = URL(fileURLWithPath: BuildCache(root: root, output: root.appendingPathComponent("Output")).path(of: .searchState))
        let entry = root.appendingPathComponent("Content/2024/03/02/last-year.md")
        for damage in ["garbage", "cut short", "missing"] {
            switch damage {
            case "garbage": try Data("garbage\u{0}".utf8).write(to: state)
            case "cut short": try Data(try Data(contentsOf: state).prefix(100)).write(to: state)
            default: try FileManager.default.removeItem(at: state)
            }
            try (try String(contentsOf: entry, encoding: .utf8) + "\nA \(damage) state.\n").write(to: entry, atomically: true, encoding: .utf8)
            let report = try buildSite(root)
            XCTAssertEqual(report.searchIndex, .rebuilt, damage)
            try assertSameSiteAsAFullBuild(root, after: "a \(damage) search state")
            XCTAssertTrue(FileManager.default.fileExists(atPath: state.path), "the full build saves a new state")
        }
    }

    func testChangingTheBaseURLReadsNoEntryAgainButMovesEveryURL() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        // Older than the window in which a coarse file clock could hide an edit: the cache keeps them.
        for url in try entryFiles(in: root) {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: url.path)
        }
        let first = try buildSite(root)
        XCTAssertEqual(first.parsedCount, 2)
        let config = root.appendingPathComponent("daybook.yml")
        try (try String(contentsOf: config, encoding: .utf8)).replacingOccurrences(of: "base_url: /diary/", with: "base_url: /journal/")
            .write(to: config, atomically: true, encoding: .utf8)

        let second = try buildSite(root)
        XCTAssertEqual(second.parsedCount, 0, "what is read of an entry does not depend on base_url")
        let output = root.appendingPathComponent("Output")
        let files = try filesBelow(output)
        let pages = files.keys.filter { $0.hasSuffix(".html") }
        XCTAssertEqual(Set(pages).subtracting(second.writtenPaths).sorted(), [], "every page has new URLs")
        for (path, data) in files where path.hasSuffix(".html") || path.hasSuffix(".json") {
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("/diary/"), "\(path) still links to the old base_url")
        }
        XCTAssertTrue(String(decoding: files["2025/07/05/tired/index.html"] ?? Data(), as: UTF8.self)
            .contains(#"<img src="/journal/images/2025-07-05-tired_image_1.png" id="image-1" width="32" height="16" srcset="/journal/images/2025-07-05-tired_image_1.png 32w""#))
        XCTAssertEqual(try brokenLinks(in: output, baseURL: "/journal/").map(\.description), [])
        try assertSameSiteAsAFullBuild(root, after: "changing base_url")
    }

    // MARK: - Helpers

    private func assertSameSiteAsAFullBuild(_ root: URL, after change: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let fresh = try freshCopy(of: root, test: self)
        try buildSite(fresh)
        let expected = try filesBelow(fresh.appendingPathComponent("Output"))
        let actual = try filesBelow(root.appendingPathComponent("Output"))
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), "after \(change)", file: file, line: line)
        for path in expected.keys.sorted() where actual[path] != expected[path] {
            XCTFail("\(path) differs from a full build after \(change)", file: file, line: line)
        }
    }

    private func modificationTimes(below folder: URL) throws -> [String: Date] {
        var times: [String: Date] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey]))
        for case let url as URL in enumerator {
            times[url.path] = try url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
        }
        return times
    }
}
