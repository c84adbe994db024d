import BuildSupport
import DiaryModel
import XCTest

/// Prefixes, suffixes and equality of the UTF-8 bytes, including where characters would differ.
final class UTF8ComparisonTests: XCTestCase {
    func testBytesDecideNotCharacters() {
        XCTAssertTrue("images/a.jpg".hasUTF8Prefix("images/"))
        XCTAssertTrue("images/".hasUTF8Prefix("images/"))
        XCTAssertTrue("일기.md".hasUTF8Prefix(""))
        XCTAssertFalse("image".hasUTF8Prefix("images/"))
        XCTAssertFalse("Images/a".hasUTF8Prefix("images/"))
        XCTAssertTrue("일기/하루.md".hasUTF8Suffix(".md"))
        XCTAssertTrue("".hasUTF8Suffix(""))
        XCTAssertFalse("md".hasUTF8Suffix(".md"))
        XCTAssertFalse("a.md\u{301}".hasUTF8Suffix(".md"), "a combining mark after the name is a byte of it")
        XCTAssertTrue("x\u{600}.md".hasUTF8Suffix(".md"), "a prepended mark before the dot does not hide the extension")
        XCTAssertTrue("산책".isUTF8Equal(to: "산책"))
        XCTAssertTrue("".isUTF8Equal(to: ""))
        XCTAssertFalse("café".isUTF8Equal(to: "cafe\u{301}"), "the same characters in other bytes are another name")
        XCTAssertFalse("walk".isUTF8Equal(to: "walks"))
        let long = String(repeating: "가", count: 100)
        XCTAssertTrue((long + "/x").hasUTF8Prefix(long))
        XCTAssertFalse((long + "/x").isUTF8Equal(to: long + "/y"))
    }
}
