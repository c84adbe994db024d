import DaybookTestSupport
@testable import DiarySearch
import XCTest

/// A token set numbers each distinct token once, in the order of first insertion, and gives its bytes back.
final class TokenSetTests: XCTestCase {
    func testEachDistinctTokenIsNumberedOnceInTheOrderFirstSeen() {
        var set = TokenSet(capacity: 4)
        var expected: [String] = []
        var numbers: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab가z1é ".utf8)
        for _ in 0..<40_000 {
            // Short tokens repeat often; lengths cross the eight-byte words the hash reads.
            let length = Int.random(in: 0...19, using: &generator)
            var token = (0..<length).map { _ in alphabet[Int.random(in: 0..<3, using: &generator)] }
            if length % 5 == 0 { token += "가나다".utf8 }
            let text = String(decoding: token, as: UTF8.self)
            let (number, isNew) = token.withUnsafeBufferPointer { set.insert($0) }
            if let known = numbers[text] {
                XCTAssertFalse(isNew, text)
                XCTAssertEqual(number, known, text)
            } else {
                XCTAssertTrue(isNew, text)
                XCTAssertEqual(number, expected.count, text)
                numbers[text] = number
                expected.append(text)
            }
        }
        XCTAssertEqual(set.count, expected.count)
        XCTAssertEqual((0..<set.count).map(set.string), expected)
        XCTAssertGreaterThan(expected.count, 10_000, "the set grew many times")
    }

    func testAHashFromAnotherSetFindsTheSameToken() {
        var entry = TokenSet()
        var index = TokenSet()
        for word in ["rain", "비가", "rain", "a-long-token-of-many-words"] {
            var word = word
            word.withUTF8 { _ = entry.insert($0) }
        }
        for number in 0..<entry.count {
            let (indexNumber, isNew) = Array(entry.token(number)).withUnsafeBufferPointer { index.insert($0, hash: entry.hashes[number]) }
            XCTAssertEqual(indexNumber, number)
            XCTAssertTrue(isNew)
        }
        XCTAssertEqual(Array("비가".utf8).withUnsafeBufferPointer { index.insert($0).number }, 1)
        XCTAssertEqual(index.count, 3)
    }
}
