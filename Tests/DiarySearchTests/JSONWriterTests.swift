import DaybookTestSupport
@testable import DiarySearch
import Foundation
import XCTest

/// Strings are written as JSON that any reader decodes back to the same text.
final class JSONWriterTests: XCTestCase {
    func testEscapesAreWrittenBetweenRunsCopiedWhole() throws {
        let text = "\"산책\" back\\slash\nline \u{1}\t end\""
        var json = JSONWriter()
        json.string(text)
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), #""\"산책\" back\\slash\nline \u0001\u0009 end\"""#)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.bytes), options: .fragmentsAllowed) as? String
        XCTAssertEqual(decoded, text)
    }

    func testAStringWithNothingToEscapeIsCopiedAsItIs() {
        var json = JSONWriter()
        json.array(["", "plain 글", "ends with an escape\n"]) { $0.string($1) }
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), #"["","plain 글","ends with an escape\n"]"#)
    }
}
