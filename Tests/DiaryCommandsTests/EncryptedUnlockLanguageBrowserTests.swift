import DaybookTestSupport
import Foundation
import XCTest

/// The unlock page and the reader of an encrypted site speak the diary's language: a Korean diary
/// built by `daybook build --encrypt`, read in real Chromium.
final class EncryptedUnlockLanguageBrowserTests: XCTestCase {
    func testAKoreanDiarysUnlockPageAndReaderShowKoreanWordsOnly() throws {
        let python = try Requirement.browserPython()
        let password = "봄 일기 password"
        let root = try builtFixture("seoul-diary", test: self, arguments: ["--encrypt"], environment: environment(password: password))
        let server = try StaticServer(serving: root.appendingPathComponent("Output"), readyPath: "/unlock.css")
        defer { server.stop() }

        let answers = try runBrowserScript(python, "encrypted_language.py", ["\(server.origin)/", "틀린 비밀번호", password])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual(answers["lang"] as? String, "ko")
        XCTAssertEqual(answers["title"] as? String, "비공개 일기")
        XCTAssertEqual(answers["form"] as? String,
                       "비공개 일기 암호화된 일기입니다. 읽으려면 비밀번호를 입력하세요. 비밀번호 이 기기에서 기억하기 기간 1일 7일 30일 90일 열기")
        XCTAssertEqual(answers["wrong_password_alert"] as? String, "비밀번호가 틀렸습니다. 다시 입력하세요.")
        XCTAssertEqual(answers["reader_lang"] as? String, "ko")
        XCTAssertEqual(answers["lock_text"] as? String, "잠그기")
        XCTAssertEqual(answers["lock_title"] as? String, "일기 잠그기: 이 기기와 열려 있는 다른 탭에서 비밀번호를 지웁니다")
        XCTAssertEqual(answers["errors"] as? [String], [], "no JavaScript errors")
    }
}
