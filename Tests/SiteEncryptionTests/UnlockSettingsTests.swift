import DaybookTestSupport
import DiaryModel
@testable import SiteEncryption
import XCTest

/// The settings an unlock page publishes, read back by a build that has no salt of its own.
final class UnlockSettingsTests: XCTestCase {
    private func page(_ keys: SiteKeys) -> [UInt8] {
        UnlockPage(keys: keys, baseURL: "/").files["index.html"]!
    }

    func testTheSettingsAnUnlockPagePublishesReadBackAsTheKeysWere() throws {
        let keys = try SiteKeys(password: "plum blossoms", salt: testSalt)
        let settings = try XCTUnwrap(try UnlockSettings.read(fromPage: page(keys), path: "Output/index.html"))
        XCTAssertEqual(settings, UnlockSettings(salt: keys.salt, iterations: SiteKeys.iterations, check: keys.passwordCheck))
        XCTAssertEqual(try SiteKeys(password: "plum blossoms", published: settings).passwordCheck, keys.passwordCheck)
        XCTAssertTrue(UnlockSettings.isUnlockPage(page(keys)))
    }

    func testAPageWithoutTheSettingsElementHoldsNone() throws {
        let home = Array("<!DOCTYPE html>\n<html><head><script type=\"application/json\" id=\"other\">{}</script></head></html>\n".utf8)
        XCTAssertNil(try UnlockSettings.read(fromPage: home, path: "Output/index.html"))
        XCTAssertFalse(UnlockSettings.isUnlockPage(home))
        XCTAssertNil(try UnlockSettings.read(fromPage: [], path: "Output/index.html"))
    }

    func testSettingsThatCannotBeUsedAreAnErrorAtTheirPlaceInThePage() throws {
        let keys = try SiteKeys(password: "plum blossoms", salt: testSalt)
        let original = String(decoding: page(keys), as: UTF8.self)
        let salt = Data(testSalt).base64EncodedString()
        let line = original.prefix(upTo: original.range(of: "id=\"daybook-lock\"")!.lowerBound).filter { $0 == "\n" }.count + 1
        let column = #"<script type="application/json" id="daybook-lock">"#.count + 1
        let cases: [(String, String)] = [
            (original.replacingOccurrences(of: salt, with: "AAAA"), "hold a salt that is not 16 bytes of base64: 'AAAA'"),
            (original.replacingOccurrences(of: "\"iterations\":600000", with: "\"iterations\":1000"), "ask for 1000 rounds (from 600000 to 10000000)"),
            (original.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"), "are of version 2; this Daybook reads version 1"),
            (original.replacingOccurrences(of: "{\"addresses\"", with: "{addresses"), "are not the JSON object Daybook writes (salt, check, iterations, version)"),
        ]
        for (text, problem) in cases {
            XCTAssertThrowsError(try UnlockSettings.read(fromPage: Array(text.utf8), path: "Output/index.html")) { error in
                XCTAssertEqual((error as? Diagnostic)?.description,
                               "Output/index.html:\(line):\(column): error: the unlock page's settings \(problem); "
                                   + "to encrypt the site under a new password and salt, build with --new-password")
            }
        }
        let unclosed = Array(original.replacingOccurrences(of: "</script>", with: "").utf8)
        XCTAssertThrowsError(try UnlockSettings.read(fromPage: unclosed, path: "Output/index.html")) { error in
            XCTAssertEqual((error as? Diagnostic)?.location, SourceLocation(path: "Output/index.html", line: line, column: 33))
        }
    }
}
