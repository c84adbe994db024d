import XCTest
@testable import Templating

final class EscapingTests: XCTestCase {
    func testEscaperReplacesTheFiveSpecialCharacters() {
        XCTAssertEqual(HTMLEscaper.escape(#"a & b < c > d " e ' f"#), "a &amp; b &lt; c &gt; d &quot; e &#39; f")
        XCTAssertEqual(HTMLEscaper.escape("오늘은 <비>"), "오늘은 &lt;비&gt;")
        XCTAssertEqual(HTMLEscaper.escape(""), "")
        XCTAssertEqual(HTMLEscaper.escape("&&"), "&amp;&amp;")
    }

    func testEverySpecialCharacterIsEscapedAtEveryPositionOfShortAndLongText() {
        // The escaper skips text eight bytes at a time; put each special character at the start,
        // in the middle and at the end of those groups and of the few bytes after the last one.
        let specials: [Character] = ["&", "<", ">", "\"", "'"]
        let fillers: [Character] = ["a", "%", "(", ";", "=", "?", "!", "#", "가"]
        for special in specials {
            for filler in fillers {
                for length in 1...25 {
                    for position in 0..<length {
                        var text = String(repeating: filler, count: length)
                        let index = text.index(text.startIndex, offsetBy: position)
                        text.replaceSubrange(index...index, with: String(special))
                        XCTAssertEqual(HTMLEscaper.escape(text), Self.escapedOneByOne(text), "\(text)")
                    }
                }
            }
        }
    }

    func testTextWithNothingToEscapeIsCopiedAsIs() {
        for length in 0...40 {
            let text = String("Rain on the window, 비가 왔다; 100% (quiet) = calm? yes! #diary".prefix(length))
            XCTAssertEqual(HTMLEscaper.escape(text), text)
        }
    }

    private static func escapedOneByOne(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    func testScriptTagInTextIsEscaped() throws {
        XCTAssertEqual(try render("<p>{{ t }}</p>", ["t": "<script>alert(1)</script>"]),
                       "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")
    }

    func testAttributeBreakoutWithDoubleQuoteIsEscaped() throws {
        XCTAssertEqual(try render(#"<a title="{{ t }}">"#, ["t": #""><img src=x onerror=alert(1)>"#]),
                       #"<a title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">"#)
    }

    func testAttributeBreakoutWithSingleQuoteIsEscaped() throws {
        XCTAssertEqual(try render("<a title='{{ t }}'>", ["t": "' onmouseover='alert(1)"]),
                       "<a title='&#39; onmouseover=&#39;alert(1)'>")
    }

    func testValuesFromLoopsAndIncludesAreEscapedToo() throws {
        XCTAssertEqual(try render("{% for t in ts %}{% include \"p.html\" %}{% endfor %}", ["ts": ["<b>", "&"]],
                                  partials: ["p.html": "{{ t }}"]), "&lt;b&gt;&amp;")
    }

    func testJSONFilterCannotCloseTheScriptElement() throws {
        let output = try render("<script>var data = {{ v | json }};</script>",
                                ["v": ["title": "</script><script>alert(1)</script>", "note": "a & b\u{2028}c\u{2029}'"]])
        XCTAssertEqual(output, #"<script>var data = {"note":"a \u0026 b\u2028c\u2029\u0027","title":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"};</script>"#)
        XCTAssertFalse(output.dropFirst(8).dropLast(9).contains("<"))
    }

    func testRawOptsOutOfEscapingOnlyWhereAsked() throws {
        XCTAssertEqual(try render("{{ h }}{{ s | raw }}{{ s }}", ["h": .html("<em>ok</em>"), "s": "<i>"]), "<em>ok</em><i>&lt;i&gt;")
    }
}
