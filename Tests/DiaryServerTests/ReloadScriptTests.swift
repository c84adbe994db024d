import DaybookTestSupport
@testable import DiaryServer
import XCTest

final class ReloadScriptTests: XCTestCase {
    func inject(_ html: String) -> String {
        String(decoding: ReloadScript.inject(into: Array(html.utf8), generation: 7), as: UTF8.self)
    }

    var tag: String { ReloadScript.tag(generation: 7) }

    func testTheTagNamesTheGenerationThePageWasServedFrom() {
        XCTAssertEqual(tag, #"<script src="/__daybook/reload.js" data-generation="7"></script>"#)
        XCTAssertEqual(ReloadMessage.servedGeneration(in: "hello 7"), 7)
        XCTAssertNil(ReloadMessage.servedGeneration(in: "hello"))
    }

    func testScriptGoesJustBeforeTheLastClosingBodyTag() {
        XCTAssertEqual(inject("<body><p>&lt;/body&gt; and </body></html>\n"),
                       "<body><p>&lt;/body&gt; and \(tag)</body></html>\n")
        XCTAssertEqual(inject("<pre></body></pre></BODY >"), "<pre></body></pre>\(tag)</BODY >")
    }

    func testPageWithoutABodyTagGetsTheScriptAtTheEnd() {
        XCTAssertEqual(inject("<p>just a fragment"), "<p>just a fragment" + tag)
        XCTAssertEqual(inject(""), tag)
    }

    func testTheOverlayIsFilledAsTextNeverAsMarkup() {
        XCTAssertTrue(ReloadScript.source.contains("overlay.textContent = text"))
        XCTAssertFalse(ReloadScript.source.contains("innerHTML"))
        XCTAssertTrue(ReloadScript.source.contains(ReloadScript.socketPath))
        XCTAssertTrue(ReloadScript.source.contains("setTimeout(connect"), "reconnects when the socket drops")
    }

    func testMessagesReadBackAsTheyWereSent() {
        for message in [ReloadMessage.reload, .ok, .error("Content/a.md:1:1: error: x\n\nBuild failed with 1 error")] {
            XCTAssertEqual(ReloadMessage(text: message.text), message)
        }
        XCTAssertEqual(ReloadMessage.error("boom").text, "error\nboom")
        XCTAssertNil(ReloadMessage(text: "hello"))
    }

    func testContentTypesFollowTheExtension() {
        let expected = [
            "index.html": "text/html; charset=utf-8", "assets/style.css": "text/css; charset=utf-8",
            "assets/search.js": "text/javascript; charset=utf-8", "search/index.json": "application/json",
            "images/a_image_1.png": "image/png", "images/a_image_1.JPG": "image/jpeg", "b.jpeg": "image/jpeg",
            "c.gif": "image/gif", "d.webp": "image/webp", "e.avif": "image/avif", "f.svg": "image/svg+xml",
            "robots.txt": "text/plain; charset=utf-8", "sitemap.xml": "application/xml", "favicon.ico": "image/x-icon",
            "no-extension": "application/octet-stream", "folder.d/file": "application/octet-stream", ".hidden": "application/octet-stream",
        ]
        for (path, type) in expected {
            XCTAssertEqual(ContentType.of(path), type, path)
        }
    }
}
