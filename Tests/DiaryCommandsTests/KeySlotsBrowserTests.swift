import DaybookTestSupport
import Foundation
import XCTest

/// What `daybook keys` changes, as a reader's Chromium sees it once the site is served again: after
/// a password change the old password is refused and the new one and the recovery key open the
/// site; after the recovery slot is removed, the recovery key is refused.
final class KeySlotsBrowserTests: XCTestCase {
    func testAChangedPasswordAndARemovedRecoveryKeyNoLongerOpenTheSiteInTheBrowser() throws {
        let python = try Requirement.browserPython()
        let old = "lake notes password"
        let new = "a password for the lake"
        let root = try builtFixture("english-subpath", test: self, arguments: ["--encrypt"], environment: environment(password: old))
        let added = try runDaybook(["keys", "recovery", "-C", root.path], environment: environment(password: old))
        let recoveryKey = String(try XCTUnwrap(added.standardOutput.firstMatch(of: #/    ([0-9A-Z-]{34})\n/#), added.standardOutput).1)
        var changing = environment(password: old)
        changing["DAYBOOK_NEW_PASSWORD"] = new
        XCTAssertEqual(try runDaybook(["keys", "password", "-C", root.path], environment: changing).status, 0)
        let server = try StaticServer(site: root.appendingPathComponent("Output"), subPath: "diary/", test: self)
        defer { server.stop() }
        let site = "\(server.origin)/diary/"

        let changed = try attempts(python, site, [["password", old], ["password", new], ["recovery", recoveryKey]])
        XCTAssertEqual(changed, ["Wrong password. Try again.", "opened", "opened"])

        let listed = try runDaybook(["keys", "list", "-C", root.path])
        let recoveryID = try XCTUnwrap(listed.standardOutput.split(separator: "\n").first { $0.contains("recovery") }?.split(separator: " ").first)
        XCTAssertEqual(try runDaybook(["keys", "remove", String(recoveryID), "-C", root.path], environment: environment(password: new)).status, 0)
        let removed = try attempts(python, site, [["recovery", recoveryKey], ["password", new]])
        XCTAssertEqual(removed, ["This recovery key does not open the diary.", "opened"])
    }

    private func attempts(_ python: String, _ site: String, _ attempts: [[String]]) throws -> [String] {
        let file = temporaryFolder(self).appendingPathComponent("attempts.json")
        try JSONSerialization.data(withJSONObject: attempts).write(to: file)
        let answers = try runBrowserScript(python, "encrypted_attempts.py", [site, file.path])
        XCTAssertNil(answers["failed"], "\(answers["failed"] ?? "")")
        XCTAssertEqual(answers["errors"] as? [String], [])
        return answers["results"] as? [String] ?? []
    }
}
