import DaybookTestSupport
import Foundation
import XCTest

/// `daybook keys rotate` revokes a device: a browser remembered the site, the site key is taken
/// from a copy of its files (the scan), then the site is rotated. That key decrypts no published
/// file any more, and the browser, opened again, says the key changed and asks for the password.
final class KeyRotationBrowserTests: XCTestCase {
    private let password = "lake notes password"

    func testASiteKeyTakenFromARememberingBrowserDecryptsNothingAfterARotation() throws {
        let python = try Requirement.browserPython()
        let decryptor = try decryptorPython()
        let root = try builtFixture("english-subpath", test: self, arguments: ["--encrypt"], environment: environment(password: password))
        let output = root.appendingPathComponent("Output")
        let plain = root.appendingPathComponent("Plain")
        XCTAssertEqual(try runDaybook(["build", "--output", plain.path, "-C", root.path]).status, 0)
        let server = try StaticServer(site: output, subPath: "diary/", test: self)
        defer { server.stop() }
        let profile = temporaryFolder(self).appendingPathComponent("remembering")
        let site = "\(server.origin)/diary/"

        let remembered = try runBrowserScript(python, "encrypted_rotation.py", [site, password, profile.path, "remember"])
        XCTAssertNil(remembered["failed"], "\(remembered["failed"] ?? "")")
        let blobs = (remembered["blobs"] as? [String] ?? []).map { ["hex": $0, "label": "daybook 2 remembered site key"] }
        let scan = try scanProfile(profile.path, output: output, password: password, blobs: blobs, test: self)
        let taken = try XCTUnwrap((scan["found"] as? [[String: Any]])?.compactMap { $0["site_key"] as? String }.first,
                                  "the remembered site key is in the copy: \(scan)")
        let before = try runPythonScript(decryptor, "site_decryptor.py", [output.path, plain.path, "--site-key", taken])
        let published = try XCTUnwrap(before["published"] as? Int)
        XCTAssertEqual(before["opened_any"] as? Int, published, "before the rotation, the taken key opens every file")

        let encrypted = { (tree: [String: Data]) in Set(tree.keys.filter { $0.hasSuffix(".bin") }) }
        let beforeFiles = try treeBelow(output)
        let rotated = try runDaybook(["keys", "rotate", "-C", root.path], environment: environment(password: password))
        XCTAssertEqual(rotated.status, 0, rotated.standardError)
        let afterFiles = try treeBelow(output)
        XCTAssertTrue(encrypted(beforeFiles).isDisjoint(with: encrypted(afterFiles)), "every content file changes")
        let after = try runPythonScript(decryptor, "site_decryptor.py", [output.path, plain.path, "--site-key", taken])
        XCTAssertEqual(after["opened_any"] as? Int, 0, "the taken key decrypts no file after the rotation")
        XCTAssertEqual(after["published"] as? Int, published)

        let reopened = try runBrowserScript(python, "encrypted_rotation.py", [site, password, profile.path, "after"])
        XCTAssertNil(reopened["failed"], "\(reopened["failed"] ?? "")")
        XCTAssertEqual(reopened["message"] as? String, "The diary’s key has changed since this device kept it. Unlock with the password.")
        EncryptedSiteBrowserTests.assertNothingKept(reopened["storage"], "what the device kept of the old key is deleted")
        XCTAssertEqual(reopened["heading"] as? String, "Lake notes", "the same password opens the rotated site")
        XCTAssertEqual(reopened["errors"] as? [String], [])
    }
}
