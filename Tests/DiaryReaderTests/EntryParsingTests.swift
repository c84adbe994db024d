import DaybookTestSupport
import DiaryIndex
import DiaryModel
@testable import DiaryReader
import Foundation
import XCTest

final class EntryParsingTests: XCTestCase {
    func testTheIdComesFromTheDateAndTheFileName() throws {
        let entry = try singleEntry(entryText("date: 2025-10-20 09:30\nemotion: happy"), path: "Content/2025/10/20/0930-Autumn walk!.md")
        XCTAssertEqual(entry.id, "2025-10-20-0930-autumn-walk")
        XCTAssertEqual(URLMap.path(of: .entry(entry)), "2025/10/20/0930-autumn-walk/")
        XCTAssertEqual(entry.sourcePath, "Content/2025/10/20/0930-Autumn walk!.md")
    }

    func testAJekyllDatePrefixLeavesTheSlug() {
        XCTAssertEqual(EntryParser.slug(forFileAt: "Content/2025-10-20-first-snow.md"), "first-snow")
        XCTAssertEqual(EntryParser.slug(forFileAt: "Content/x/가을 산책.markdown"), "가을-산책")
        XCTAssertEqual(EntryParser.slug(forFileAt: "Content/2025-10-20.md"), "2025-10-20")
    }

    func testTheDayIsTheLocalDayOfTheDiarysTimezone() throws {
        let entry = try singleEntry(entryText("date: 2025-10-20T23:30:00-05:00\nemotion: happy"), path: "Content/a.md")
        XCTAssertEqual(entry.id, "2025-10-21-a")
        XCTAssertEqual(entry.local.description, "2025-10-21 13:30")
    }

    func testTheTitleComesFromFrontMatterThenTheFirstHeadingThenTheDate() throws {
        let titled = try singleEntry(entryText("title: 가을 산책\ndate: 2025-10-20 09:30\nemotion: happy", body: "# Heading\n\nText\n"))
        XCTAssertEqual(titled.title, "가을 산책")
        XCTAssertTrue(titled.body.html.contains("<h1>Heading</h1>"))

        let fromHeading = try singleEntry(entryText("date: 2025-10-20 09:30\nemotion: happy", body: "# A *quiet* day\n\nText\n"))
        XCTAssertEqual(fromHeading.title, "A quiet day")
        XCTAssertEqual(fromHeading.body.html, "<p>Text</p>\n")

        let untitled = try singleEntry(entryText("date: 2025-10-20 09:30\nemotion: happy", body: "## Not a title\n"))
        XCTAssertEqual(untitled.title, "2025-10-20 09:30")
    }

    func testTitlesThatLookLikeOtherTypesStayText() throws {
        let entry = try singleEntry(entryText("title: no\ndate: 2025-10-20\nemotion: happy\ntags: [2025, yes, 1.10]"))
        XCTAssertEqual(entry.title, "no")
        XCTAssertEqual(entry.tags, ["2025", "yes", "1.10"])
        XCTAssertEqual(entry.local.description, "2025-10-20 00:00")
    }

    func testEmotionsMatchIdsLabelsAndAliasesIgnoringCase() throws {
        let config = "timezone: Asia/Seoul\nemotions:\n  - id: happy\n    label: 행복\n    aliases: [Joy]\n  - id: calm\n"
        for name in ["happy", "HAPPY", "행복", "joy", "JOY"] {
            let entry = try singleEntry(entryText("date: 2025-10-20\nemotion: \(name)"), config: config)
            XCTAssertEqual(entry.emotionIDs, ["happy"], name)
        }
    }

    func testAListOfEmotionsKeepsThePrimaryFirst() throws {
        let entry = try singleEntry(entryText("date: 2025-10-20\nemotion: [calm, Happy, calm]"))
        XCTAssertEqual(entry.emotionIDs, ["calm", "happy"])
        XCTAssertEqual(entry.primaryEmotionID, "calm")
    }

    func testAnUnknownEmotionBecomesAnEmotionOfItsOwn() throws {
        let diary = try TemporaryDiary(["Content/a.md": entryText("date: 2025-10-20\nemotion: Nostalgic")])
        defer { diary.remove() }
        let result = diary.read()
        XCTAssertEqual(result.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(result.diary.entries.first?.emotionIDs, ["nostalgic"])
        let made = try XCTUnwrap(result.diary.emotions.last)
        XCTAssertEqual([made.id, made.label], ["nostalgic", "Nostalgic"])
        XCTAssertFalse(made.isConfigured)
        XCTAssertTrue(diary.read(strict: true).hasErrors)
    }

    func testTagsAreAListOrACommaStringWithoutRepeats() throws {
        let list = try singleEntry(entryText("date: 2025-10-20\nemotion: happy\ntags: [Walk, autumn, walk]"))
        XCTAssertEqual(list.tags, ["Walk", "autumn"])
        let text = try singleEntry(entryText("date: 2025-10-20\nemotion: happy\ntags: \"walk,  가을 ,\""))
        XCTAssertEqual(text.tags, ["walk", "가을"])
    }

    func testUnknownKeysAreKeptWithTheirYAMLTypes() throws {
        let entry = try singleEntry(entryText("date: 2025-10-20\nemotion: happy\nweather: sunny\nsteps: 8000\nmood_score: 7.5\nplaces: [home, park]"))
        XCTAssertEqual(entry.extra["weather"], .string("sunny"))
        XCTAssertEqual(entry.extra["steps"], .int(8000))
        XCTAssertEqual(entry.extra["mood_score"], .double(7.5))
        XCTAssertEqual(entry.extra["places"], .list([.string("home"), .string("park")]))
    }

    func testAKeyThatLooksLikeATypoIsAWarning() throws {
        let path = "Content/2025/10/20/0930-walk.md"
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\ntag: walk")]),
                       ["\(path):4:1: warning: unknown key 'tag' is kept as extra data; did you mean 'tags'?"])
    }

    func testDraftsAreLeftOutUnlessAsked() throws {
        let diary = try TemporaryDiary([
            "Content/a.md": entryText("date: 2025-10-20\nemotion: happy\ndraft: true"),
            "Content/b.md": entryText("date: 2025-10-21\nemotion: happy\ndraft: false"),
        ])
        defer { diary.remove() }
        XCTAssertEqual(diary.read().diary.entries.map(\.id), ["2025-10-21-b"])
        XCTAssertEqual(diary.read(drafts: true).diary.entries.map(\.id), ["2025-10-20-a", "2025-10-21-b"])
        XCTAssertEqual(diary.read(drafts: true).diary.entries.map(\.isDraft), [true, false])
    }

    func testEntriesAreInTimeOrderThenPathOrder() throws {
        let diary = try TemporaryDiary([
            "Content/c.md": entryText("date: 2025-10-20 09:00\nemotion: happy"),
            "Content/b.md": entryText("date: 2025-10-20 09:00\nemotion: happy"),
            "Content/a.md": entryText("date: 2025-10-20 10:00\nemotion: happy"),
            "Content/z.md": entryText("date: 2025-10-19\nemotion: happy"),
        ])
        defer { diary.remove() }
        XCTAssertEqual(diary.read().diary.entries.map(\.sourcePath), ["Content/z.md", "Content/b.md", "Content/c.md", "Content/a.md"])
    }

    func testMarkdownIsGitHubFlavoured() throws {
        let body = """
            | a | b |
            |---|---|
            | 1 | 2 |

            ~~gone~~ and https://example.com and www.example.org

            - [x] done
            - [ ] todo

            Note[^1].

            [^1]: The footnote.

            """
        let html = try singleEntry(entryText("date: 2025-10-20\nemotion: happy", body: body)).body.html
        XCTAssertTrue(html.contains("<table>"), html)
        XCTAssertTrue(html.contains("<del>gone</del>"), html)
        XCTAssertTrue(html.contains("<a href=\"https://example.com\">https://example.com</a>"), html)
        XCTAssertTrue(html.contains("<a href=\"http://www.example.org\">www.example.org</a>"), html)
        XCTAssertTrue(html.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" />"), html)
        XCTAssertTrue(html.contains("class=\"footnotes\""), html)
    }

    func testFootnoteIdsCarryTheEntryIdSoADayPageHasNoDuplicates() throws {
        let html = try singleEntry(entryText("date: 2025-10-20 09:30\nemotion: happy", body: "Note[^a].\n\n[^a]: Why.\n")).body.html
        XCTAssertTrue(html.contains("href=\"#fn-2025-10-20-0930-walk-a\""), html)
        XCTAssertTrue(html.contains("id=\"fn-2025-10-20-0930-walk-a\""), html)
        XCTAssertTrue(html.contains("href=\"#fnref-2025-10-20-0930-walk-a\""), html)
        XCTAssertTrue(html.contains("id=\"fnref-2025-10-20-0930-walk-a\""), html)
        XCTAssertFalse(html.contains("\"fn-a\""), html)
    }

    func testRawHTMLAndScriptLinksNeverReachThePage() throws {
        let body = "<script>alert(1)</script>\n\nHi <b onclick=\"x()\">there</b> [click](javascript:alert(1))\n"
        let html = try singleEntry(entryText("date: 2025-10-20\nemotion: happy", body: body)).body.html
        XCTAssertFalse(html.contains("<script"), html)
        XCTAssertFalse(html.contains("onclick"), html)
        XCTAssertFalse(html.contains("javascript:"), html)
        XCTAssertTrue(html.contains("<!-- raw HTML omitted -->"), html)
    }

    func testImagesAreNumberedFrontMatterFirstThenBody() throws {
        let files = [
            "Content/photos/leaves.jpg": pictureBytes,
            "Content/2025/10/20/coffee.PNG": pictureBytes,
            "Content/2025/10/20/cake.webp": pictureBytes,
        ]
        let text = entryText("""
            date: 2025-10-20 09:30
            emotion: happy
            images:
              - photos/leaves.jpg
              - src: coffee.PNG
                alt: Morning coffee
                caption: Best part of the day
            """, body: "Cake: ![A cake](cake.webp), again ![](photos/leaves.jpg), remote ![r](https://example.com/r.png)\n")
        let remote = "Content/2025/10/20/0930-walk.md:10:71: warning: the image 'https://example.com/r.png' is at another host, "
            + "which would learn who reads the diary; the site's policy keeps browsers from loading it: save it under Content/ and name its path"
        let entry = try singleEntry(text, extraFiles: files, warnings: [remote])
        XCTAssertEqual(entry.images.map(\.id), ["2025-10-20-0930-walk_image_1", "2025-10-20-0930-walk_image_2", "2025-10-20-0930-walk_image_3"])
        XCTAssertEqual(entry.images.map(\.sourcePath), ["Content/photos/leaves.jpg", "Content/2025/10/20/coffee.PNG", "Content/2025/10/20/cake.webp"])
        XCTAssertEqual(entry.images.map(\.fileExtension), ["jpg", "png", "webp"])
        XCTAssertEqual(entry.images.map(\.alt), ["", "Morning coffee", "A cake"])
        XCTAssertEqual(entry.images.map(\.caption), [nil, "Best part of the day", nil])
        XCTAssertEqual(entry.images.map(\.origin), [.frontMatter, .frontMatter, .body])
        XCTAssertEqual(entry.images.map(\.anchor), ["image-1", "image-2", "image-3"])
        let html = URLMap(baseURL: "/").bodyHTML(of: entry, picture: sourceNamed)
        XCTAssertTrue(html.contains("<img src=\"/images/2025-10-20-0930-walk_image_3.webp\" alt=\"A cake\" />"), html)
        XCTAssertTrue(html.contains("<img src=\"/images/2025-10-20-0930-walk_image_1.jpg\" alt=\"\" />"), html)
        XCTAssertTrue(html.contains("<img src=\"https://example.com/r.png\" alt=\"r\" />"), html)
        XCTAssertEqual(entry.body.pictures.map(\.number), [3, 1])
    }

    func testABodyKeepsItsPicturesAbstractAndThePageGivesThemTheBaseURL() throws {
        let body = "![x](../../../pic%201.png)\n"
        let files = ["Content/pic 1.png": pictureBytes]
        let underSubPath = try singleEntry(entryText("date: 2025-10-20 09:30\nemotion: happy", body: body), extraFiles: files,
                                           config: "base_url: /diary\n")
        let atRoot = try singleEntry(entryText("date: 2025-10-20 09:30\nemotion: happy", body: body), extraFiles: files)
        XCTAssertEqual(underSubPath.images.first?.sourcePath, "Content/pic 1.png")
        XCTAssertEqual(underSubPath.body, atRoot.body, "what is read does not depend on base_url")
        XCTAssertEqual(atRoot.body.html, "<p><img src=\"\" alt=\"x\" /></p>\n")
        XCTAssertEqual(atRoot.body.pictures, [EntryBody.Picture(number: 1, tag: 3..<25, source: 13)])
        XCTAssertEqual(URLMap(baseURL: "/diary/").bodyHTML(of: atRoot, picture: sourceNamed),
                       "<p><img src=\"/diary/images/2025-10-20-0930-walk_image_1.png\" alt=\"x\" /></p>\n")
    }

    func testWindowsLineEndingsAndAByteOrderMarkAreRead() throws {
        let entry = try singleEntry("\u{FEFF}---\r\ntitle: CRLF\r\ndate: 2025-10-20\r\nemotion: happy\r\n---\r\nBody\r\n")
        XCTAssertEqual(entry.title, "CRLF")
        XCTAssertEqual(entry.body.html, "<p>Body</p>\n")
    }
}
