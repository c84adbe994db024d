import XCTest
@testable import Templating

final class ErrorTests: XCTestCase {
    // MARK: - Syntax

    func testUnclosedOutputReportsItsOpening() {
        XCTAssertEqual(compileErrors(["x.html": "<p>\n\n    {{ entry.title </p>"]),
                       ["Templates/x.html:3:5: error: unclosed '{{'; expected '}}'"])
    }

    func testUnclosedTagReportsItsOpening() {
        XCTAssertEqual(compileErrors(["x.html": "a\n  {% if x \n"]),
                       ["Templates/x.html:2:3: error: unclosed '{%'; expected '%}'"])
    }

    func testUnclosedCommentReportsItsOpening() {
        XCTAssertEqual(compileErrors(["x.html": "{# note"]),
                       ["Templates/x.html:1:1: error: unclosed '{#'; expected '#}'"])
    }

    func testUnclosedForReportsItsOpeningLine() {
        XCTAssertEqual(compileErrors(["x.html": "<ul>\n\n    {% for e in entries %}\n<li>{{ e }}</li>\n</ul>"]),
                       ["Templates/x.html:3:5: error: unclosed '{% for %}'; expected '{% endfor %}'"])
    }

    func testUnclosedIfInsideAForReportsTheIfAndTheForStillCloses() {
        XCTAssertEqual(compileErrors(["x.html": "{% for e in xs %}\n  {% if e %}x\n{% endfor %}"]),
                       ["Templates/x.html:2:3: error: unclosed '{% if %}'; expected '{% endif %}'"])
    }

    func testUnclosedBlockReportsItsOpeningLine() {
        XCTAssertEqual(compileErrors(["x.html": "\n{% block main %}x"]),
                       ["Templates/x.html:2:1: error: unclosed '{% block %}'; expected '{% endblock %}'"])
    }

    func testStrayEndTagsAreReported() {
        XCTAssertEqual(compileErrors(["x.html": "a\n{% endif %}\n {% endfor %}"]), [
            "Templates/x.html:2:1: error: unexpected '{% endif %}'; no '{% if %}' is open",
            "Templates/x.html:3:2: error: unexpected '{% endfor %}'; no '{% for %}' is open",
        ])
    }

    func testUnknownTagSuggestsTheNearestTag() {
        XCTAssertEqual(compileErrors(["x.html": "{% includ \"a.html\" %}"]),
                       ["Templates/x.html:1:1: error: unknown tag 'includ'; did you mean 'include'?"])
    }

    func testBadExpressionSaysWhatWasExpectedAndFound() {
        XCTAssertEqual(compileErrors(["x.html": "\n{% if a and %}{% endif %}"]),
                       ["Templates/x.html:2:13: error: expected an expression, found '%}'"])
        XCTAssertEqual(compileErrors(["x.html": "{{ a b }}"]),
                       ["Templates/x.html:1:6: error: expected '}}', found 'b'"])
        XCTAssertEqual(compileErrors(["x.html": "{{ a ! }}"]),
                       ["Templates/x.html:1:6: error: unexpected character '!'"])
    }

    func testExtendsMustComeFirst() {
        XCTAssertEqual(compileErrors(["x.html": "hi {% extends \"l.html\" %}", "l.html": ""]),
                       ["Templates/x.html:1:4: error: '{% extends %}' must be the first tag in the template"])
    }

    func testContentOutsideBlocksOfAChildIsAnError() {
        XCTAssertEqual(compileErrors(["x.html": "{% extends \"l.html\" %}\nlost {{ x }}", "l.html": ""]), [
            "Templates/x.html:1:23: error: content outside '{% block %}' in a template that extends 'l.html' is never shown; move it into a block",
            "Templates/x.html:2:6: error: content outside '{% block %}' in a template that extends 'l.html' is never shown; move it into a block",
        ])
    }

    func testSuperWithoutAParentBlockIsAnError() {
        XCTAssertEqual(compileErrors(["x.html": "{% block a %}{{ super() }}{% endblock %}"]),
                       ["Templates/x.html:1:14: error: 'super()' in block 'a', but no parent template defines block 'a'"])
    }

    func testDuplicateBlockAndMismatchedEndblockAreReported() {
        XCTAssertEqual(compileErrors(["x.html": "{% block a %}{% endblock %}\n{% block a %}{% endblock b %}"]), [
            "Templates/x.html:2:1: error: block 'a' is defined twice in this template",
            "Templates/x.html:2:26: error: expected 'a' or nothing after 'endblock', found 'b'",
        ])
    }

    func testRenderingATemplateThatIncludesABrokenOneThrowsThePartialsError() {
        let library = makeLibrary(["page.html": "{% include \"card.html\" %}", "card.html": "\n{{ x | nope }}"])
        XCTAssertThrowsError(try library.render("page.html", with: ["x": 1])) { error in
            XCTAssertEqual("\(error)", "Templates/card.html:2:8: error: unknown filter 'nope'")
        }
    }

    func testEveryFileReportsItsErrors() {
        XCTAssertEqual(compileErrors(["a.html": "{{", "b.html": "{% if %}{% endif %}", "c.html": "fine"]), [
            "Templates/a.html:1:1: error: unclosed '{{'; expected '}}'",
            "Templates/b.html:1:7: error: expected an expression, found '%}'",
        ])
    }

    // MARK: - Names and templates

    func testUnknownVariableSuggestsTheNearestKey() {
        XCTAssertEqual(renderError("<h1>\n  {{ entry.titel }}</h1>", ["entry": ["title": "x", "date": "y"]]),
                       "Templates/x.html:2:6: error: unknown variable 'entry.titel'; did you mean 'entry.title'?")
    }

    func testUnknownTopLevelVariableSuggestsContextAndLoopNames() {
        XCTAssertEqual(renderError("{% for entry in entries %}{{ entri }}{% endfor %}", ["entries": [1]]),
                       "Templates/x.html:1:30: error: unknown variable 'entri'; did you mean 'entry'?")
        XCTAssertEqual(renderError("{{ nothing }}", ["entries": [1]]),
                       "Templates/x.html:1:4: error: unknown variable 'nothing'")
    }

    func testUnknownLoopFieldIsFoundAtCompileTime() {
        XCTAssertEqual(compileErrors(["x.html": "{% for e in xs %}{{ loop.indx }}{% endfor %}"]),
                       ["Templates/x.html:1:21: error: unknown variable 'loop.indx'; did you mean 'loop.index'?"])
    }

    func testUnknownFilterIsFoundAtCompileTimeWithASuggestion() {
        XCTAssertEqual(compileErrors(["x.html": "\n\n  {{ title | uper }}"]),
                       ["Templates/x.html:3:14: error: unknown filter 'uper'; did you mean 'upper'?"])
    }

    func testWrongFilterArgumentsAreFoundAtCompileTime() {
        XCTAssertEqual(compileErrors(["x.html": "{{ d | date }}"]),
                       [#"Templates/x.html:1:8: error: wrong arguments for filter 'date'; write it as 'date: "yyyy-MM-dd"'"#])
        XCTAssertEqual(compileErrors(["x.html": "{{ n | pluralize }}"]),
                       [#"Templates/x.html:1:8: error: wrong arguments for filter 'pluralize'; write it as 'pluralize: "{n} entry|{n} entries"'"#])
    }

    func testMissingIncludeOrLayoutIsFoundAtCompileTime() {
        XCTAssertEqual(compileErrors(["x.html": "a\n {% include \"partials/crd.html\" %}", "partials/card.html": ""]),
                       ["Templates/x.html:2:2: error: template 'partials/crd.html' not found; did you mean 'partials/card.html'?"])
        XCTAssertEqual(compileErrors(["x.html": "{% extends \"base.html\" %}"]),
                       ["Templates/x.html:1:1: error: template 'base.html' not found"])
    }

    func testIncludeCycleIsReported() {
        let errors = compileErrors(["a.html": "{% include \"b.html\" %}", "b.html": "\n{% include \"a.html\" %}"])
        XCTAssertEqual(errors, [
            "Templates/a.html:1:1: error: include/extends cycle: 'b.html' → 'a.html' → 'b.html'",
            "Templates/b.html:2:1: error: include/extends cycle: 'a.html' → 'b.html' → 'a.html'",
        ])
    }

    func testExtendsCycleIsReported() {
        XCTAssertEqual(compileErrors(["a.html": "{% extends \"a.html\" %}"]),
                       ["Templates/a.html:1:1: error: include/extends cycle: 'a.html' → 'a.html'"])
    }

    func testRenderingAnUnknownTemplateThrows() {
        XCTAssertThrowsError(try makeLibrary([:]).render("entry.html", with: [:])) { error in
            XCTAssertEqual("\(error)", "entry.html:1:1: error: template 'entry.html' not found")
        }
    }

    // MARK: - Types

    func testForOverAStringIsAWrongType() {
        XCTAssertEqual(renderError("\n {% for c in entry.title %}{% endfor %}", ["entry": ["title": "abc"]]),
                       "Templates/x.html:2:2: error: 'entry.title' is a string, but 'for' needs a list")
        XCTAssertEqual(renderError("{% for c in 3 %}{% endfor %}"),
                       "Templates/x.html:1:1: error: '3' is an integer, but 'for' needs a list")
    }

    func testFilterOnTheWrongTypeIsAnError() {
        XCTAssertEqual(renderError(#"{{ entry.title | date: "yyyy" }}"#, ["entry": ["title": "abc"]]),
                       "Templates/x.html:1:18: error: filter 'date' needs a date, but 'entry.title' is a string")
        XCTAssertEqual(renderError("{{ n | upper }}", ["n": 1]),
                       "Templates/x.html:1:8: error: filter 'upper' needs a string, but 'n' is an integer")
        XCTAssertEqual(renderError(#"{{ s | pluralize: "{n} day|{n} days" }}"#, ["s": "3"]),
                       "Templates/x.html:1:8: error: filter 'pluralize' needs a whole number, but 's' is a string")
    }

    func testPrintingADateOrListIsAnError() {
        XCTAssertEqual(renderError("{{ d }}", ["d": .date(Date())]),
                       #"Templates/x.html:1:1: error: 'd' is a date and cannot be printed; format it with a filter such as '| date: "yyyy-MM-dd"'"#)
        XCTAssertEqual(renderError("{{ xs }}", ["xs": [1]]),
                       #"Templates/x.html:1:1: error: 'xs' is a list and cannot be printed; use '| join: ", "' or '| json'"#)
    }

    func testKeyOnANonMapIsAnError() {
        XCTAssertEqual(renderError("{{ entry.title.size }}", ["entry": ["title": "abc"]]),
                       "Templates/x.html:1:4: error: 'entry.title' is a string, so it has no key 'size'")
    }

    func testOrderingDifferentKindsIsAnError() {
        XCTAssertEqual(renderError("{% if a < 2 %}{% endif %}", ["a": "x"]),
                       "Templates/x.html:1:9: error: cannot compare a string with an integer using '<'")
    }
}
