import DaybookTestSupport
import SiteEncryption
import XCTest

final class PasswordSourceTests: XCTestCase {
    /// A terminal that answers from a list and records its prompts.
    private final class Terminal {
        var answers: [String?]
        var prompts: [String] = []
        init(_ answers: [String?]) { self.answers = answers }
        func read(_ prompt: String) -> String? {
            prompts.append(prompt)
            return answers.isEmpty ? nil : answers.removeFirst()
        }
    }

    func testTheEnvironmentVariableComesFirstAndNothingIsAsked() throws {
        let terminal = Terminal(["typed"])
        let source = PasswordSource(environment: ["DAYBOOK_PASSWORD": "from the environment"], terminal: terminal.read)
        XCTAssertEqual(try source.password(confirming: true), "from the environment")
        XCTAssertEqual(terminal.prompts, [])
    }

    func testTheTerminalIsAskedOnceForAKnownSiteAndTwiceTheFirstTime() throws {
        let once = Terminal(["walk in the park"])
        XCTAssertEqual(try PasswordSource(environment: [:], terminal: once.read).password(confirming: false), "walk in the park")
        XCTAssertEqual(once.prompts.count, 1)
        let twice = Terminal(["walk in the park", "walk in the park"])
        XCTAssertEqual(try PasswordSource(environment: [:], terminal: twice.read).password(confirming: true), "walk in the park")
        XCTAssertEqual(twice.prompts.count, 2)
    }

    func testTwoDifferentAnswersAnEmptyOneOrNoTerminalAreErrors() {
        XCTAssertThrowsError(try PasswordSource(environment: [:], terminal: Terminal(["one", "two"]).read).password(confirming: true)) {
            XCTAssertEqual($0 as? SiteEncryptionError, .passwordsDiffer)
        }
        XCTAssertThrowsError(try PasswordSource(environment: [:], terminal: Terminal([""]).read).password(confirming: false)) {
            XCTAssertEqual($0 as? SiteEncryptionError, .emptyPassword)
        }
        XCTAssertThrowsError(try PasswordSource(environment: ["DAYBOOK_PASSWORD": ""], terminal: Terminal([]).read).password(confirming: false))
        XCTAssertThrowsError(try PasswordSource(environment: [:], terminal: Terminal([]).read).password(confirming: false)) {
            XCTAssertEqual($0 as? SiteEncryptionError, .noPassword)
            XCTAssertEqual("\($0)", "no password for the encrypted site: set DAYBOOK_PASSWORD or run on a terminal")
        }
    }
}
