import DaybookTestSupport
import DiaryModel
@testable import SiteEncryption
import XCTest

/// The settings an unlock page publishes, read back by a build that has no record of its own.
final class UnlockSettingsTests: XCTestCase {
    private func page(_ keys: SiteKeys) -> [UInt8] {
        UnlockPage(keys: keys, baseURL: "/").files["index.html"]!
    }

    /// Keys whose password slot has the published rounds, so that a page of them reads back.
    private func publishableKeys(_ password: String = "plum blossoms") throws -> SiteKeys {
        try SiteKeys(password: password, salt: testSalt)
    }

    func testTheSlotsAnUnlockPagePublishesReadBackAsTheyWereAndOpenWithThePassword() throws {
        let keys = try publishableKeys()
        let recovery = try keys.addingRecoveryKey()
        let code = PasskeyCode(keyID: keys.keyID, credential: Array(1...40), salt: Array(repeating: 3, count: 32),
                               wrapped: Array(repeating: 4, count: 60))
        let all = try recovery.keys.adding(code).keys
        let settings = try XCTUnwrap(try UnlockSettings.read(fromPage: page(all), path: "Output/index.html"))
        XCTAssertEqual(settings, .slots(all.published))
        guard case .slots(let slots) = settings else { return }
        XCTAssertEqual(slots.slots.map(\.kind.name), ["password", "recovery", "passkey"])
        XCTAssertEqual(try SiteKeys.opening(slots, with: "plum blossoms")?.keys.contentKey, keys.contentKey)
        XCTAssertEqual(try SiteKeys.opening(slots, with: recovery.recoveryKey.text)?.keys.contentKey, keys.contentKey)
        XCTAssertNil(try SiteKeys.opening(slots, with: "plum blossom"))
        XCTAssertTrue(UnlockSettings.isUnlockPage(page(keys)))
    }

    func testAnEarlierReleasesPageReadsBackAsPasswordDerivedSettingsThatKnowTheirPassword() throws {
        let salt = Data(testSalt).base64EncodedString()
        let master = KeyDerivation.pbkdf2(password: Array("plum blossoms".utf8), salt: testSalt, iterations: 600_000, byteCount: 32)
        let check = KeyDerivation.hkdf(from: master, salt: [], info: Array("daybook 1 password check".utf8), byteCount: 16)
        let text = #"<html><head><script type="application/json" id="daybook-lock">{"addresses":"opaque","check":"\#(Data(check).base64EncodedString())","#
            + #""folder":"x","iterations":600000,"salt":"\#(salt)","version":1}</script></head></html>"#
        let settings = try XCTUnwrap(try UnlockSettings.read(fromPage: Array(text.utf8), path: "Output/index.html"))
        XCTAssertEqual(settings, .passwordDerived(PasswordDerivedSettings(salt: testSalt, iterations: 600_000, check: check)))
        guard case .passwordDerived(let derived) = settings else { return }
        XCTAssertTrue(try derived.accepts("plum blossoms"))
        XCTAssertFalse(try derived.accepts("plum blossom"))
    }

    func testAPageWithoutTheSettingsElementHoldsNone() throws {
        let home = Array("<!DOCTYPE html>\n<html><head><script type=\"application/json\" id=\"other\">{}</script></head></html>\n".utf8)
        XCTAssertNil(try UnlockSettings.read(fromPage: home, path: "Output/index.html"))
        XCTAssertFalse(UnlockSettings.isUnlockPage(home))
        XCTAssertNil(try UnlockSettings.read(fromPage: [], path: "Output/index.html"))
    }

    func testSettingsThatCannotBeUsedAreAnErrorAtTheirPlaceInThePage() throws {
        let keys = try publishableKeys()
        let original = String(decoding: page(keys), as: UTF8.self)
        let salt = Data(testSalt).base64EncodedString()
        let keyID = Data(keys.keyID).base64EncodedString()
        let id = keys.slots[0].id
        let line = original.prefix(upTo: original.range(of: "id=\"daybook-lock\"")!.lowerBound).filter { $0 == "\n" }.count + 1
        let column = #"<script type="application/json" id="daybook-lock">"#.count + 1
        let cases: [(String, String)] = [
            (original.replacingOccurrences(of: salt, with: "AAAA"), "hold a key slot '\(id)' whose salt is not 16 bytes of base64"),
            (original.replacingOccurrences(of: keyID, with: "AAAA"), "hold a site key id that is not 16 bytes of base64: 'AAAA'"),
            (original.replacingOccurrences(of: "\"iterations\":600000", with: "\"iterations\":1000"),
             "hold a key slot '\(id)' that asks for 1000 rounds (from 600000 to 10000000)"),
            (original.replacingOccurrences(of: "\"kind\":\"password\"", with: "\"kind\":\"palm\""),
             "hold a key slot '\(id)' of the unknown kind 'palm' (known: password, recovery, passkey)"),
            (original.replacingOccurrences(of: "\"version\":2", with: "\"version\":3"), "are of version 3; this Daybook reads versions 1 and 2"),
            (original.replacingOccurrences(of: "{\"addresses\"", with: "{addresses"), "are not the JSON object Daybook writes (version, key, slots)"),
            (original.replacing(#/"slots":\[.*\]/#, with: #""slots":[]"#), "hold no key slot"),
        ]
        for (text, problem) in cases {
            XCTAssertThrowsError(try UnlockSettings.read(fromPage: Array(text.utf8), path: "Output/index.html")) { error in
                XCTAssertEqual((error as? Diagnostic)?.description,
                               "Output/index.html:\(line):\(column): error: the unlock page's settings \(problem); "
                                   + "to encrypt the site under a new site key and password, build with --new-password")
            }
        }
        let unclosed = Array(original.replacingOccurrences(of: "</script>", with: "").utf8)
        XCTAssertThrowsError(try UnlockSettings.read(fromPage: unclosed, path: "Output/index.html")) { error in
            XCTAssertEqual((error as? Diagnostic)?.location, SourceLocation(path: "Output/index.html", line: line, column: 33))
        }
    }
}
