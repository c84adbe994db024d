import XCTest
@testable import Templating

final class ScannerTests: XCTestCase {
    private func dump(_ text: String) -> String {
        let (tokens, error) = Scanner.scan(text, path: "t.html")
        var lines = tokens.map { token -> String in
            if case .text(let text) = token.kind {
                return "\(token.line):\(token.column) text \"\(text.replacingOccurrences(of: "\n", with: "\\n"))\""
            }
            return "\(token.line):\(token.column) \(token.kind.sourceText)"
        }
        if let error { lines.append("\(error)") }
        return lines.joined(separator: "\n")
    }

    func testTokensCarryTheirLineAndColumn() {
        XCTAssertEqual(dump("<p>\n  {{ entry.title | upper }}</p>"), """
            1:1 text "<p>\\n  "
            2:3 {{
            2:6 entry
            2:11 .
            2:12 title
            2:18 |
            2:20 upper
            2:26 }}
            2:28 text "</p>"
            2:32 end of template
            """)
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(dump("오늘 {{ x }}"), """
            1:1 text "오늘 "
            1:4 {{
            1:7 x
            1:9 }}
            1:11 end of template
            """)
    }

    func testTagTokensIncludeOperatorsStringsAndNumbers() {
        XCTAssertEqual(dump("{% if a >= 2.5 and b != 'x' %}"), """
            1:1 {%
            1:4 if
            1:7 a
            1:9 >=
            1:12 2.5
            1:16 and
            1:20 b
            1:22 !=
            1:25 "x"
            1:29 %}
            1:31 end of template
            """)
    }

    func testCommentsDisappear() {
        XCTAssertEqual(dump("a{# note {{ x }} #}b"), """
            1:1 text "a"
            1:20 text "b"
            1:21 end of template
            """)
    }

    func testDashesTrimWhitespaceAndNewlinesOnTheirSide() {
        XCTAssertEqual(dump("a  \n {{- x -}} \n b {#- c -#}  d"), """
            1:1 text "a"
            2:2 {{
            2:6 x
            2:8 }}
            3:2 text "b"
            3:15 text "d"
            3:16 end of template
            """)
    }

    func testStringLiteralsUnderstandEscapes() {
        XCTAssertEqual(dump(#"{{ "a\"b" }}"#), """
            1:1 {{
            1:4 "a"b"
            1:11 }}
            1:13 end of template
            """)
    }

    func testUnclosedOutputIsReportedAtItsOpening() {
        XCTAssertEqual(Scanner.scan("ab\n  {{ x \n<p>", path: "t.html").error?.description,
                       "t.html:2:3: error: unclosed '{{'; expected '}}'")
    }
}
