import DaybookTestSupport
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// What a person checks in a built site: the pages of SPEC §3 exist, link to each other, and
/// show the right things.
final class SiteContentTests: XCTestCase {
    func testEveryInternalLinkAndImageResolves() throws {
        for (fixture, base) in [("seoul-diary", "/"), ("english-subpath", "/diary/")] {
            let root = try copyOfFixture(fixture, test: self)
            try buildSite(root)
            XCTAssertEqual(try brokenLinks(in: root.appendingPathComponent("Output"), baseURL: base).map(\.description), [], fixture)
        }
    }

    func testLinksResolveWithDraftsAndASubPathToo() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        var config = try String(contentsOf: root.appendingPathComponent("daybook.yml"), encoding: .utf8)
        config += "base_url: /diary/\n"
        try config.write(to: root.appendingPathComponent("daybook.yml"), atomically: true, encoding: .utf8)
        try buildSite(root, options: .init(includeDrafts: true))
        XCTAssertEqual(try brokenLinks(in: root.appendingPathComponent("Output"), baseURL: "/diary/").map(\.description), [])
    }

    func testTheSiteHasEveryPageOfTheSpec() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let report = try buildSite(root)
        let files = Set(try filesBelow(root.appendingPathComponent("Output")).keys)
        let expected = [
            "index.html", "404.html", "robots.txt", "assets/style.css",
            "2025/03/01/0900-plum-blossoms/index.html", "2025/03/01/2130-quiet-night/index.html",
            "2025/03/02/new-york-call/index.html", "2024/03/02/last-year/index.html",
            "2025/03/01/index.html", "2025/03/02/index.html", "2024/03/02/index.html",
            "2025/03/index.html", "2024/03/index.html", "2025/index.html", "2024/index.html",
            "archive/index.html", "archive/page/2/index.html",
            "emotions/index.html", "emotions/happy/index.html", "emotions/happy/page/2/index.html",
            "emotions/calm/index.html", "emotions/sad/index.html",
            "tags/index.html", "tags/봄/index.html", "tags/walk/index.html", "tags/family/index.html",
            "gallery/index.html",
            "images/2025-03-01-0900-plum-blossoms_image_1.png", "images/2025-03-01-0900-plum-blossoms_image_2.png",
        ]
        for path in expected { XCTAssertTrue(files.contains(path), "missing \(path)") }
        XCTAssertFalse(files.contains { $0.contains("draft-letter") }, "a draft must stay out without --drafts")
        XCTAssertEqual(report.entryCount, 4)
    }

    func testEveryPageIsMarkedNoIndexAndRobotsDisallowsAll() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        let files = try filesBelow(root.appendingPathComponent("Output"))
        for (path, data) in files where path.hasSuffix(".html") {
            XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("<meta name=\"robots\" content=\"noindex\">"), path)
        }
        XCTAssertEqual(String(decoding: files["robots.txt"] ?? Data(), as: UTF8.self), "User-agent: *\nDisallow: /\n")
    }

    /// SPEC §8: no page tells another host where its reader came from, and every page allows
    /// scripts, requests and pictures from the site itself only.
    func testEveryPageSendsNoReferrerAndCarriesTheContentSecurityPolicy() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let pages = try filesBelow(root.appendingPathComponent("Output")).filter { $0.key.hasSuffix(".html") }
        XCTAssertGreaterThan(pages.count, 20)
        for (path, data) in pages {
            let page = String(decoding: data, as: UTF8.self)
            let head = page.components(separatedBy: "</head>")[0]
            XCTAssertTrue(head.contains(#"<meta name="referrer" content="no-referrer">"#), path)
            let policy = try XCTUnwrap(head.firstMatch(of: #/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/#), path).1
            let directives = Dictionary(uniqueKeysWithValues: policy.split(separator: ";").map { directive in
                let words = directive.split(separator: " ").map(String.init)
                return (words[0], Set(words.dropFirst()))
            })
            XCTAssertEqual(directives["script-src"], ["'self'"], path)
            XCTAssertEqual(directives["connect-src"], ["'self'"], path)
            XCTAssertEqual(directives["img-src"], ["'self'", "blob:", "data:"], path)
            XCTAssertEqual(directives["object-src"], ["'none'"], path)
            XCTAssertEqual(directives["base-uri"], ["'none'"], path)
            XCTAssertEqual(directives["form-action"], ["'none'"], path)
            XCTAssertNil(page.range(of: #"<script(?![^>]*\ssrc=)[^>]*>"#, options: .regularExpression), "\(path) has an inline script")
        }
    }

    func testTheDayOfAnEntryIsItsDateInTheDiarysTimezone() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let day = try String(contentsOf: root.appendingPathComponent("Output/2025/03/02/index.html"), encoding: .utf8)
        XCTAssertTrue(day.contains("Call from New York"))
        let first = try String(contentsOf: root.appendingPathComponent("Output/2025/03/01/index.html"), encoding: .utf8)
        let morning = try XCTUnwrap(first.range(of: "매화 (Plum blossoms)"))
        let night = try XCTUnwrap(first.range(of: "조용한 밤"))
        XCTAssertLessThan(morning.lowerBound, night.lowerBound, "entries inside a day are oldest first")
    }

    func testGalleryImagesLinkBackToTheirEntry() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        let gallery = try String(contentsOf: root.appendingPathComponent("Output/gallery/index.html"), encoding: .utf8)
        XCTAssertTrue(gallery.contains("href=\"/diary/2025/07/04/fireworks/#image-1\""), gallery)
        XCTAssertTrue(gallery.contains("href=\"/diary/2025/07/05/tired/#image-1\""), gallery)
        let entry = try String(contentsOf: root.appendingPathComponent("Output/2025/07/05/tired/index.html"), encoding: .utf8)
        XCTAssertTrue(entry.contains("id=\"image-1\""))
        XCTAssertTrue(entry.contains("src=\"/diary/images/2025-07-05-tired_image_1.png\""))
        XCTAssertTrue(entry.contains("width=\"32\" height=\"16\""), "pictures carry their size")
    }

    func testAnUntitledEntrysDateIsShownOnceOnItsPageItsDayItsCardsAndTheGallery() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        // 2025-07-05-tired.md has no title: it is titled by its date and time (03:00 in New York).
        func mainText(_ path: String) throws -> String {
            let html = try String(contentsOf: root.appendingPathComponent("Output/\(path)"), encoding: .utf8)
            let main = html.components(separatedBy: "<main")[1].components(separatedBy: "</main>")[0]
            return main.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        }
        let entry = try mainText("2025/07/05/tired/index.html")
        XCTAssertEqual(entry.components(separatedBy: "2025-07-05").count - 1, 1, entry)
        XCTAssertTrue(entry.contains("2025-07-05 (Sat) 03:00"), entry)
        let day = try mainText("2025/07/05/index.html")
        XCTAssertEqual(day.components(separatedBy: "03:00").count - 1, 1, day)
        let emotion = try mainText("emotions/tired/index.html")
        XCTAssertEqual(emotion.components(separatedBy: "2025-07-05").count - 1, 1, emotion)
        let gallery = try mainText("gallery/index.html")
        XCTAssertEqual(gallery.components(separatedBy: "2025-07-05").count - 1, 1, gallery)
        // A titled entry keeps its title and its date.
        let titled = try mainText("2025/07/04/fireworks/index.html")
        XCTAssertTrue(titled.contains("Fireworks over the lake") && titled.contains("2025-07-04 (Fri) 21:45"), titled)
    }

    func testAFootnotesLinkBackIsLabelledInTheSitesLanguage() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try Data("---\ntitle: 각주\ndate: 2025-03-03 10:00\nemotion: calm\n---\n차를 마셨다[^1].\n\n[^1]: 보리차.\n".utf8)
            .write(to: root.appendingPathComponent("Content/2025/03/01/notes.md"))
        try buildSite(root)
        let page = try String(contentsOf: root.appendingPathComponent("Output/2025/03/03/notes/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("data-footnote-backref"), page)
        XCTAssertTrue(page.contains("aria-label=\"본문으로 돌아가기\""), page)
        XCTAssertFalse(page.contains("Back to content"), page)

        // daybook.yml's `strings:` replaces it too, escaped as an attribute.
        try "strings:\n  footnote_back: 'Back \"up\"'\n".appendToConfig(of: root)
        try buildSite(root)
        let overridden = try String(contentsOf: root.appendingPathComponent("Output/2025/03/03/notes/index.html"), encoding: .utf8)
        XCTAssertTrue(overridden.contains("aria-label=\"Back &quot;up&quot;\""), overridden)
    }

    func testRawHTMLInAnEntryNeverReachesThePage() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let page = try String(contentsOf: root.appendingPathComponent("Output/2025/03/01/2130-quiet-night/index.html"), encoding: .utf8)
        XCTAssertFalse(page.contains("<b>raw</b>"))
        XCTAssertFalse(page.contains("javascript:"))
    }

    func testOnThisDayShowsEarlierYears() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let home = try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8)
        XCTAssertTrue(home.contains("/2024/03/02/last-year/"), "the newest entry is on 03-02, so 2024-03-02 is 'on this day'")
    }
}

private extension String {
    func appendToConfig(of root: URL) throws {
        let url = root.appendingPathComponent("daybook.yml")
        let text = try String(contentsOf: url, encoding: .utf8)
        try (text + (text.hasSuffix("\n") ? "" : "\n") + self).write(to: url, atomically: true, encoding: .utf8)
    }
}
