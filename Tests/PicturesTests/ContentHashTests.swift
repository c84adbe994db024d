import XCTest
@testable import Pictures

/// The picture cache is keyed by these digests: they must be SHA-256 exactly, for every length.
final class ContentHashTests: XCTestCase {
    func testKnownDigests() {
        // FIPS 180-2's examples, and the empty input.
        XCTAssertEqual(ContentHash.sha256(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(ContentHash.sha256("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(ContentHash.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(ContentHash.sha256(String(repeating: "a", count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testBytesAndTextAgree() {
        let text = "첫눈 (First snow) 2025-11-01"
        let fromBytes = Array(text.utf8).withUnsafeBytes { ContentHash.sha256($0) }
        XCTAssertEqual(fromBytes, ContentHash.sha256(text))
    }
}
