import DaybookTestSupport
import DiaryCorpus
@testable import DiarySearch
import XCTest

/// Entry lists are written in the shorter of their two forms and read back as they were.
final class PostingsCodingTests: XCTestCase {
    private func text(_ numbers: [Int]) -> String {
        String(decoding: PostingsCoding.encode(numbers), as: UTF8.self)
    }

    func testSparseListsAreWrittenAsGapsAndDenseOnesAsABitmap() {
        XCTAssertEqual(text([]), "")
        XCTAssertEqual(text([40]), "x8")
        XCTAssertEqual(text([0, 40]), "0x7")
        XCTAssertEqual(text([1, 7]), "15")
        // Three gap digits, or a mark and one character.
        XCTAssertEqual(text([0, 1, 2]), "~7")
        // Twelve entries in a row: twelve gap digits, or a mark and two full characters.
        XCTAssertEqual(text(Array(0..<12)), "~__")
    }

    func testListsGrownOneNumberAtATimeReadBackAsTheyWere() throws {
        var random = SeededGenerator(seed: 7)
        for spread in [1, 2, 6, 40, 5_000] {
            var list = PostingsCoding.GrowingList()
            var numbers: [Int] = []
            for _ in 0..<400 {
                let number = list.last + 1 + Int.random(in: 0..<spread, using: &random)
                list.append(number)
                numbers.append(number)
            }
            let encoded = list.encoded()
            XCTAssertEqual(encoded, PostingsCoding.encode(numbers), "spread \(spread)")
            XCTAssertEqual(try PostingsCoding.decode(String(decoding: encoded, as: UTF8.self)), numbers, "spread \(spread)")
        }
    }
}
