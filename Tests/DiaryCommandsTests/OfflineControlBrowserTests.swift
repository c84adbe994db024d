import DaybookTestSupport
import Foundation
import XCTest

/// The "Keep offline" control in real Chromium with the site's real service worker (SPEC §13): it
/// sits in the header, on the first screen of a phone and a desktop; each level says what it costs
/// in all; the level kept is marked, on later visits too; and the reader can remove what is kept
/// from this device. In English and in Korean, with screenshots of the open control at 360 and
/// 1280 px, light and dark, under .build/screenshots/offline-control.
final class OfflineControlBrowserTests: XCTestCase {
    func testTheControlSitsInTheHeaderOnTheFirstScreenOfAPhoneAndADesktop() throws {
        let root = try builtFixture("english-subpath", test: self)
        let answers = try run(root, subPath: "diary/", ["places_only": true])

        XCTAssertNil(answers["failed"])
        for width in ["360", "1280"] {
            let place = try XCTUnwrap((answers["places"] as? [String: [String: Any]])?[width], width)
            let summary = place["summary"] as? [String: Double] ?? [:]
            XCTAssertEqual(place["in_header"] as? Bool, true, width)
            XCTAssertLessThan(summary["top"] ?? .infinity, place["main_top"] as? Double ?? 0, "\(width): above the page's content: \(place)")
            XCTAssertLessThanOrEqual(summary["bottom"] ?? .infinity, place["screen_height"] as? Double ?? 0, "\(width): on the first screen")
            XCTAssertLessThanOrEqual(summary["right"] ?? .infinity, place["screen_width"] as? Double ?? 0, "\(width): not past the screen's edge")
            let rows = place["nav_rows"] as? [Int] ?? []
            XCTAssertEqual(Set(rows).count, 1, "\(width): the navigation's rows stay even: \(rows)")
        }
        XCTAssertEqual(answers["errors"] as? [String], [])
    }

    func testAnEnglishReaderSeesWhatEachLevelCostsInAllTheKeptLevelOnLaterVisitsAndCanRemoveIt() throws {
        let root = try builtFixture("english-subpath", test: self)
        let answers = try run(root, subPath: "diary/", ["page": "2025/07/05/", "level": "thumbnails", "name": "en"])
        assertLevelsKeptAndRemoved(answers, inAll: { $0.hasSuffix(" in all") }, mark: "Kept on this device",
                                   removed: "Removed from this device. Pages you open from now on are kept as you read them.")
    }

    func testAKoreanReaderSeesWhatEachLevelCostsInAllTheKeptLevelOnLaterVisitsAndCanRemoveIt() throws {
        let root = try builtFixture("seoul-diary", test: self)
        let answers = try run(root, subPath: "", ["page": "2025/03/01/", "level": "thumbnails", "name": "ko"])
        assertLevelsKeptAndRemoved(answers, inAll: { $0.hasPrefix("모두 ") }, mark: "이 기기에 보관 중",
                                   removed: "이 기기에서 지웠습니다. 앞으로 여는 페이지는 읽는 대로 남습니다.")
    }

    // MARK: - Helpers

    private func run(_ root: URL, subPath: String, _ settings: [String: Any]) throws -> [String: Any] {
        let python = try Requirement.browserPython()
        let config = settings.merging([
            "folder": root.appendingPathComponent("Output").path, "sub_path": subPath,
            "screenshots": packageRoot.appendingPathComponent(".build/screenshots/offline-control").path,
        ]) { mine, _ in mine }
        let file = temporaryFolder(self).appendingPathComponent("control.json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)
        return try runBrowserScript(python, "offline_control.py", [file.path])
    }

    private struct ShownLevel {
        var level: String
        var name: String
        var size: String
        var pressed: Bool
        var mark: String?
    }

    private func shown(_ answers: [String: Any], _ key: String) -> (levels: [ShownLevel], remove: Bool) {
        let shown = answers[key] as? [String: Any] ?? [:]
        let levels = (shown["levels"] as? [[String: Any]] ?? []).map {
            ShownLevel(level: $0["level"] as? String ?? "", name: $0["name"] as? String ?? "", size: $0["size"] as? String ?? "",
                       pressed: $0["pressed"] as? String == "true", mark: $0["mark"] as? String)
        }
        return (levels, shown["remove"] as? Bool ?? false)
    }

    private func assertLevelsKeptAndRemoved(_ answers: [String: Any], inAll: (String) -> Bool, mark: String, removed: String,
                                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(answers["failed"], file: file, line: line)
        let before = shown(answers, "levels_before")
        XCTAssertEqual(before.levels.map(\.level), ["text", "thumbnails", "pictures"], file: file, line: line)
        for level in before.levels {
            XCTAssertFalse(level.name.hasPrefix("+"), "a level is all it keeps, not an addition: \(level.name)", file: file, line: line)
            XCTAssertTrue(inAll(level.size), "\(level.level) says what it costs in all: \(level.size)", file: file, line: line)
        }
        XCTAssertFalse(before.levels.contains { $0.pressed || $0.mark != nil }, "nothing kept yet", file: file, line: line)
        XCTAssertFalse(before.remove, "nothing to remove yet", file: file, line: line)

        XCTAssertEqual((answers["kept"] as? [String: Any])?["state"] as? String, "done", file: file, line: line)
        for key in ["levels_kept", "levels_later"] {
            let kept = shown(answers, key)
            XCTAssertEqual(kept.levels.filter(\.pressed).map(\.level), ["thumbnails"], key, file: file, line: line)
            XCTAssertEqual(kept.levels.compactMap(\.mark), [mark], key, file: file, line: line)
            XCTAssertTrue(kept.remove, "\(key): the kept copy can be removed", file: file, line: line)
        }
        let later = answers["later"] as? [String: Any] ?? [:]
        XCTAssertEqual(later["kept"] as? String, "thumbnails", "marked on a later visit, before the control is opened", file: file, line: line)
        XCTAssertEqual(later["state"] as? String, "done", file: file, line: line)

        let afterRemoving = answers["removed"] as? [String: Any] ?? [:]
        XCTAssertEqual(afterRemoving["cache_entries"] as? Int, 0, "nothing of the site is left in Cache Storage", file: file, line: line)
        XCTAssertEqual(afterRemoving["status"] as? String, removed, file: file, line: line)
        XCTAssertFalse(shown(afterRemoving, "levels").levels.contains { $0.pressed }, file: file, line: line)
        let visit = answers["after_removal"] as? [String: Any] ?? [:]
        XCTAssertTrue(visit["kept"] is NSNull, "no level is marked once removed: \(visit)", file: file, line: line)
        XCTAssertTrue(visit["state"] is NSNull, "\(visit)", file: file, line: line)

        let shots = answers["screenshots"] as? [String] ?? []
        XCTAssertEqual(shots.count, 4, file: file, line: line)
        for shot in shots { XCTAssertTrue(FileManager.default.fileExists(atPath: shot), shot, file: file, line: line) }
        XCTAssertEqual(answers["errors"] as? [String], [], file: file, line: line)
    }
}
