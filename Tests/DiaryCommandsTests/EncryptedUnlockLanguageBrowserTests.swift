import DaybookTestSupport
import Foundation
import SiteEncryption
import XCTest

/// The unlock page and the reader of an encrypted site speak the diary's language: a Korean diary
/// built by `daybook build --encrypt`, read in real Chromium.
final class EncryptedUnlockLanguageBrowserTests: XCTestCase {
    func testAKoreanDiarysUnlockPageAndReaderShowKoreanWordsOnly() throws {
        let python = try Requirement.browserPython()
        let password = "봄 일기 password"
        let root = try builtFixture("seoul-diary", test: self, arguments: ["--encrypt"], environment: environment(password: password))
        // A published passkey slot, so that the unlock page offers the passkey.
        let page = try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8)
        let keyID = try XCTUnwrap(Data(base64Encoded: String(try XCTUnwrap(page.firstMatch(of: #/"key":"([^"]+)"/#)).1)))
        let code = PasskeyCode(keyID: [UInt8](keyID), credential: Array(1...32), salt: Array(repeating: 1, count: 32), wrapped: Array(repeating: 2, count: 60))
        XCTAssertEqual(try runDaybook(["keys", "passkey", code.text, "-C", root.path], environment: environment(password: password)).status, 0)
        let server = try StaticServer(serving: root.appendingPathComponent("Output"), readyPath: "/unlock.css")
        defer { server.stop() }

        let answers = try runBrowserScript(python, "encrypted_language.py", ["\(server.origin)/", "틀린 비밀번호", password])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual(answers["lang"] as? String, "ko")
        XCTAssertEqual(answers["title"] as? String, "비공개 일기")
        XCTAssertEqual(answers["form"] as? String,
                       "비공개 일기 암호화된 일기입니다. 읽으려면 비밀번호를 입력하세요. 패스키로 열기 비밀번호 이 기기에서 기억하기 기간 1일 7일 30일 90일 열기 복구 키 사용하기")
        XCTAssertEqual(answers["passkey_button"] as? String, "패스키로 열기")
        XCTAssertEqual(answers["remember_note"] as? String, "패스키 없이 기억하면 잠그기를 누를 때까지 이 기기의 저장소로 일기를 읽을 수 있고, "
            + "그 저장소의 사본으로는 일기의 키를 바꿀 때까지(daybook keys rotate) 읽을 수 있습니다.")
        XCTAssertEqual(answers["recovery"] as? [String], ["복구 키", "복구 키로 열기"])
        XCTAssertEqual(answers["recovery_typo_alert"] as? String, "복구 키가 아닙니다. 글자와 숫자 28개를 확인하세요.")
        XCTAssertEqual(answers["wrong_password_alert"] as? String, "비밀번호가 틀렸습니다. 다시 입력하세요.")
        XCTAssertEqual(answers["reader_lang"] as? String, "ko")
        XCTAssertEqual(answers["lock_text"] as? String, "잠그기")
        XCTAssertEqual(answers["lock_title"] as? String, "일기 잠그기: 이 기기와 열려 있는 다른 탭에서 일기의 키를 지웁니다")
        XCTAssertEqual(answers["passkey_offer"] as? [String], [
            "다음에는 패스키로 열까요?",
            "Face ID, Touch ID, Windows Hello 또는 보안 키로 이 기기에서 비밀번호 없이 일기를 엽니다. 기기에는 패스키로 잠긴 일기의 키만 남습니다.",
            "이 기기에서 패스키 사용하기", "나중에",
        ])
        XCTAssertEqual(answers["errors"] as? [String], [], "no JavaScript errors")
    }
}
