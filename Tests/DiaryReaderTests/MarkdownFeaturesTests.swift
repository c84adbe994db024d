import DaybookTestSupport
@testable import DiaryReader
import XCTest

/// The byte tests that leave a GFM extension off only when its construct cannot occur.
final class MarkdownFeaturesTests: XCTestCase {
    private func features(_ text: String) -> [Bool] {
        let found = MarkdownFeatures(of: text[...])
        return [found.mayHaveTables, found.mayHaveStrikethrough, found.mayHaveAutolinks, found.mayHaveTaskLists, found.mayHaveFootnotes]
    }

    func testEachConstructTurnsOnItsExtensionOnly() {
        XCTAssertEqual(features("오늘은 비가 왔다. Plain words, and more."), [false, false, false, false, false])
        XCTAssertEqual(features("a | b"), [true, false, false, false, false])
        XCTAssertEqual(features("~~gone~~"), [false, true, false, false, false])
        XCTAssertEqual(features("mail me@example.com"), [false, false, true, false, false])
        XCTAssertEqual(features("see https"), [false, false, false, false, false])
        XCTAssertEqual(features("see https://x"), [false, false, true, false, false])
        XCTAssertEqual(features("see WwW.example.org"), [false, false, true, false, false])
        XCTAssertEqual(features("www"), [false, false, false, false, false])
        XCTAssertEqual(features("ww.x and w.w.w."), [false, false, false, false, false])
        XCTAssertEqual(features(".www"), [false, false, false, false, false])
        XCTAssertEqual(features("- [ ] task"), [false, false, false, true, false])
        XCTAssertEqual(features("note[^1]"), [false, false, false, true, true])
        XCTAssertEqual(features("x^2 [ ^"), [false, false, false, true, false])
        XCTAssertEqual(features("^[^"), [false, false, false, true, true])
    }
}
