import DaybookTestSupport
import DiaryServer
import Foundation
import XCTest

final class DiaryWatcherTests: XCTestCase {
    /// Each report the watcher made, in order.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [[String]] = []
        var all: [[String]] { lock.withLock { reports } }
        func add(_ paths: [String]) { lock.withLock { reports.append(paths) } }
    }

    func watching(_ mechanism: DiaryWatcher.Mechanism, _ body: (TemporaryDiary, Reports) throws -> Void) throws {
        let diary = try TemporaryDiary()
        try FileManager.default.createDirectory(at: diary.output, withIntermediateDirectories: true)
        let reports = Reports()
        let watcher = DiaryWatcher(root: diary.root, mechanism: mechanism, debounce: 0.04) { reports.add($0) }
        try watcher.start()
        defer { watcher.stop() }
        try body(diary, reports)
    }

    #if os(Linux)
    func testAWriteAndRenameSaveIsReportedOnce() throws {
        try watching(.inotify) { diary, reports in
            try diary.save("Content/notes/2025-07-05-tired.md", "changed")
            XCTAssertTrue(eventually { reports.all.count == 1 })
            usleep(200_000)
            XCTAssertEqual(reports.all, [["Content/notes/2025-07-05-tired.md"]])
        }
    }

    func testEditorFilesAndTheOutputFolderAreIgnored() throws {
        try watching(.inotify) { diary, reports in
            try diary.write("Content/notes/.2025-07-05-tired.md.swp", "vim")
            try diary.write("Content/notes/2025-07-05-tired.md~", "backup")
            try diary.write("Content/notes/.#2025-07-05-tired.md", "emacs lock")
            try diary.write("Content/notes/#2025-07-05-tired.md#", "emacs autosave")
            try diary.write("Content/notes/4913", "vim probe")
            try diary.write("Output/index.html", "built")
            try diary.write("notes.txt", "next to the diary")
            usleep(300_000)
            XCTAssertEqual(reports.all, [])
        }
    }

    func testTemplatesConfigurationAndFoldersMadeLaterAreWatched() throws {
        try watching(.inotify) { diary, reports in
            try diary.write("daybook.yml", "title: Changed\n")
            XCTAssertTrue(eventually { reports.all.count == 1 })
            try diary.write("Templates/layout.html", "<html></html>")
            XCTAssertTrue(eventually { reports.all.count == 2 })
            try diary.write("Content/2026/01/02/new.md", "new")
            XCTAssertTrue(eventually { reports.all.count == 3 })
            try diary.write("Content/2026/01/02/second.md", "second")
            XCTAssertTrue(eventually { reports.all.flatMap { $0 }.contains("Content/2026/01/02/second.md") })
            try FileManager.default.removeItem(at: diary.root.appendingPathComponent("Content/notes/2025-07-04-fireworks.md"))
            XCTAssertTrue(eventually { reports.all.flatMap { $0 }.contains("Content/notes/2025-07-04-fireworks.md") })
        }
    }
    #endif

    func testPollingNoticesChangesToo() throws {
        try watching(.polling(interval: 0.05)) { diary, reports in
            try diary.write("Content/notes/2025-07-05-tired.md", "changed, and longer than before")
            XCTAssertTrue(eventually { reports.all.flatMap { $0 }.contains("Content/notes/2025-07-05-tired.md") })
            try diary.write("Content/notes/.swap.swp", "ignored")
            try diary.write("Output/index.html", "ignored")
            let before = reports.all.count
            usleep(300_000)
            XCTAssertEqual(reports.all.count, before)
        }
    }
}
