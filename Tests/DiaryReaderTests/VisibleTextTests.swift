import DaybookTestSupport
import DiaryModel
@testable import DiaryReader
import XCTest

/// The visible text of a body, read from the Markdown tree: what excerpts and search use.
final class VisibleTextTests: XCTestCase {
    private func text(_ markdown: String) -> String {
        String(decoding: MarkdownDocument(Substring(markdown)).visibleText().body, as: UTF8.self)
    }

    private func footnotes(_ markdown: String) -> String {
        String(decoding: MarkdownDocument(Substring(markdown)).visibleText().footnotes, as: UTF8.self)
    }

    func testEmphasisAddsNoSpaceInsideAWord() {
        XCTAssertEqual(text("마음이 **편안했다**.\n"), "마음이 편안했다.")
        XCTAssertEqual(text("un*believ*able ~~gone~~s `code`!\n"), "unbelievable gones code!")
    }

    func testBlocksAreSetApartByOneSpace() {
        XCTAssertEqual(text("# Title\n\nFirst paragraph.\n\nSecond\nline.\n\n> Quoted.\n\n---\n\nLast."),
                       "Title First paragraph. Second line. Quoted. Last.")
    }

    func testHardAndSoftLineBreaksAreSpaces() {
        XCTAssertEqual(text("one  \ntwo\\\nthree\nfour\n"), "one two three four")
    }

    func testListItemsAndTableCellsAreWordsApart() {
        XCTAssertEqual(text("- apples\n- pears\n\n1. one\n2. two\n"), "apples pears one two")
        XCTAssertEqual(text("| time | what |\n|---|---|\n| 21:45 | first rocket |\n"), "time what 21:45 first rocket")
        XCTAssertEqual(text("- [x] blanket\n- [ ] bug spray\n"), "blanket bug spray")
    }

    func testLinksShowTheirTextAndNeverTheirURL() {
        XCTAssertEqual(text("with [my sister](https://example.com/secret) and <https://example.org/x>.\n"),
                       "with my sister and https://example.org/x.")
        XCTAssertEqual(text("[**bold** link](/a \"title\")s\n"), "bold links")
    }

    func testPicturesShowTheirDescriptionInPlace() {
        XCTAssertEqual(text("Look: ![a *red* leaf](leaf.png \"ignored title\"), here.\n"), "Look: a red leaf, here.")
        XCTAssertEqual(text("Before.\n\n![The lake at dawn](lake.png)\n"), "Before. The lake at dawn")
        XCTAssertEqual(text("![](empty.png)\n\nafter\n"), "after")
    }

    func testCodeIsTextAndItsWhiteSpaceIsFolded() {
        XCTAssertEqual(text("Run `swift  build`.\n\n```\nlet a = 1\n    return a\n```\n\nDone.\n"),
                       "Run swift build. let a = 1 return a Done.")
    }

    func testRawHTMLIsNotText() {
        XCTAssertEqual(text("A <b>raw</b> tag stays out, and so does [this](javascript:alert(1)).\n\n<div>\nblock\n</div>\n"),
                       "A raw tag stays out, and so does this.")
    }

    func testEntitiesAreTheCharactersTheyName() {
        XCTAssertEqual(text("Tea &amp; rain &lt;3 &#39;ok&#39;\n"), "Tea & rain <3 'ok'")
    }

    func testFootnotesLeaveTheBodyAndItsMarkersBehind() {
        let markdown = "It rained[^1] all day[^note].\n\n[^1]: In **Seoul**.\n[^note]: Second\n    paragraph.\n\nAfter.\n"
        XCTAssertEqual(text(markdown), "It rained all day. After.")
        XCTAssertEqual(footnotes(markdown), "In Seoul. Second paragraph.")
    }

    func testAnEntryKeepsItsTextWithoutTheTitleHeading() throws {
        let entry = try singleEntry(entryText("date: 2025-10-20\nemotion: happy", body: "# 조용한 밤\n\n마음이 **편안했다**[^a].\n\n[^a]: 정말.\n"))
        XCTAssertEqual(entry.title, "조용한 밤")
        XCTAssertEqual(entry.body.text, "마음이 편안했다.")
        XCTAssertEqual(entry.body.footnoteText, "정말.")
    }
}
