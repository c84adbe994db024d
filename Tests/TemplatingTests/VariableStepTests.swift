import Foundation
import XCTest
@testable import Templating

/// A render keeps what a name used more than once found; these check it never shows a value
/// that belongs to another item, scope or render.
final class VariableStepTests: XCTestCase {
    func testANameUsedTwicePerItemShowsEachItemsOwnValue() throws {
        let template = "{% for e in entries %}{{ e.title }}={{ e.title }};{% endfor %}"
        XCTAssertEqual(try render(template, ["entries": [["title": "a"], ["title": "b"], ["title": "c"]]]), "a=a;b=b;c=c;")
    }

    func testLoopsOverEmptyAndOneItemListsUseTheirOwnValues() throws {
        let template = "{% for e in xs %}{{ e.n }}{{ e.n }}{% else %}none{% endfor %}|{{ site.n }}{{ site.n }}"
        XCTAssertEqual(try render(template, ["xs": [], "site": ["n": 1]]), "none|11")
        XCTAssertEqual(try render(template, ["xs": [["n": 7]], "site": ["n": 1]]), "77|11")
    }

    func testANestedLoopThatShadowsANameSeesItsOwnItemAndTheOuterOneComesBack() throws {
        let template = """
            {% for e in outer %}{{ e.n }}({% for e in e.kids %}{{ e.n }}{{ e.n }},{% endfor %}){{ e.n }};{% endfor %}
            """
        let outer: TemplateValue = [
            ["n": "A", "kids": [["n": "x"], ["n": "y"]]],
            ["n": "B", "kids": [["n": "z"]]],
        ]
        XCTAssertEqual(try render(template, ["outer": outer]), "A(xx,yy,)A;B(zz,)B;")
    }

    func testSiblingLoopsSharingASlotKeepTheirValuesApart() throws {
        let template = "{% for a in xs %}{{ a.n }}{{ a.n }}{% endfor %}-{% for b in ys %}{{ b.n }}{{ b.n }}{% endfor %}"
        XCTAssertEqual(try render(template, ["xs": [["n": 1], ["n": 2]], "ys": [["n": 3]]]), "1122-33")
    }

    func testAContextNameUsedInsideALoopIsTheSameForEveryItem() throws {
        let template = "{% for x in xs %}{{ site.urls.home }}{{ x }}{% if page.kind == \"home\" %}!{% endif %} {% endfor %}"
        let context: [String: TemplateValue] = ["xs": [1, 2, 3], "site": ["urls": ["home": "/h"]], "page": ["kind": "home"]]
        XCTAssertEqual(try render(template, context), "/h1! /h2! /h3! ")
    }

    func testAKeySomeItemsLackIsNullInAConditionForEachItem() throws {
        let template = "{% for c in cards %}{% if c.cover %}[{{ c.cover.url }}]{% endif %}{% if c.cover %}!{% endif %};{% endfor %}"
        let cards: TemplateValue = [["cover": ["url": "a.jpg"]], [:], ["cover": nil], ["cover": ["url": "d.jpg"]]]
        XCTAssertEqual(try render(template, ["cards": cards]), "[a.jpg]!;;;[d.jpg]!;")
    }

    func testOneLibraryRendersDifferentContextsWithoutMixingThem() throws {
        let library = makeLibrary(["p.html": "{{ page.title }}{{ page.title }}{% for e in es %}{{ page.title }}{{ e }}{% endfor %}"])
        XCTAssertEqual(try library.render("p.html", with: ["page": ["title": "A"], "es": [1]]), "AAA1")
        XCTAssertEqual(try library.render("p.html", with: ["page": ["title": "B"], "es": [2]]), "BBB2")
    }

    func testAMissingKeyFoundOnceIsStillAnErrorWhenPrinted() {
        XCTAssertEqual(renderError("{% if p.x %}{% endif %}{% if p.x %}{% endif %}\n{{ p.x }}", ["p": ["y": 1]]),
                       "Templates/x.html:2:4: error: unknown variable 'p.x'; did you mean 'p.y'?")
    }

    func testAValueOnTheWayThatIsNotAMapIsAnErrorEvenInACondition() {
        XCTAssertEqual(renderError("{% if s.x %}{% endif %}{% if s.x %}{% endif %}", ["s": "text"]),
                       "Templates/x.html:1:7: error: 's' is a string, so it has no key 'x'")
        XCTAssertEqual(renderError("{{ s.x.y }}{{ s.x.y }}", ["s": ["x": 1]]),
                       "Templates/x.html:1:4: error: 's.x' is an integer, so it has no key 'y'")
    }

    func testANullOnTheWayIsNullInAConditionAndAnErrorWhenPrinted() {
        XCTAssertEqual(renderError("{% if e.prev.url %}x{% endif %}{% if e.prev.url %}x{% endif %}", ["e": ["prev": nil]]), nil)
        XCTAssertEqual(renderError("{% if e.prev.url %}x{% endif %}{{ e.prev.url }}", ["e": ["prev": nil]]),
                       "Templates/x.html:1:35: error: 'e.prev' is null, so it has no key 'url'")
    }
}
