import Foundation
import XCTest
@testable import Templating

final class ConcurrencyTests: XCTestCase {
    func testRenderingFromManyThreadsMatchesOneThread() throws {
        let library = makeLibrary([
            "layout.html": "<title>{% block title %}{% endblock %}</title><main>{% block main %}{% endblock %}</main>",
            "list.html": """
                {% extends "layout.html" %}{% block title %}{{ title }}{% endblock %}{% block main %}
                {%- for e in entries %}<li>{{ loop.index }} {{ e.title | truncate: 12 }} {{ e.date | date: "yyyy-MM-dd HH:mm" }} \
                {{ e.date | date: "EEEE" }} {{ e.tags | join: ", " }} {{ e | json }}</li>{% endfor %}{% endblock %}
                """,
        ])
        XCTAssertEqual(library.errors, [])
        let contexts: [[String: TemplateValue]] = (0..<8).map { page in
            ["title": .string("Page \(page) <&>"),
             "entries": .list((0..<20).map { index in
                 ["title": .string("Entry \(page)-\(index) with a long title"),
                  "date": .date(seoulDate(2025, 1 + page, 1 + index, index, page)),
                  "tags": .list((0..<(index % 4)).map { .string("tag\($0)") })]
             })]
        }
        let expected = try contexts.map { try library.render("list.html", with: $0) }
        let results = ResultBox(count: 64 * contexts.count)
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            for (page, context) in contexts.enumerated() {
                let output = try? library.render("list.html", with: context)
                results.set(iteration * contexts.count + page, output)
            }
        }
        for (index, output) in results.values.enumerated() {
            XCTAssertEqual(output, expected[index % contexts.count], "render \(index)")
        }
    }
}

/// Results written by many threads, one slot each.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [String?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: String?) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}
