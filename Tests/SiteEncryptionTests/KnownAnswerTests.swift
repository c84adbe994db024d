import CLibCrypto
import DaybookTestSupport
@testable import SiteEncryption
import XCTest

/// The primitives against published test vectors, and PBKDF2 against OpenSSL's own.
final class KnownAnswerTests: XCTestCase {
    func testHMACMatchesRFC4231TestCase2() {
        let code = HMACSHA256(key: Array("Jefe".utf8)).code(Array("what do ya want for nothing?".utf8))
        XCTAssertEqual(hex(code), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    func testHMACWithAKeyLongerThanABlockMatchesRFC4231TestCase6() {
        let key = [UInt8](repeating: 0xAA, count: 131)
        let code = HMACSHA256(key: key).code(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        XCTAssertEqual(hex(code), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    func testPBKDF2MatchesRFC7914OneRound() {
        let key = KeyDerivation.pbkdf2(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, byteCount: 64)
        XCTAssertEqual(hex(key), "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                       + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }

    func testPBKDF2MatchesRFC7914EightyThousandRounds() {
        let key = KeyDerivation.pbkdf2(password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000, byteCount: 64)
        XCTAssertEqual(hex(key), "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                       + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
    }

    func testPBKDF2AgreesWithOpenSSLForShortLongAndKoreanPasswords() {
        let passwords = ["a", "correct horse battery staple", String(repeating: "long password ", count: 8), "비밀번호 산책 2025"]
        for (index, password) in passwords.enumerated() {
            let salt = (0..<16).map { UInt8(truncatingIfNeeded: $0 * 31 + index) }
            let ours = KeyDerivation.pbkdf2(password: Array(password.utf8), salt: salt, iterations: 1_000 + index, byteCount: 32)
            var theirs = [UInt8](repeating: 0, count: 32)
            let bytes = Array(password.utf8)
            let status = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    PKCS5_PBKDF2_HMAC($0.baseAddress, Int32($0.count), salt, Int32(salt.count), Int32(1_000 + index), EVP_sha256(), 32, &theirs)
                }
            }
            XCTAssertEqual(status, 1)
            XCTAssertEqual(ours, theirs, password)
        }
    }

    func testHKDFMatchesRFC5869TestCase1() {
        let key = KeyDerivation.hkdf(from: [UInt8](repeating: 0x0B, count: 22), salt: Array(0x00...0x0C),
                                     info: Array(0xF0...0xF9), byteCount: 42)
        XCTAssertEqual(hex(key), "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
    }

    func testHKDFWithoutSaltMatchesRFC5869TestCase3() {
        let key = KeyDerivation.hkdf(from: [UInt8](repeating: 0x0B, count: 22), salt: [], info: [], byteCount: 42)
        XCTAssertEqual(hex(key), "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
    }

    /// Test case 16 of the GCM specification (McGrew and Viega): AES-256, 96-bit IV, associated data.
    func testAESGCMMatchesTheGCMSpecificationTestCase16() {
        let key = bytes("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let nonce = bytes("cafebabefacedbaddecaf888")
        let plain = bytes("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
        let associated = bytes("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        var buffer = plain + [UInt8](repeating: 0, count: 16)
        AESGCM.seal(&buffer, 0..<plain.count, key: key, nonce: nonce, authenticating: associated)
        XCTAssertEqual(hex(buffer), "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
                       + "76fc6ece0f4e1768cddf8853bb2d551b")

        XCTAssertTrue(AESGCM.open(&buffer, 0..<plain.count, key: key, nonce: nonce, authenticating: associated))
        XCTAssertEqual(Array(buffer.prefix(plain.count)), plain)
    }

    func testAESGCMRefusesAChangedTagOrOtherAssociatedData() {
        let key = [UInt8](repeating: 7, count: 32)
        let nonce = [UInt8](repeating: 9, count: 12)
        var sealed = Array("a diary page".utf8) + [UInt8](repeating: 0, count: 16)
        AESGCM.seal(&sealed, 0..<12, key: key, nonce: nonce, authenticating: [1])
        var changedTag = sealed
        changedTag[changedTag.count - 1] ^= 1
        XCTAssertFalse(AESGCM.open(&changedTag, 0..<12, key: key, nonce: nonce, authenticating: [1]))
        var otherData = sealed
        XCTAssertFalse(AESGCM.open(&otherData, 0..<12, key: key, nonce: nonce, authenticating: [2]))
    }
}
