import DaybookTestSupport
import Foundation
import XCTest

/// The encrypted site's format as the README writes it ("The published format"), followed by a
/// decryptor the tests wrote from those words alone (Browser/site_decryptor.py, Python with
/// Debian's python3-cryptography): it opens the site key from the password slot and from a
/// recovery slot (a passkey slot: PasskeyBrowserTests), and decrypts every published file to the
/// plain build's bytes.
final class PublishedFormatTests: XCTestCase {
    private let password = "lake notes password"

    func testADecryptorWrittenFromTheREADMEOpensEachSlotAndEveryFileToThePlainBuildsBytes() throws {
        let decryptor = try decryptorPython()
        let root = try builtFixture("english-subpath", test: self, arguments: ["--encrypt"], environment: environment(password: password))
        let recovery = try runDaybook(["keys", "recovery", "-C", root.path], environment: environment(password: password))
        XCTAssertEqual(recovery.status, 0, recovery.standardError)
        let recoveryKey = String(try XCTUnwrap(recovery.standardOutput.firstMatch(of: #/    ([0-9A-Z-]{34})\n/#)).1)
        let output = root.appendingPathComponent("Output")
        let plain = root.appendingPathComponent("Plain")
        XCTAssertEqual(try runDaybook(["build", "--output", plain.path, "-C", root.path]).status, 0)
        let plainFiles = try treeBelow(plain).keys.filter { !$0.hasSuffix("/") }
        let dayFiles = plainFiles.filter { $0.hasPrefix("on-this-day/") && $0.hasSuffix(".json") }
        XCTAssertFalse(dayFiles.isEmpty)

        var siteKeys: Set<String> = []
        for (option, secret) in [("--password", password), ("--recovery-key", recoveryKey.lowercased())] {
            let opened = try runPythonScript(decryptor, "site_decryptor.py", [output.path, plain.path, option, secret])
            XCTAssertEqual(opened["differ"] as? [String], [], option)
            // Published in the clear instead (the worker, the web app manifest and its icons), or the build's mark.
            XCTAssertEqual(Set(opened["missing"] as? [String] ?? []),
                           [".daybook-output", "sw.js", "manifest.webmanifest", "icons/icon-192.png", "icons/icon-512.png"], option)
            let published = try XCTUnwrap(opened["published"] as? Int)
            XCTAssertEqual(opened["opened"] as? Int, published, "every published file decrypts (\(option))")
            XCTAssertEqual(opened["compared"] as? Int, plainFiles.count - dayFiles.count - 6, "the offline list aside, byte for byte (\(option))")
            XCTAssertEqual(opened["calendar_days"] as? Int, dayFiles.count, "every day file, in the calendar")
            XCTAssertEqual(opened["calendar_extra"] as? [String], [])
            siteKeys.insert(try XCTUnwrap(opened["site_key"] as? String))
            print("\(option): \(published) published files decrypted, \(opened["compared"] ?? 0) equal to the plain build's")
        }
        XCTAssertEqual(siteKeys.count, 1, "both slots wrap the one site key")
    }
}
