import XCTest
@testable import Templating

final class ParserTests: XCTestCase {
    func testEachBlockNestsItsBody() throws {
        let nodes = try Parser.parse("{% for e in entries %}<li>{{ e.title }}</li>{% endfor %}", path: "day.html")
        XCTAssertEqual(nodes.outline, """
            for e in entries @1:1
              text "<li>"
              value e.title @1:27
              text "</li>"
            """)
    }

    func testForLoopKeepsItsElseBranch() throws {
        let nodes = try Parser.parse("{% for e in xs %}{{ e }}{% else %}none{% endfor %}", path: "t.html")
        XCTAssertEqual(nodes.outline, """
            for e in xs @1:1
              value e @1:18
            else
              text "none"
            """)
    }

    func testConditionalKeepsEveryBranchInOrder() throws {
        let nodes = try Parser.parse("{% if a %}A{% elif b == 2 %}B{% elif not c %}C{% else %}D{% endif %}", path: "t.html")
        XCTAssertEqual(nodes.outline, """
            if a @1:1
              text "A"
            elif b == 2 @1:12
              text "B"
            elif not c @1:30
              text "C"
            else
              text "D"
            """)
    }

    func testOperatorsBindNotThenAndThenOr() throws {
        let nodes = try Parser.parse("{{ a or b and not c == d }}{{ (a or b) and c }}", path: "t.html")
        XCTAssertEqual(nodes.outline, """
            value a or (b and (not (c == d))) @1:1
            value (a or b) and c @1:28
            """)
    }

    func testFiltersChainAndBindTighterThanComparisons() throws {
        let nodes = try Parser.parse("{{ x | lower | truncate: 10 }}{% if xs | length > 0 %}{% endif %}", path: "t.html")
        XCTAssertEqual(nodes.outline, """
            value x | lower | truncate: 10 @1:1
            if xs | length > 0 @1:31
            """)
    }

    func testLiteralsKeepTheirType() throws {
        let nodes = try Parser.parse("{{ 'single' }}{{ \"double\" }}{{ -3 }}{{ 2.5 }}{{ true }}{{ null }}", path: "t.html")
        XCTAssertEqual(nodes.outline, """
            value "single" @1:1
            value "double" @1:15
            value -3 @1:29
            value 2.5 @1:37
            value true @1:46
            value null @1:56
            """)
    }

    func testExtendsBlocksIncludesAndSuperBecomeNodes() throws {
        let nodes = try Parser.parse("""
            {% extends "layout.html" %}
            {% block main %}{{ super() }}{% block inner %}{% include "card.html" %}{% endblock inner %}{% endblock %}
            """, path: "t.html")
        XCTAssertEqual(nodes.outline, """
            extends "layout.html" @1:1
            text "\\n"
            block main @2:1
              super @2:17
              block inner @2:30
                include "card.html" @2:47
            """)
    }

    func testParserCollectsBlocksByName() {
        let template = Parser.parseTemplate("{% block a %}1{% block b %}2{% endblock %}{% endblock %}", path: "t.html")
        XCTAssertEqual(template.blocks.keys.sorted(), ["a", "b"])
        XCTAssertEqual(template.blocks["b"]?.outline, "text \"2\"")
    }

    func testParserReportsSeveralSyntaxErrorsInOneFile() {
        let template = Parser.parseTemplate("{% fro x in y %}\n{{ a == }}\n{% endif %}", path: "t.html")
        XCTAssertEqual(template.errors.map(\.description), [
            "t.html:1:1: error: unknown tag 'fro'; did you mean 'for'?",
            "t.html:2:9: error: expected an expression, found '}}'",
            "t.html:3:1: error: unexpected '{% endif %}'; no '{% if %}' is open",
        ])
    }
}
