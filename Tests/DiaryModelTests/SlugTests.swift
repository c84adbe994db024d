import DiaryModel
import XCTest

final class SlugTests: XCTestCase {
    func testPunctuationAndSpacesBecomeOneDash() {
        XCTAssertEqual(Slug.make(from: "0930-Autumn walk!"), "0930-autumn-walk")
        XCTAssertEqual(Slug.make(from: "  --Hello,   World--  "), "hello-world")
    }

    func testKoreanLettersAreKept() {
        XCTAssertEqual(Slug.make(from: "가을 산책"), "가을-산책")
        XCTAssertEqual(Slug.make(from: "첫눈 (First snow)"), "첫눈-first-snow")
    }

    func testDecomposedAccentsAreComposedFirst() {
        XCTAssertEqual(Slug.make(from: "Cafe\u{301} Noir"), "caf\u{E9}-noir")
        XCTAssertEqual(Slug.make(from: "Cafe\u{301}"), Slug.make(from: "Caf\u{E9}"))
    }

    func testANameWithoutLettersOrDigitsHasAnEmptySlug() {
        XCTAssertEqual(Slug.make(from: "!!! ..."), "")
        XCTAssertEqual(Slug.make(from: "😊"), "")
    }
}
