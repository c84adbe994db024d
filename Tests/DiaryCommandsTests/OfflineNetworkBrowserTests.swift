import DaybookTestSupport
import Foundation
import XCTest

/// How the site's real service worker answers in real Chromium when the network is fresh, slow or
/// gone (SPEC §13), on the seoul-diary fixture served by a test server the script controls: a page
/// opened online after a build shows the new text even where the host lets browsers cache pages; a
/// kept page opened while the network connects but does not answer shows within a few seconds; an
/// address that was never kept shows the site's 404 page offline.
final class OfflineNetworkBrowserTests: XCTestCase {
    private let password = "봄 일기 password"
    private let entry = "2025/03/02/new-york-call/"
    private let edit = "Edited after the first visit."

    func testAPageOpenedOnlineAfterABuildShowsTheNewTextAndTheBarSaysTheDiaryChanged() throws {
        let root = try builtFixture("seoul-diary", test: self)
        let rebuild = root.appendingPathComponent("rebuild.sh")
        try """
            set -e
            printf '\\n\(edit)\\n' >> '\(root.path)/Content/2025/03/02/new-york-call.md'
            '\(try daybookExecutable().path)' build -C '\(root.path)'
            """.write(to: rebuild, atomically: true, encoding: .utf8)

        let answers = try run(root, ["scenario": "new-build", "page": entry, "rebuild": rebuild.path, "needle": edit])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual((answers["rebuild"] as? [Any])?.first as? Int, 0, "\(answers["rebuild"] ?? "")")
        XCTAssertEqual(answers["has_new_text"] as? Bool, true,
                       "opened online after the build, without a reload: \(answers["new_text"] ?? "")")
        XCTAssertEqual(answers["offer"] as? String, "일기가 바뀌었습니다 — 새로 고침", "an edit is a change, not new entries")
        XCTAssertEqual(answers["errors"] as? [String], [])
    }

    func testAKeptPageOpenedWhileTheNetworkDoesNotAnswerShowsFromTheCache() throws {
        let root = try builtFixture("seoul-diary", test: self)

        let answers = try run(root, ["scenario": "stalled", "page": entry])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual(answers["heading"] as? String, "Call from New York")
        XCTAssertEqual(answers["stalled_heading"] as? String, "Call from New York",
                       "the kept page shows while the server still holds the request (the browser itself would wait minutes)")
        XCTAssertEqual(answers["answered"] as? Int, 0, "the server answered nothing meanwhile")
        print("a kept page with a stalled network showed after \(answers["stalled_ms"] ?? "?") ms")
    }

    func testOfflineAnAddressThatWasNeverKeptShowsTheSites404Page() throws {
        let root = try builtFixture("seoul-diary", test: self)
        let answers = try run(root, ["scenario": "not-kept", "keep": "text"])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual((answers["kept"] as? [String: Any])?["state"] as? String, "done")
        try assertNotFoundPage(answers, of: root)
    }

    func testOfflineAnEncryptedSiteShowsItsOwn404PageForAnAddressThatWasNeverKept() throws {
        let root = try builtFixture("seoul-diary", test: self, arguments: ["--encrypt"], environment: environment(password: password))
        let answers = try run(root, ["scenario": "not-kept", "keep": NSNull(), "password": password])

        XCTAssertNil(answers["failed"])
        try assertNotFoundPage(answers, of: root)
    }

    // MARK: - Helpers

    private func run(_ root: URL, _ settings: [String: Any]) throws -> [String: Any] {
        let python = try Requirement.browserPython()
        var config = settings.merging(["folder": root.appendingPathComponent("Output").path]) { mine, _ in mine }
        if config["password"] == nil { config["password"] = NSNull() }
        let file = temporaryFolder(self).appendingPathComponent("network.json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)
        return try runBrowserScript(python, "offline_network.py", [file.path])
    }

    /// The page shown is the site's own 404.html (its title and heading), not the browser's error.
    private func assertNotFoundPage(_ answers: [String: Any], of root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let page = try String(contentsOf: root.appendingPathComponent("Output/404.html"), encoding: .utf8)
        let title = try XCTUnwrap(page.components(separatedBy: "<title>").dropFirst().first?.components(separatedBy: "</title>").first)
        let shown = answers["not_kept"] as? [String: Any] ?? [:]
        XCTAssertEqual(shown["title"] as? String, title, "\(shown)", file: file, line: line)
        XCTAssertNotNil(shown["heading"] as? String, "\(shown)", file: file, line: line)
        XCTAssertTrue(page.contains(shown["heading"] as? String ?? "?"), "\(shown)", file: file, line: line)
    }
}
