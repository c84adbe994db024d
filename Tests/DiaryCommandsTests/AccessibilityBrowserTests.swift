import DaybookTestSupport
import Foundation
import SiteEncryption
import XCTest

/// axe-core 4.12 in real Chromium finds nothing to fix on the site's pages, in the light and the
/// dark colour scheme, in English and in Korean, nor on an encrypted site's unlock page and its
/// reader's pages.
final class AccessibilityBrowserTests: XCTestCase {
    private let password = "axe password"

    func testAxeFindsNoViolationOnAnyKindOfPageLightOrDark() throws {
        let python = try Requirement.browserPython()
        let axe = try axeScript()
        for (fixture, subPath, pages) in [("english-subpath", "diary/", Self.englishPages), ("seoul-diary", "", Self.koreanPages)] {
            let root = try builtFixture(fixture, test: self)
            let server = try StaticServer(site: root.appendingPathComponent("Output"), subPath: subPath, test: self)
            defer { server.stop() }
            let answers = try runBrowserScript(python, "accessibility.py", [axe, "\(server.origin)/\(subPath)", try pagesFile(pages)])
            assertClean(answers, checked: pages.count * 2, fixture)
        }
    }

    func testAxeFindsNoViolationOnTheUnlockPageOrInTheReader() throws {
        let python = try Requirement.browserPython()
        let axe = try axeScript()
        let root = try builtFixture("seoul-diary", test: self, arguments: ["--encrypt"], environment: environment(password: password))
        // A published passkey slot: the unlock page shows its passkey button.
        let page = try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8)
        let keyID = try XCTUnwrap(Data(base64Encoded: String(try XCTUnwrap(page.firstMatch(of: #/"key":"([^"]+)"/#)).1)))
        let code = PasskeyCode(keyID: [UInt8](keyID), credential: Array(1...32), salt: Array(repeating: 1, count: 32), wrapped: Array(repeating: 2, count: 60))
        XCTAssertEqual(try runDaybook(["keys", "passkey", code.text, "-C", root.path], environment: environment(password: password)).status, 0)
        let server = try StaticServer(serving: root.appendingPathComponent("Output"), readyPath: "/unlock.css")
        defer { server.stop() }
        let pages = ["home": "", "entry": "2025/03/01/0900-plum-blossoms/"]
        let answers = try runBrowserScript(python, "accessibility.py", [axe, "\(server.origin)/", try pagesFile(pages), password])
        assertClean(answers, checked: (pages.count + 1) * 2, "encrypted")
        XCTAssertEqual(answers["unlock_controls"] as? [String], ["daybook-unlock-passkey", "daybook-recovery-key", "daybook-remember-note"],
                       "the unlock page is checked with its passkey and recovery controls and the remember note")
        XCTAssertEqual((answers["passkey_offer_checked"] as? [String])?.count, pages.count * 2, "and the reader's pages with the passkey offer")
    }

    // MARK: - Helpers

    private static let englishPages = [
        "home": "", "entry": "2025/07/04/fireworks/", "day": "2025/07/04/", "year": "2025/", "stats": "stats/",
        "search": "search/?q=lake", "gallery": "gallery/", "emotions": "emotions/", "tags": "tags/", "archive": "archive/",
    ]
    private static let koreanPages = [
        "home": "", "entry": "2025/03/01/0900-plum-blossoms/", "day": "2025/03/01/", "year": "2025/", "stats": "stats/",
        "search": "search/?q=%EC%82%B0%EC%B1%85", "gallery": "gallery/", "emotions": "emotions/", "tags": "tags/", "archive": "archive/",
    ]

    private func assertClean(_ answers: [String: Any], checked: Int, _ site: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(answers["failed"], site, file: file, line: line)
        XCTAssertEqual((answers["checked"] as? [String])?.count, checked, site, file: file, line: line)
        let violations = answers["violations"] as? [String: Any] ?? [:]
        XCTAssertTrue(violations.isEmpty, "\(site): \(Self.describe(violations))", file: file, line: line)
        XCTAssertEqual(answers["errors"] as? [String], [], site, file: file, line: line)
    }

    private static func describe(_ violations: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: violations, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// axe.min.js as scripts/install-test-tools.sh puts it under .build/test-tools.
    private func axeScript() throws -> String {
        let path = packageRoot.appendingPathComponent(".build/test-tools/axe-0.1.8/axe.min.js").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw Requirement.unmet("axe-core is not installed: run scripts/install-test-tools.sh (axe.min.js from PyPI's axe-playwright-python)")
        }
        return path
    }

    private func pagesFile(_ pages: [String: String]) throws -> String {
        let url = temporaryFolder(self).appendingPathComponent("pages.json")
        try JSONSerialization.data(withJSONObject: pages).write(to: url)
        return url.path
    }
}
