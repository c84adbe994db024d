import DaybookTestSupport
import DiaryModel
@testable import DiaryReader
import XCTest

/// A body's local pictures are cut out of its HTML when it is read and put back by the page.
final class PictureMarkersTests: XCTestCase {
    /// The body as the reader keeps it, its pictures numbered in order from 1.
    private func body(_ markdown: String) -> EntryBody {
        let document = MarkdownDocument(Substring(markdown))
        var number = 0
        for image in document.images() where !image.url.hasPrefix("https:") {
            number += 1
            document.setURL(PictureMarkers.marker(for: number), of: image)
        }
        let (html, pictures) = PictureMarkers.cut(document.html())
        return EntryBody(html: html, pictures: pictures, text: "")
    }

    func testAnAddressIsWrittenExactlyAsCmarkWritesIt() {
        let characters = (1...0x7F).map { String(Character(Unicode.Scalar(UInt8($0)))) } + ["가", "é", "😊", "\u{A0}"]
        for address in characters.map({ "/d/a\($0)b.png" }) + ["/diary/images/2025-10-20-산책_image_1.jpg", "/a b/c&d'e\"f<g>.png"] {
            let direct = MarkdownDocument("![x](p.png)\n")
            direct.setURL(address, of: direct.images()[0])
            XCTAssertEqual(body("![x](p.png)\n").html { _ in address }, direct.html(), address.debugDescription)
        }
    }

    func testEachPictureIsFoundWhereverItSits() {
        let markdown = """
            ![first](a.png) and ![remote](https://example.com/r.png) and [![linked *one*](b.png)](/x)

            | picture |
            |---|
            | ![in a table](c.png) |

            Note[^1].

            [^1]: ![in a footnote](d.png "title")
            """
        let kept = body(markdown)
        XCTAssertEqual(kept.pictures.map(\.number), [1, 2, 3, 4])
        let bytes = Array(kept.html.utf8)
        for picture in kept.pictures {
            XCTAssertEqual(String(decoding: bytes[picture.tag], as: UTF8.self).prefix(11), "<img src=\"\"")
            XCTAssertEqual(bytes[picture.tag.upperBound - 1], UInt8(ascii: ">"))
            XCTAssertEqual(picture.source, picture.tag.lowerBound + 10)
        }
        let filled = kept.html { "/p/\($0).png" }
        for number in 1...4 { XCTAssertTrue(filled.contains("<img src=\"/p/\(number).png\" alt=\""), filled) }
        XCTAssertTrue(filled.contains("<img src=\"https://example.com/r.png\" alt=\"remote\" />"), filled)
        XCTAssertTrue(filled.contains("title=\"title\""), filled)
    }

    func testABodyWithoutPicturesIsKeptAsItIs() {
        let kept = body("Just words, and an address: <img src=\"daybook-picture-1\">\n")
        XCTAssertEqual(kept.pictures, [])
        XCTAssertEqual(kept.html { _ in "never" }, kept.html)
    }
}
