import DaybookTestSupport
import Foundation
import XCTest

/// A plain site built with the default theme, in real Chromium: every kind of page carries the
/// Content-Security-Policy of SPEC §8 and nothing on it breaks that policy.
final class ContentSecurityPolicyBrowserTests: XCTestCase {
    func testNoPageOfThePlainSiteBreaksItsContentSecurityPolicy() throws {
        let python = try Requirement.browserPython()
        let root = try copyOfSeoulDiary(self)
        let build = try runDaybook(["build", "-C", root.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        let server = try StaticServer(site: root.appendingPathComponent("Output"), test: self)
        defer { server.stop() }

        let paths = ["", "2025/03/01/0900-plum-blossoms/", "2025/03/01/", "2025/03/", "2025/", "archive/", "emotions/",
                     "emotions/happy/", "tags/", "tags/walk/", "gallery/", "stats/", "search/?q=%EC%82%B0%EC%B1%85", "404.html"]
        let pathsFile = temporaryFolder(self).appendingPathComponent("paths.json")
        try JSONSerialization.data(withJSONObject: paths).write(to: pathsFile)
        let answers = try runBrowserScript(python, "csp_pages.py", ["\(server.origin)/", pathsFile.path])

        let pages = try XCTUnwrap(answers["pages"] as? [String: [String: Any]])
        XCTAssertEqual(Set(pages.keys), Set(paths))
        for (path, page) in pages {
            XCTAssertTrue((page["policy"] as? String ?? "").contains("script-src 'self'"), "\(path) carries the policy")
            XCTAssertEqual(page["violations"] as? [String], [], path)
        }
        XCTAssertEqual(answers["console"] as? [String], [], "no CSP message in the browser's console")
    }
}
