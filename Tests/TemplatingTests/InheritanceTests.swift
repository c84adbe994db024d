import XCTest
@testable import Templating

final class InheritanceTests: XCTestCase {
    private let layout = """
        <title>{% block title %}Diary{% endblock %}</title>
        <main>{% block main %}default main{% endblock %}</main>
        <footer>{% block footer %}footer{% endblock %}</footer>
        """

    func testChildOverridesSomeBlocksAndKeepsTheOthers() throws {
        let child = """
            {% extends "layout.html" %}
            {% block main %}entry {{ title }}{% endblock %}
            """
        XCTAssertEqual(try render(child, ["title": "Rain"], partials: ["layout.html": layout]),
                       "<title>Diary</title>\n<main>entry Rain</main>\n<footer>footer</footer>")
    }

    func testSuperRendersTheParentVersionOfTheBlock() throws {
        let child = """
            {% extends "layout.html" %}
            {% block title %}Rain · {{ super() }}{% endblock %}
            """
        XCTAssertEqual(try render(child, partials: ["layout.html": layout]),
                       "<title>Rain · Diary</title>\n<main>default main</main>\n<footer>footer</footer>")
    }

    func testExtendsWorksOverSeveralLevelsWithSuperAtEachLevel() throws {
        let base = "[{% block a %}base{% endblock %}|{% block b %}b0{% endblock %}]"
        let middle = "{% extends \"base.html\" %}{% block a %}middle+{{ super() }}{% endblock %}"
        let page = "{% extends \"middle.html\" %}{% block a %}page+{{ super() }}{% endblock %}{% block b %}b2{% endblock %}"
        XCTAssertEqual(try render(page, partials: ["base.html": base, "middle.html": middle]), "[page+middle+base|b2]")
    }

    func testNestedBlocksCanBeOverriddenOneByOne() throws {
        let base = "{% block outer %}<{% block inner %}inner{% endblock %}>{% endblock %}"
        let innerOnly = "{% extends \"base.html\" %}{% block inner %}INNER{% endblock %}"
        let outerOnly = "{% extends \"base.html\" %}{% block outer %}({{ super() }}){% endblock %}"
        XCTAssertEqual(try render(innerOnly, partials: ["base.html": base]), "<INNER>")
        XCTAssertEqual(try render(outerOnly, partials: ["base.html": base]), "(<inner>)")
    }

    func testABlockInsideAnOverrideCanBeOverriddenFurtherDown() throws {
        let base = "{% block main %}base{% endblock %}"
        let middle = "{% extends \"base.html\" %}{% block main %}[{% block extra %}m{% endblock %}]{% endblock %}"
        let page = "{% extends \"middle.html\" %}{% block extra %}p{% endblock %}"
        XCTAssertEqual(try render(page, partials: ["base.html": base, "middle.html": middle]), "[p]")
    }

    func testIncludeSeesTheCurrentScope() throws {
        let card = "<li>{{ loop.index }}. {{ e.title }} ({{ site }})</li>"
        let page = "{% for e in entries %}{% include \"partials/card.html\" %}{% endfor %}"
        let context: [String: TemplateValue] = ["site": "Diary", "entries": [["title": "A"], ["title": "B"]]]
        XCTAssertEqual(try render(page, context, partials: ["partials/card.html": card]),
                       "<li>1. A (Diary)</li><li>2. B (Diary)</li>")
    }

    func testIncludedTemplateMayExtendAndIncludeOthers() throws {
        let partials = ["box.html": "<div>{% block body %}{% endblock %}</div>",
                        "note.html": "{% extends \"box.html\" %}{% block body %}{% include \"text.html\" %}{% endblock %}",
                        "text.html": "{{ text }}"]
        XCTAssertEqual(try render("{% include \"note.html\" %}!", ["text": "hi"], partials: partials), "<div>hi</div>!")
    }

    func testDependenciesListEveryTemplateReachedThroughExtendsAndInclude() {
        let library = makeLibrary([
            "layout.html": "{% block main %}{% endblock %}{% include \"partials/footer.html\" %}",
            "entry.html": "{% extends \"layout.html\" %}{% block main %}{% include \"partials/card.html\" %}{% endblock %}",
            "partials/card.html": "card",
            "partials/footer.html": "footer",
            "unused.html": "x",
        ])
        XCTAssertEqual(library.dependencies(of: "entry.html"),
                       ["entry.html", "layout.html", "partials/card.html", "partials/footer.html"])
        XCTAssertEqual(library.dependencies(of: "unused.html"), ["unused.html"])
        XCTAssertEqual(library.dependencies(of: "nope.html"), [])
    }

    func testDependenciesIncludeAMissingTemplateSoAddingItTriggersARebuild() {
        let library = makeLibrary(["page.html": "{% include \"later.html\" %}"])
        XCTAssertEqual(library.dependencies(of: "page.html"), ["page.html", "later.html"])
    }
}
