import DaybookTestSupport
import Foundation
import XCTest

/// Passkeys in real Chromium, with a virtual authenticator that has the PRF extension (CDP
/// WebAuthn), on http://localhost (WebAuthn needs a host name): offered after unlocking, made, then
/// one touch opens the site on the next visit; published with `daybook keys passkey` so that it
/// opens the site on a device that kept nothing; gone from the device, it fails cleanly and the
/// password still works; without PRF, the page says so. The device's files then open nothing, and
/// the test's own decryptor opens the published passkey slot.
final class PasskeyBrowserTests: XCTestCase {
    private let password = "lake notes password"

    func testAPasskeyOpensTheSiteWithOneTouchAndADeviceKeepsNothingElse() throws {
        let python = try Requirement.browserPython()
        let decryptor = try decryptorPython()
        let root = try builtFixture("english-subpath", test: self, arguments: ["--encrypt"], environment: environment(password: password))
        let output = root.appendingPathComponent("Output")
        let server = try StaticServer(site: output, subPath: "diary/", test: self)
        defer { server.stop() }
        let site = server.origin.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/diary/"
        let profile = temporaryFolder(self).appendingPathComponent("passkey-profile")

        let answers = try runBrowserScript(python, "encrypted_passkey.py", [site, password, try daybookExecutable().path, root.path, profile.path])

        let first = try XCTUnwrap(answers["first"] as? [String: Any])
        XCTAssertNil(first["failed"], "\(first["failed"] ?? "")")
        XCTAssertEqual((first["button_before"] as? [Any])?.first as? Bool, false, "no passkey to offer before one is made")
        XCTAssertEqual(first["offer"] as? [String], [
            "Open with a passkey next time?",
            "Face ID, Touch ID, Windows Hello or a security key opens the diary on this device without the password. "
                + "The device keeps the diary’s key only locked by the passkey.",
            "Use a passkey on this device", "Not now",
        ])
        EncryptedSiteBrowserTests.assertNothingKept(first["storage_before"], "unlocked for the tab, before the passkey")
        let code = try XCTUnwrap(first["code"] as? String)
        XCTAssertTrue(code.hasPrefix("daybook keys passkey daybook-passkey:"), code)
        XCTAssertEqual((first["made"] as? [String])?.prefix(2), [
            "This device now opens the diary with the passkey.",
            "To open the diary with this passkey on your other devices too, run this where the diary is built:",
        ])
        let kept = try XCTUnwrap(first["storage"] as? [String: Any])
        XCTAssertEqual(kept["databases"] as? [String], ["daybook:/diary/"])
        XCTAssertEqual((kept["caches"] as? [String])?.filter { $0.hasPrefix("daybook-device:") }, [], "nothing in Cache Storage")
        XCTAssertEqual(kept["records"] as? Int, 1)
        let device = try XCTUnwrap((first["device"] as? [[String: Any]])?.first)
        XCTAssertEqual(device.keys.sorted(), ["credential", "id", "key", "salt", "wrapped"], "the passkey's id, its PRF salt and the wrapped site key")
        XCTAssertEqual((device["wrapped"] as? String)?.count, 120)
        let button = first["button_after"] as? [Any] ?? []
        XCTAssertEqual(button.first as? Bool, true, "offered on the next visit")
        XCTAssertEqual(button.dropFirst().first as? String, "Unlock with a passkey")
        XCTAssertEqual(button.last as? Bool, true, "and focused")
        XCTAssertEqual(first["typed"] as? Int, 0, "the site opened without a password field")
        XCTAssertEqual(first["heading"] as? String, "Lake notes")
        XCTAssertEqual(first["offer_after_passkey"] as? Bool, false)
        XCTAssertEqual(first["errors"] as? [String], [])
        print("unlock with the CPU slowed 4 times (headless Chromium): password \(first["password_ms"] ?? "?") ms, "
              + "passkey \(first["passkey_ms"] ?? "?") ms, from the click to the home page")

        let second = try XCTUnwrap(answers["second"] as? [String: Any])
        XCTAssertNil(second["failed"], "\(second["failed"] ?? "")")
        XCTAssertEqual((second["published"] as? [Any])?.first as? Int, 0, "\(second["published"] ?? "")")
        EncryptedSiteBrowserTests.assertNothingKept(second["storage_after_lock"], "after Lock, the passkey's record too")
        XCTAssertEqual((second["button_with_published_slot"] as? [Any])?.first as? Bool, true, "the published slot is offered")
        XCTAssertEqual(second["opened_by_published_slot"] as? Bool, true)
        EncryptedSiteBrowserTests.assertNothingKept(second["storage_after_published_slot"], "opened by the published slot")
        XCTAssertEqual(second["without_authenticator_alert"] as? String, "The passkey did not open the diary (NotAllowedError). Use the password.")
        XCTAssertEqual(second["without_authenticator_focus"] as? String, "password")
        XCTAssertEqual(second["password_after_failure"] as? Bool, true)
        XCTAssertEqual(second["no_prf_status"] as? String,
                       "This browser or passkey cannot keep the diary’s key (it has no PRF extension). Keep using the password.")
        XCTAssertEqual(second["no_prf_button_left"] as? Bool, false)
        EncryptedSiteBrowserTests.assertNothingKept(second["no_prf_storage"], "a passkey without PRF keeps nothing")
        let errors = (second["errors"] as? [String] ?? []).filter { !$0.contains("NotAllowedError") }
        XCTAssertEqual(errors, [])

        // The copy of the first browser's profile, with the passkey kept: nothing in it opens the site.
        let scan = try scanProfile(profile.path, output: output, password: password,
                                   blobs: [["hex": try XCTUnwrap(device["wrapped"] as? String), "label": "daybook 2 passkey slot"]], test: self)
        print("profile scan after a passkey was kept: \(scan["files"] ?? 0) files, \(scan["bytes"] ?? 0) bytes, "
              + "\(scan["windows"] ?? 0) runs tried; wrapped keys in the files: \(scan["blobs_found"] ?? []); found: \(scan["found"] ?? [])")
        XCTAssertEqual((scan["blobs_found"] as? [Any])?.count, 1, "the wrapped key is in the files")
        XCTAssertEqual((scan["found"] as? [Any])?.count, 0, "and nothing in them opens it, or the site")

        // The test's own decryptor opens the published passkey slot with the PRF output the test asked the authenticator for.
        let prf = try XCTUnwrap(second["slot_prf"] as? String)
        XCTAssertEqual(prf.count, 64, prf)
        let plain = root.appendingPathComponent("Plain")
        XCTAssertEqual(try runDaybook(["build", "--output", plain.path, "-C", root.path]).status, 0)
        let opened = try runPythonScript(decryptor, "site_decryptor.py", [output.path, plain.path, "--passkey-prf", prf])
        XCTAssertEqual(opened["slot"] as? String, "passkey")
        XCTAssertEqual(opened["differ"] as? [String], [])
        XCTAssertEqual(opened["opened"] as? Int, opened["published"] as? Int, "every published file decrypts")
        XCTAssertGreaterThan(opened["compared"] as? Int ?? 0, 20)
    }
}
