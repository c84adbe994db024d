import DaybookTestSupport
@testable import DiarySearch
import XCTest

/// A key file read back gives each key's value as the bytes that were written, escapes and all,
/// and a damaged file gives nothing (the update then rebuilds the index).
final class KeyFileTests: XCTestCase {
    func testEveryValueComesBackAsTheBytesWritten() throws {
        var text = JSONWriter()
        text.string("산책 \"quoted\" back\\slash\nline \u{1} end")
        var list = JSONWriter()
        list.array(["a", "b\"c", "", "\u{7}"]) { json, item in json.string(item) }
        var empty = JSONWriter()
        empty.array([String]()) { json, item in json.string(item) }
        let items: [KeyFile.Item] = [("비", text.bytes), ("walk", list.bytes), ("k\"ey", empty.bytes), ("x", KeyFile.entriesValue(([3, 7, 120], [1, 63, 9])))]

        let decoded = try XCTUnwrap(KeyFile.decode(KeyFile.encode(items)))
        XCTAssertEqual(decoded.map(\.key), items.map(\.key))
        XCTAssertEqual(decoded.map(\.value), items.map(\.value))
    }

    func testADamagedFileReadsAsNothing() {
        var writer = JSONWriter()
        writer.string("value")
        let whole = KeyFile.encode([("key", writer.bytes)])
        XCTAssertNotNil(KeyFile.decode(whole))
        for damaged in [Array(whole.dropLast()), Array(whole.dropLast(3)) + Array("}".utf8),
                        Array(#"{"key":"a\qb"}"#.utf8), Array(#"{"key":"\u12"}"#.utf8),
                        Array(#"{"key":["a","b"}"#.utf8), Array(#"{"key":["a",]}"#.utf8), Array(#"{"key":7}"#.utf8)] {
            XCTAssertNil(KeyFile.decode(damaged), String(decoding: damaged, as: UTF8.self))
        }
    }
}
