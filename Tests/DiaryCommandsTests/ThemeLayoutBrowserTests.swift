import DaybookTestSupport
import Foundation
import XCTest

/// The default theme in real Chromium at a phone's width (360 px) and a desktop's (1280 px): the
/// navigation in even rows, a task list with its boxes and no bullets, and every statistics chart
/// drawing its labels at one size.
final class ThemeLayoutBrowserTests: XCTestCase {
    func testNavigationRowsTaskListsAndChartLabelsLookTidy() throws {
        let python = try Requirement.browserPython()
        let root = try builtFixture("english-subpath", test: self) { root in
            try Data("---\ndate: 2025-07-06 10:00\nemotion: calm\n---\n- [x] blanket\n- [ ] bug spray\n\nAnd:\n\n- one\n- two\n".utf8)
                .write(to: root.appendingPathComponent("Content/notes/2025-07-06-lists.md"))
        }
        let server = try StaticServer(site: root.appendingPathComponent("Output"), subPath: "diary/", test: self)
        defer { server.stop() }

        let answers = try runBrowserScript(python, "layout.py", ["\(server.origin)/diary/", "2025/07/06/lists/"])

        XCTAssertNil(answers["failed"])
        for width in ["360", "1280"] {
            let layout = try XCTUnwrap(answers[width] as? [String: Any], width)
            let rows = layout["nav_rows"] as? [Int] ?? []
            XCTAssertFalse(rows.isEmpty, width)
            XCTAssertEqual(Set(rows).count, 1, "\(width): every row of the navigation holds as many links: \(rows)")
            XCTAssertEqual(layout["nav_overflow"] as? Bool, false, width)
            XCTAssertEqual(layout["task_markers"] as? [String], ["none"], "\(width): a task shows its box, not a bullet too")
            XCTAssertEqual(layout["plain_markers"] as? [String], ["disc"], width)
            let labels = try XCTUnwrap(layout["chart_labels"] as? [String: Double], width)
            XCTAssertEqual(labels.count, 4, "\(width): \(labels)")
            let sizes = labels.values
            XCTAssertLessThanOrEqual(sizes.max()! / sizes.min()!, 1.1, "\(width): chart labels drawn at one size: \(labels)")
            XCTAssertGreaterThanOrEqual(sizes.min()!, 9.5, "\(width): \(labels)")
        }
        XCTAssertEqual(answers["errors"] as? [String], [])
    }
}
