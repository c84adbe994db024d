import DaybookTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// SPEC §10 in a built site: the statistics page, each year's review, "on this day" files, and
/// the site's words in the diary's language.
final class LookingBackTests: XCTestCase {
    private func builtSite(_ fixture: String, config extra: String = "") throws -> (root: URL, files: [String: String]) {
        let root = try copyOfFixture(fixture, test: self)
        if !extra.isEmpty {
            let path = root.appendingPathComponent("daybook.yml")
            try (try String(contentsOf: path, encoding: .utf8) + extra).write(to: path, atomically: true, encoding: .utf8)
        }
        try buildSite(root)
        return (root, try filesBelow(root.appendingPathComponent("Output")).mapValues { String(decoding: $0, as: UTF8.self) })
    }

    func testTheStatsPageIsLinkedFromEveryPagesNavigation() throws {
        let (_, files) = try builtSite("english-subpath")
        XCTAssertNotNil(files["stats/index.html"])
        for (path, html) in files where path.hasSuffix(".html") {
            XCTAssertTrue(html.contains(#"<a href="/diary/stats/""#), "\(path) links to the stats page")
        }
        XCTAssertTrue(files["stats/index.html"]!.contains(#"<a href="/diary/stats/" aria-current="page">Stats</a>"#))
    }

    func testTheStatsPageShowsTheDiarysNumbersInItsLanguage() throws {
        let (_, files) = try builtSite("seoul-diary")
        let page = try XCTUnwrap(files["stats/index.html"])
        XCTAssertTrue(page.contains("글 4편 · 3일 · 단어 "), "four entries on three days")
        // 2025-03-01 and 03-02 in Seoul (the New York call is already the 2nd there).
        XCTAssertTrue(page.contains("<strong>2일</strong> · <a href=\"/2025/03/01/\"><time datetime=\"2025-03-01\">2025-03-01</time></a> – <a href=\"/2025/03/02/\">"),
                      page)
        XCTAssertTrue(page.contains("<span aria-hidden=\"true\">#</span>walk</a> <span class=\"muted\">글 2편</span>"))
    }

    func testEveryChartIsWellFormedSVGFollowedByATableOfItsNumbers() throws {
        let (_, files) = try builtSite("seoul-diary")
        let page = try XCTUnwrap(files["stats/index.html"])
        let charts = page.components(separatedBy: "<svg class=\"chart\"").dropFirst()
        XCTAssertEqual(charts.count, 6, "entries and words for 2025 and 2024, weekdays, hours")
        for chart in charts {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"" + chart.components(separatedBy: "</svg>")[0] + "</svg>"
            let parser = XMLParser(data: Data(svg.utf8))
            let collector = SVGCollector()
            parser.delegate = collector
            XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(svg)")
            XCTAssertFalse(collector.rectangles.isEmpty, "a chart of a diary with entries draws bars")
            for rect in collector.rectangles {
                XCTAssertGreaterThan(Double(rect["height"] ?? "") ?? 0, 0, "\(rect)")
                XCTAssertGreaterThanOrEqual(Double(rect["y"] ?? "") ?? -1, 0, "\(rect)")
            }
            XCTAssertTrue(chart.contains("<table>"), "the chart's numbers follow it as a table")
        }
        XCTAssertTrue(page.contains(#"<tr><th scope="row"><a href="/2025/03/">2025년 3월</a></th><td class="number">3</td>"#), page)
    }

    func testTheStatsPageShowsTheTenMostUsedTagsAndFoldsTheRest() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        for day in 1...30 {
            let text = "---\ndate: 2025-06-\(String(format: "%02d", day))T12:00:00Z\nemotion: calm\ntags: [walk, once-\(day)]\n---\nA walk.\n"
            try Data(text.utf8).write(to: root.appendingPathComponent("Content/notes/2025-06-\(day)-walk.md"))
        }
        try buildSite(root)
        let page = String(decoding: try XCTUnwrap(try filesBelow(root.appendingPathComponent("Output"))["stats/index.html"]), as: UTF8.self)
        let section = try XCTUnwrap(page.components(separatedBy: #"<section aria-labelledby="tags-title">"#).dropFirst().first)
        let parts = section.components(separatedBy: #"<details class="more-tags">"#)
        XCTAssertEqual(parts.count, 2, "the less used tags are folded: \(section)")
        let shown = parts[0]
        let folded = parts.count > 1 ? parts[1].components(separatedBy: "</details>")[0] : ""
        XCTAssertEqual(shown.components(separatedBy: "<li>").count - 1, 10, "the ten most used tags show")
        XCTAssertTrue(shown.contains("#</span>walk</a> <span class=\"muted\">30 entries</span>"), "the most used first")
        // 30 tags used once and the fixture's two: 33 in all.
        XCTAssertEqual(folded.components(separatedBy: "<li>").count - 1, 23, "the other 23 of 33 tags are one tap away")
        XCTAssertTrue(folded.contains("<summary>23 more tags</summary>"), folded)
    }

    func testEachYearPageReviewsItsYear() throws {
        let (_, files) = try builtSite("seoul-diary")
        let page = try XCTUnwrap(files["2025/index.html"])
        XCTAssertTrue(page.contains("<dt>가장 많이 쓴 날</dt><dd><a href=\"/2025/03/01/\">"), "busiest day: two entries on 03-01")
        XCTAssertTrue(page.contains("· 글 2편</dd>"))
        XCTAssertTrue(page.contains("<dt>최장 연속 기록</dt><dd>2일 · "))
        XCTAssertTrue(page.contains(#"<li style="--emotion: #f5c542"><a href="/2025/03/">"#), "March: happy twice, calm once")
        XCTAssertEqual(page.components(separatedBy: "<li class=\"is-empty\">").count - 1, 11, "the other months have no entries")
    }

    func testTheYearInPixelsHasEveryDayOfTheYearAsACell() throws {
        let (_, files) = try builtSite("english-subpath")
        let page = try XCTUnwrap(files["2025/index.html"])
        XCTAssertEqual(page.components(separatedBy: "class=\"px\"").count - 1, 365)
        XCTAssertEqual(page.components(separatedBy: "class=\"px px-none\"").count - 1, 12 * 31 - 365, "fillers for days a month lacks")
        XCTAssertTrue(page.contains(#"<a class="px" href="/diary/2025/07/04/" style="--px: #db61a2" title="2025-07-04 · Excited · 1""#))
    }

    func testTheSitesWordsFollowTheLocaleAndTheConfigsStrings() throws {
        let korean = try builtSite("seoul-diary").files
        XCTAssertTrue(korean["index.html"]!.contains(">보관함</a>"))
        XCTAssertTrue(korean["index.html"]!.contains(">최근 날들</h2>"))
        XCTAssertFalse(korean["index.html"]!.contains(">Archive</a>"))
        XCTAssertTrue(korean["archive/page/2/index.html"]!.contains("<title>보관함 · 2 · 봄 일기</title>"))

        let english = try builtSite("english-subpath").files
        XCTAssertTrue(english["index.html"]!.contains(">Archive</a>"))
        XCTAssertTrue(english["2025/index.html"]!.contains("2 entries · 2 days"))

        let renamed = try builtSite("english-subpath", config: "strings:\n  archive: Old days\n  entry_count: \"{n} note|{n} notes\"\n").files
        XCTAssertTrue(renamed["index.html"]!.contains(">Old days</a>"))
        XCTAssertTrue(renamed["archive/index.html"]!.contains("<h1>Old days</h1>"))
        XCTAssertTrue(renamed["2025/index.html"]!.contains("2 notes · 2 days"))
    }

    func testOnThisDayFilesHoldEachCalendarDayOfEveryYear() throws {
        let (_, files) = try builtSite("seoul-diary")
        XCTAssertEqual(files.keys.filter { $0.hasPrefix("on-this-day/") }.sorted(), ["on-this-day/03-01.json", "on-this-day/03-02.json"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(files["on-this-day/03-02.json"]!.utf8)) as? [String: Any])
        let entries = try XCTUnwrap(json["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["url"] as? String }, ["/2025/03/02/new-york-call/", "/2024/03/02/last-year/"])
        XCTAssertEqual(entries.map { $0["datetime"] as? String }, ["2025-03-02T00:15+09:00", "2024-03-02T18:00+09:00"])
        XCTAssertEqual(entries.map { $0["emotion"] as? String }, ["happy", "calm"])
        let emotions = try XCTUnwrap(json["emotions"] as? [String: [String: String]])
        XCTAssertEqual(emotions["calm"]?["label"], "평온")

        let home = try XCTUnwrap(files["index.html"])
        // 1 March is day 60 and 2 March day 61 of a leap year: digit 15, its top two bits.
        let days = String(repeating: "0", count: 15) + "c" + String(repeating: "0", count: 76)
        XCTAssertTrue(home.contains(#"data-days="\#(days)""#), home)
        XCTAssertTrue(home.contains(#"<section class="on-this-day" aria-labelledby="on-this-day-title""#))
        XCTAssertTrue(home.contains(" hidden>"), "without JavaScript the section stays hidden")
        XCTAssertTrue(home.contains("<div class=\"cards\" data-on-this-day-cards></div>"), "the build does not decide which day is today")
    }

    func testABodyEditThatChangesNoNumberLeavesTheStatsPageAsItWas() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let entry = root.appendingPathComponent("Content/2024/03/02/last-year.md")
        let original = try String(contentsOf: entry, encoding: .utf8)
        try original.replacingOccurrences(of: "rain and tea", with: "snow and cocoa").write(to: entry, atomically: true, encoding: .utf8)
        let sameWords = try buildSite(root)
        XCTAssertTrue(sameWords.writtenPaths.contains("2024/03/02/last-year/index.html"))
        XCTAssertFalse(sameWords.writtenPaths.contains("stats/index.html"), "as many words as before")
        XCTAssertTrue(sameWords.writtenPaths.contains("on-this-day/03-02.json"), "its excerpt changed")

        try original.replacingOccurrences(of: "rain and tea", with: "rain, tea and a long nap").write(to: entry, atomically: true, encoding: .utf8)
        let moreWords = try buildSite(root)
        XCTAssertTrue(moreWords.writtenPaths.contains("stats/index.html"), "three more words")
        XCTAssertFalse(moreWords.writtenPaths.contains("2024/index.html"), "the year's review has no word count")
    }
}

/// The attributes of every `<rect>` in an SVG document.
private final class SVGCollector: NSObject, XMLParserDelegate {
    var rectangles: [[String: String]] = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "rect" { rectangles.append(attributes) }
    }
}
