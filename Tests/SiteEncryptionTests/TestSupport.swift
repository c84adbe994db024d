import DaybookTestSupport
import Foundation
@testable import SiteEncryption
import XCTest

func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    bytes.map { String(format: "%02x", $0) }.joined()
}

func bytes(_ hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        result.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return result
}

/// The salt the tests derive their keys with.
let testSalt: [UInt8] = Array(0x10...0x1F)

/// Keys of a site key made from `password` and `salt` (the same for the same two, which tests of
/// files compare), in a password slot with few PBKDF2 rounds: the rounds are tested against the
/// RFC, the rest need not wait.
func quickKeys(_ password: String = "correct horse battery staple", salt: [UInt8] = testSalt) throws -> SiteKeys {
    let siteKey = HMACSHA256.sha256(Array("test site key".utf8) + salt + Array(password.utf8))
    let slot = try KeySlot.password(password, wrapping: siteKey, id: "0a1b2c3d", iterations: 1_000, salt: salt,
                                    nonce: Array(repeating: 9, count: 12))
    return SiteKeys(siteKey: siteKey, slots: [slot])
}

/// Every run of `length` bytes of `needle` that occurs in `haystack`, as text for a failure message.
func sharedRun(of needle: [UInt8], length: Int, in haystack: [UInt8]) -> String? {
    guard needle.count >= length, haystack.count >= length else { return nil }
    var windows = Set<ArraySlice<UInt8>>()
    for start in 0...(needle.count - length) { windows.insert(needle[start..<(start + length)]) }
    for start in 0...(haystack.count - length) where windows.contains(haystack[start..<(start + length)]) {
        return String(decoding: haystack[start..<(start + length)], as: UTF8.self)
    }
    return nil
}
