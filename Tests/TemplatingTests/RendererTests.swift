import Foundation
import XCTest
@testable import Templating

final class RendererTests: XCTestCase {
    // MARK: - The renderer alone

    func testRendererWalksHandBuiltInstructions() throws {
        let location = TemplateLocation(path: "t.html", line: 1, column: 1)
        let site = ExpressionSite(name: "output", inputText: "e", location: location)
        let variable = VariableSite(path: ["e"], slot: 0, location: location, scopeNames: [], isLenient: false)
        let instructions: [Instruction] = [
            .text(Array("<ul>".utf8)),
            .forLoop(slot: 0, binding: 1, sequence: .constant(["a", "<b>"]), body: [
                .text(Array("<li>".utf8)),
                .output(.loopField(slot: 0, .index), site),
                .output(.variable(step: 0, variable), site),
            ], empty: [], site),
            .text(Array("</ul>".utf8)),
        ]
        let steps = [PathStep(source: .local(slot: 0), binding: 1, isRemembered: false)]
        let formatters = DateFormatterSet(patterns: [], locale: Locale(identifier: "en_US_POSIX"),
                                          timeZone: TimeZone(secondsFromGMT: 0) ?? .current, shared: FormattedDates(patternCount: 0))
        var renderer = Renderer(context: [:], slotCount: 1, steps: steps, stepNames: [], bindingCount: 2, formatters: formatters, capacity: 0)
        try renderer.render(instructions)
        XCTAssertEqual(String(decoding: renderer.output.bytes, as: UTF8.self), "<ul><li>1a<li>2&lt;b&gt;</ul>")
    }

    // MARK: - Values

    func testValuesPrintByKind() throws {
        let context: [String: TemplateValue] = ["s": "text", "i": 42, "d": 2.5, "w": 3.0, "t": true, "n": nil, "h": .html("<b>x</b>")]
        XCTAssertEqual(try render("{{ s }}|{{ i }}|{{ d }}|{{ w }}|{{ t }}|{{ n }}|{{ h }}", context), "text|42|2.5|3|true||<b>x</b>")
    }

    func testIntegersPrintInDecimalWithTheirSign() throws {
        let context: [String: TemplateValue] = ["z": 0, "n": -7, "max": .int(Int.max), "min": .int(Int.min), "d": 1234567890]
        XCTAssertEqual(try render("{{ z }} {{ n }} {{ max }} {{ min }} {{ d }}", context),
                       "0 -7 9223372036854775807 -9223372036854775808 1234567890")
    }

    func testAPageLargerThanTheFirstBufferComesOutWhole() throws {
        let items = (0..<5_000).map { TemplateValue.string("item \($0) & more") }
        let expected = (0..<5_000).map { "<li>item \($0) &amp; more</li>" }.joined()
        XCTAssertEqual(try render("{% for i in items %}<li>{{ i }}</li>{% endfor %}", ["items": .list(items)]), expected)
    }

    func testDottedNamesReachIntoMaps() throws {
        let context: [String: TemplateValue] = ["entry": ["title": "Rain", "author": ["name": "Jo"]]]
        XCTAssertEqual(try render("{{ entry.title }} by {{ entry.author.name }}", context), "Rain by Jo")
    }

    func testLiteralsPrintThemselves() throws {
        XCTAssertEqual(try render("{{ 'a' }}{{ \"b\" }}{{ 1 }}{{ -2 }}{{ 1.5 }}{{ false }}"), "ab1-21.5false")
    }

    // MARK: - Filters

    func testOneDateInSeveralPatternsAndJSONKeepsEachFormatOnEveryRender() throws {
        let library = makeLibrary(["p.html": "{{ d | date: \"yyyy\" }} {{ d | json }} {{ d | date: \"MM-dd\" }} {{ e | date: \"yyyy\" }}"])
        let context: [String: TemplateValue] = ["d": .date(seoulDate(2025, 10, 20, 9, 30)), "e": .date(seoulDate(2024, 1, 2))]
        for _ in 0..<3 {
            XCTAssertEqual(try library.render("p.html", with: context), #"2025 "2025-10-20T09:30:00+09:00" 10-20 2024"#)
        }
    }

    func testDateFilterFormatsInTheLibraryTimeZone() throws {
        let date = seoulDate(2025, 10, 20, 9, 30)
        XCTAssertEqual(try render(#"{{ d | date: "yyyy-MM-dd HH:mm" }}"#, ["d": .date(date)]), "2025-10-20 09:30")
        XCTAssertEqual(try render(#"{{ d | date: "EEEE d MMMM" }}"#, ["d": .date(date)]), "Monday 20 October")
    }

    func testDateFilterUsesTheLibraryLocale() throws {
        let library = TemplateLibrary(sources: ["p.html": #"{{ d | date: "EEEE" }}"#], locale: Locale(identifier: "ko_KR"),
                                      timeZone: TimeZone(identifier: "Asia/Seoul") ?? .current)
        XCTAssertEqual(try library.render("p.html", with: ["d": .date(seoulDate(2025, 10, 20))]), "월요일")
    }

    func testTruncateCutsCharactersAndAddsAnEllipsis() throws {
        XCTAssertEqual(try render("{{ s | truncate: 5 }}", ["s": "오늘은 비가 왔다"]), "오늘은 비…")
        XCTAssertEqual(try render("{{ s | truncate: 4 }}", ["s": "ab  cdef"]), "ab…")
        XCTAssertEqual(try render("{{ s | truncate: 10 }}", ["s": "short"]), "short")
        XCTAssertEqual(try render("{{ s | truncate: 5 }}", ["s": "exact"]), "exact")
        XCTAssertEqual(try render("{{ s | truncate: 0 }}", ["s": "a"]), "…")
    }

    /// Plain text (printable ASCII, Hangul syllables) is truncated on its bytes: the same as by characters.
    func testTruncatingOnTheBytesGivesWhatTheCharactersGive() {
        let pieces = ["a", " ", ".", "가", "힣", "e\u{301}", "\u{301}", "\u{11A8}", "\u{D7CB}", "\r\n", "\t", "👍🏽", "\u{A0}"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3_000 {
            let count = round % 2 == 0 ? 4 : pieces.count
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces[Int.random(in: 0..<count, using: &generator)] }.joined()
            let limit = Int.random(in: 0...25, using: &generator)
            XCTAssertEqual(Renderer.truncate(text, to: limit), Renderer.truncateCharacters(text, to: limit), "\(text.debugDescription), limit \(limit)")
        }
    }

    func testJoinLengthUpperLower() throws {
        let context: [String: TemplateValue] = ["tags": ["a", "b", 3], "s": "Hello"]
        XCTAssertEqual(try render(#"{{ tags | join: ", " }}|{{ tags | join }}|{{ tags | join: "" }}"#, context), "a, b, 3|a, b, 3|ab3")
        XCTAssertEqual(try render("{{ tags | length }} {{ s | length }} {{ s | upper }} {{ s | lower }}", context), "3 5 HELLO hello")
    }

    func testJoinEscapesItemsButKeepsRawHTMLItems() throws {
        let context: [String: TemplateValue] = ["xs": ["<a>", .html("<b>x</b>")]]
        XCTAssertEqual(try render(#"{{ xs | join: " & " }}"#, context), "&lt;a&gt; &amp; <b>x</b>")
    }

    func testDefaultReplacesMissingNullAndEmptyValues() throws {
        let context: [String: TemplateValue] = ["entry": ["title": "", "mood": nil, "name": "Jo"]]
        XCTAssertEqual(try render(#"{{ entry.cover | default: "none" }}|{{ entry.title | default: "untitled" }}|{{ entry.mood | default: 1 }}|{{ entry.name | default: "x" }}|{{ missing.deep | default: "y" }}"#, context),
                       "none|untitled|1|Jo|y")
    }

    func testPluralizePicksTheFormForTheCountAndPutsTheNumberIn() throws {
        let context: [String: TemplateValue] = ["forms": "{n} entry|{n} entries", "korean": "글 {n}편"]
        XCTAssertEqual(try render("{{ 1 | pluralize: forms }}/{{ 0 | pluralize: forms }}/{{ 12 | pluralize: forms }}", context),
                       "1 entry/0 entries/12 entries")
        XCTAssertEqual(try render("{{ 1234567 | pluralize: forms }}/{{ 999 | pluralize: forms }}/{{ -1000 | pluralize: forms }}", context),
                       "1,234,567 entries/999 entries/-1,000 entries")
        XCTAssertEqual(try render("{{ 1 | pluralize: korean }}/{{ 3 | pluralize: korean }}", context), "글 1편/글 3편")
        XCTAssertEqual(try render(#"{{ 2 | pluralize: "one|{n} & more" }}"#), "2 &amp; more")
        // Every placeholder is filled; other braces stay as written.
        XCTAssertEqual(try render(#"{{ 2 | pluralize: "{n}/{n} {x} {n" }}"#), "2/2 {x} {n")
    }

    func testURLFilterEncodesOnePathSegment() throws {
        XCTAssertEqual(try render("{{ s | url }}", ["s": "a b/c?d&é~_.-"]), "a%20b%2Fc%3Fd%26%C3%A9~_.-")
    }

    func testRawFilterSkipsEscaping() throws {
        XCTAssertEqual(try render("{{ s | raw }}{{ s }}", ["s": "<i>"]), "<i>&lt;i&gt;")
    }

    func testFiltersChainLeftToRight() throws {
        XCTAssertEqual(try render("{{ s | lower | truncate: 5 | upper }}", ["s": "Hello World"]), "HELLO…")
    }

    func testJSONFilterWritesSortedJSON() throws {
        let context: [String: TemplateValue] = ["v": ["b": [1, 2.5, true, nil], "a": "x\"y\n", "d": .date(seoulDate(2025, 1, 2, 3, 4))]]
        XCTAssertEqual(try render("{{ v | json }}", context),
                       #"{"a":"x\"y\n","b":[1,2.5,true,null],"d":"2025-01-02T03:04:00+09:00"}"#)
        // Whatever could end a script or a JavaScript line is escaped; the runs between are copied as they are.
        let text = "비 <b>&'\\\r\t\u{1}\u{2028}x\u{2029}끝\u{2026}"
        let json = try render("{{ t | json }}", ["t": .string(text)])
        XCTAssertEqual(json, #""비 \u003cb\u003e\u0026\u0027\\\r\t\u0001\u2028x\u2029끝…""#)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        XCTAssertEqual(decoded, text)
    }

    // MARK: - Loops

    func testLoopVariablesCountFromOneAndFromZero() throws {
        let template = "{% for x in xs %}{{ loop.index }}{{ loop.index0 }}{{ x }}{% if loop.first %}F{% endif %}{% if loop.last %}L{% endif %}/{{ loop.length }} {% endfor %}"
        XCTAssertEqual(try render(template, ["xs": ["a", "b", "c"]]), "10aF/3 21b/3 32cL/3 ")
    }

    func testForElseRendersForAnEmptyList() throws {
        let template = "{% for x in xs %}{{ x }}{% else %}nothing{% endfor %}"
        XCTAssertEqual(try render(template, ["xs": []]), "nothing")
        XCTAssertEqual(try render(template, ["xs": [1]]), "1")
    }

    func testNestedLoopsEachHaveTheirOwnLoopVariable() throws {
        let template = "{% for row in rows %}{% for c in row %}{{ loop.index }}{{ c }}{% endfor %}.{{ loop.index }};{% endfor %}"
        XCTAssertEqual(try render(template, ["rows": [["a", "b"], ["c"]]]), "1a2b.1;1c.2;")
    }

    func testLoopVariableShadowsAContextNameOnlyInsideTheLoop() throws {
        XCTAssertEqual(try render("{% for x in xs %}{{ x }}{% endfor %}{{ x }}", ["x": "outer", "xs": ["in"]]), "inouter")
    }

    // MARK: - Conditions

    func testIfElifElseTakesTheFirstTrueBranch() throws {
        let template = "{% if n == 1 %}one{% elif n == 2 %}two{% else %}many{% endif %}"
        XCTAssertEqual(try render(template, ["n": 1]), "one")
        XCTAssertEqual(try render(template, ["n": 2]), "two")
        XCTAssertEqual(try render(template, ["n": 5]), "many")
    }

    func testFalsyValuesAreFalseNullZeroAndEmptyThings() throws {
        let falsy: [TemplateValue] = [false, nil, 0, 0.0, "", [], [:], .html("")]
        let truthy: [TemplateValue] = [true, 1, -1, 0.5, "x", [0], ["k": nil], .date(Date()), .html(" ")]
        for value in falsy { XCTAssertEqual(try render("{% if v %}T{% else %}F{% endif %}", ["v": value]), "F", "\(value)") }
        for value in truthy { XCTAssertEqual(try render("{% if v %}T{% else %}F{% endif %}", ["v": value]), "T", "\(value)") }
    }

    func testComparisonsWorkOnNumbersStringsAndDates() throws {
        let context: [String: TemplateValue] = ["i": 2, "d": 2.5, "s": "b", "early": .date(seoulDate(2025, 1, 1)),
                                                "late": .date(seoulDate(2025, 2, 1))]
        let template = """
            {{ i < d }}{{ i <= 2 }}{{ i > 2 }}{{ i >= 2.0 }}{{ i == 2.0 }}{{ i != 2 }}\
            {{ s < "c" }}{{ s == 'b' }}{{ early < late }}{{ s == 2 }}
            """
        XCTAssertEqual(try render(template, context), "truetruefalsetruetruefalsetruetruetruefalse")
    }

    func testAndOrNotShortCircuitAndGroup() throws {
        let context: [String: TemplateValue] = ["t": true, "f": false]
        XCTAssertEqual(try render("{{ t and f }}{{ t or f }}{{ not f }}{{ not (t and f) }}{{ f and missing.x }}{{ t or missing }}", context),
                       "falsetruetruetruefalsetrue")
    }

    func testIfTreatsAMissingKeyAsFalse() throws {
        let context: [String: TemplateValue] = ["entry": ["title": "x", "place": nil]]
        XCTAssertEqual(try render("{% if entry.cover %}C{% elif entry.place.name %}P{% elif not entry.cover and entry.title %}T{% endif %}", context), "T")
    }

    // MARK: - Whitespace

    func testDashesStripWhitespaceIncludingNewlines() throws {
        let template = """
            <ul>
              {%- for x in xs %}
              <li>{{- x -}}  </li>
              {%- endfor %}
            </ul>
            """
        XCTAssertEqual(try render(template, ["xs": [1, 2]]), "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>")
    }

    func testWithoutDashesWhitespaceIsKept() throws {
        XCTAssertEqual(try render("a\n{% if true %}\nb\n{% endif %}\n{# c #}\n"), "a\n\nb\n\n\n")
    }
}
