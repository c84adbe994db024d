import DaybookTestSupport
@testable import DiaryReader
import XCTest

final class ByteSearchTests: XCTestCase {
    private func first(_ pattern: String, in text: String, from start: Int = 0) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { ByteSearch.firstMatch(of: Array(pattern.utf8), in: $0, from: start) }
    }

    func testTheFirstMatchAtOrAfterTheStartIsFound() {
        XCTAssertEqual(first("data-x", in: "<div data-y data-x>"), 12)
        XCTAssertEqual(first("data-x", in: "data-x"), 0)
        XCTAssertEqual(first("ab", in: "aab aab", from: 2), 5)
        XCTAssertEqual(first("ab", in: "xxab", from: 2), 2)
        XCTAssertNil(first("ab", in: "xxab", from: 3))
        XCTAssertNil(first("data-x", in: "data-"))
        XCTAssertNil(first("abc", in: "ab"))
        XCTAssertNil(first("", in: "abc"))
        XCTAssertEqual(first("각주", in: "본문 각주"), 7)
    }

    func testEveryMatchIsReplacedUnlessItTouchesANonASCIIByte() {
        func replaced(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { ByteSearch.replacing(Array("fn-".utf8), with: Array("fn-x-".utf8), in: $0) }
        }
        XCTAssertEqual(replaced("a fn-1 b fn-2"), "a fn-x-1 b fn-x-2")
        XCTAssertEqual(replaced("nothing here"), "nothing here")
        XCTAssertNil(replaced("가fn-1"))
    }
}
