@testable import DiaryIndex
import XCTest

/// An excerpt made from UTF-8 is the excerpt of the same text made from its characters, whether
/// the bytes can be counted as characters (printable ASCII and Hangul syllables) or not.
final class ExcerptTests: XCTestCase {
    private func characterExcerpt(_ text: [UInt8], limit: Int) -> String {
        let source = Excerpt.source(ofUTF8: text)
        return Excerpt.of(String(decoding: source, as: UTF8.self), limit: limit, continues: source.count < text.count)
    }

    func testPlainTextIsCutLikeCharactersAtAWordNearTheLimit() {
        let text = "오늘은 비가 왔다. It rained all afternoon, and the city smelled of wet leaves; 저녁에는 산책을 했다."
        XCTAssertEqual(Excerpt.of(utf8: Array(text.utf8), limit: 30), "오늘은 비가 왔다. It rained all…")
        XCTAssertEqual(Excerpt.of(utf8: Array(text.utf8), limit: 1_000), text)
        XCTAssertEqual(Excerpt.of(utf8: Array("Short.".utf8), limit: 6), "Short.")
        XCTAssertEqual(Excerpt.of(utf8: Array(String(repeating: "가", count: 60).utf8), limit: 40), String(repeating: "가", count: 40) + "…")
    }

    func testEveryTextGivesTheExcerptItsCharactersGive() {
        // Pieces that join into one character across the cut (a combining mark, trailing jamo,
        // CR LF, an emoji sequence, the Hangul jamo next to the syllables in UTF-8), and the plain pieces around them.
        let pieces = ["a", "Z", " ", ",", ".", ":", "가", "힣", "각", "e\u{301}", "\u{301}", "\u{11A8}", "\r\n", "\n", "\t",
                      "👍🏽", "👨\u{200D}👩", "é", "日", "ㄱ", "\u{D7CB}", "\u{D7B0}", "\u{A960}"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3_000 {
            let length = Int.random(in: 0...80, using: &generator)
            let plainOnly = round % 2 == 0
            let text = (0..<length).map { _ in plainOnly ? pieces[Int.random(in: 0...8, using: &generator)] : pieces.randomElement(using: &generator)! }.joined()
            let limit = Int.random(in: 1...60, using: &generator)
            let bytes = Array(text.utf8)
            XCTAssertEqual(Excerpt.of(utf8: bytes, limit: limit), characterExcerpt(bytes, limit: limit),
                           "\(text.debugDescription), limit \(limit)")
        }
    }

    func testATextLongerThanTheSourceGoesOn() {
        let text = Array(String(repeating: "word ", count: 400).utf8)
        XCTAssertEqual(Excerpt.of(utf8: text, limit: 2_000), characterExcerpt(text, limit: 2_000))
        XCTAssertTrue(Excerpt.of(utf8: text, limit: 2_000).hasSuffix("word…"))
    }
}
