import DaybookTestSupport
import Foundation
@testable import SiteEncryption
import XCTest

/// Key slots: each opens the site key with its own secret only, changes leave the site key (and so
/// every file) as it was, a rotation does not; recovery keys as printed and read; passkey codes.
final class KeySlotTests: XCTestCase {
    func testEachKindOfSlotOpensTheSameSiteKeyWithItsOwnSecretOnly() throws {
        let keys = try quickKeys("plum blossoms")
        let recovery = try keys.addingRecoveryKey()
        let secondRecovery = try recovery.keys.addingRecoveryKey()
        let published = secondRecovery.keys.published
        for secret in ["plum blossoms", recovery.recoveryKey.text, secondRecovery.recoveryKey.text] {
            let opened = try XCTUnwrap(try SiteKeys.opening(published, with: secret), secret)
            XCTAssertEqual(opened.keys.contentKey, keys.contentKey)
            XCTAssertEqual(opened.keys.keyID, keys.keyID)
        }
        XCTAssertEqual(try SiteKeys.opening(published, with: recovery.recoveryKey.text)?.slot.id, recovery.slotID)
        XCTAssertEqual(try SiteKeys.opening(published, with: "plum blossoms")?.slot.kind.name, "password")
        for wrong in ["plum blossom", "", try RecoveryKey.random().text] {
            XCTAssertNil(try SiteKeys.opening(published, with: wrong), wrong)
        }
    }

    func testASlotReadsAsNothingOfTheOthersAndUnderAnotherKindsLabelItDoesNotOpen() throws {
        let keys = try quickKeys("plum blossoms")
        let recovery = try keys.addingRecoveryKey()
        let slots = recovery.keys.slots
        guard case .password(let passwordSalt, _) = slots[0].kind, case .recovery(let recoverySalt) = slots[1].kind else {
            return XCTFail("\(slots)")
        }
        XCTAssertNotEqual(passwordSalt, recoverySalt)
        XCTAssertNotEqual(Array(slots[0].wrapped.prefix(12)), Array(slots[1].wrapped.prefix(12)), "nonces of their own")
        XCTAssertNotEqual(Array(slots[0].wrapped.suffix(48)), Array(slots[1].wrapped.suffix(48)))
        // The wrapping is authenticated with its kind: a password slot's bytes presented as a recovery slot open nothing.
        let kek = KeySlot.passwordKEK("plum blossoms", salt: passwordSalt, iterations: 1_000)
        XCTAssertNotNil(KeyWrap.unwrap(slots[0].wrapped, under: kek, label: "daybook 2 password slot"))
        XCTAssertNil(KeyWrap.unwrap(slots[0].wrapped, under: kek, label: "daybook 2 recovery slot"))
    }

    func testAPasswordChangeKeepsTheSiteKeyAndTheOldPasswordOpensNothing() throws {
        let keys = try quickKeys("plum blossoms")
        let changed = try keys.changingPassword(to: "rain on the roof")
        XCTAssertEqual(changed.siteKey, keys.siteKey)
        XCTAssertEqual(changed.slots.map(\.id), keys.slots.map(\.id), "the password slot keeps its id")
        XCTAssertNotEqual(changed.slots, keys.slots)
        XCTAssertNil(try SiteKeys.opening(changed.published, with: "plum blossoms"))
        XCTAssertEqual(try SiteKeys.opening(changed.published, with: "rain on the roof")?.keys.contentKey, keys.contentKey)
        let file = SiteEncryptor(keys: keys).encrypt(Array("<p>봄</p>".utf8), at: "index.html")
        XCTAssertEqual(SiteEncryptor(keys: changed).encrypt(Array("<p>봄</p>".utf8), at: "index.html"), file, "every file keeps its bytes")
    }

    func testARotationMakesANewSiteKeyThatNoOldSlotOpens() throws {
        let keys = try quickKeys("plum blossoms")
        let recovery = try keys.addingRecoveryKey()
        let rotated = try recovery.keys.rotated(password: "plum blossoms")
        XCTAssertNotEqual(rotated.siteKey, keys.siteKey)
        XCTAssertNotEqual(rotated.keyID, keys.keyID)
        XCTAssertEqual(rotated.slots.map(\.kind.name), ["password"])
        XCTAssertEqual(rotated.slots[0].id, keys.slots[0].id)
        XCTAssertNil(try SiteKeys.opening(rotated.published, with: recovery.recoveryKey.text))
        // The old slots, published with the new key's id (a page put together from two builds), open nothing.
        XCTAssertNil(try SiteKeys.opening(KeySlots(keyID: rotated.keyID, slots: recovery.keys.slots), with: "plum blossoms"))
        let file = SiteEncryptor(keys: keys).encrypt(Array("<p>봄</p>".utf8), at: "index.html")
        XCTAssertThrowsError(try SiteEncryptor(keys: rotated).decrypt(file, at: "index.html"))
    }

    // MARK: - Recovery keys

    func testARecoveryKeyIsPrintedInSevenGroupsOfFourAndReadBackForgivingly() throws {
        let key = RecoveryKey(bytes: Array(0..<16))
        let text = key.text
        XCTAssertTrue(text.wholeMatch(of: #/[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}/#) != nil, text)
        XCTAssertTrue(text.hasPrefix("000G-40R4-"), "Crockford base32 of the bytes, most significant bits first: \(text)")
        XCTAssertEqual(RecoveryKey(text: text), key)
        XCTAssertEqual(RecoveryKey(text: text.lowercased().replacingOccurrences(of: "-", with: " ")), key)
        XCTAssertEqual(RecoveryKey(text: text.replacingOccurrences(of: "0", with: "O").replacingOccurrences(of: "1", with: "l")), key)
        for _ in 0..<20 {
            let random = try RecoveryKey.random()
            XCTAssertEqual(RecoveryKey(text: random.text), random)
        }
    }

    func testAMistypedRecoveryKeyIsToldByItsCheck() throws {
        let text = RecoveryKey(bytes: Array(100..<116)).text
        var caught = 0
        for position in text.indices where text[position] != "-" {
            let replaced = text[position] == "Q" ? "R" : "Q"
            let typo = text.replacingCharacters(in: position...position, with: replaced)
            if RecoveryKey(text: typo) == nil { caught += 1 }
        }
        XCTAssertGreaterThanOrEqual(caught, 27, "a changed character fails the 12-bit check (all but about 1 in 4,096)")
        XCTAssertNil(RecoveryKey(text: String(text.dropLast())), "too short")
        XCTAssertNil(RecoveryKey(text: text + "0"), "too long")
        XCTAssertNil(RecoveryKey(text: text.replacingOccurrences(of: "-", with: "U")), "U is not in the alphabet")
    }

    // MARK: - Passkey codes

    func testAPasskeyCodeReadsBackAndRefusesWhatIsNotOne() throws {
        let code = PasskeyCode(keyID: Array(0..<16), credential: Array(200..<250), salt: Array(repeating: 7, count: 32),
                               wrapped: Array(repeating: 9, count: 60))
        XCTAssertTrue(code.text.hasPrefix("daybook-passkey:"))
        XCTAssertFalse(code.text.contains("+") || code.text.contains("/") || code.text.contains("="), "base64url without padding")
        XCTAssertEqual(PasskeyCode(text: code.text), code)
        XCTAssertEqual(PasskeyCode(text: "  \(code.text)\n"), code)
        XCTAssertNil(PasskeyCode(text: String(code.text.dropFirst())))
        XCTAssertNil(PasskeyCode(text: "daybook-passkey:" + String(repeating: "A", count: 144)), "no credential")
        XCTAssertNil(PasskeyCode(text: "daybook-passkey:!!!"))
    }

    /// What the reader does (`unlock.js`) when it makes a passkey, done here with the format's
    /// words: the site key wrapped under HKDF of the PRF output opens with the same.
    func testAPasskeySlotOpensWithTheKeyItsPRFOutputGives() throws {
        let keys = try quickKeys()
        let prf = [UInt8](repeating: 0x42, count: 32)
        let kek = KeySlot.passkeyKEK(prfOutput: prf)
        let wrapped = try KeyWrap.wrap(keys.siteKey, under: kek, label: "daybook 2 passkey slot")
        let code = PasskeyCode(keyID: keys.keyID, credential: [1, 2, 3, 4], salt: Array(repeating: 5, count: 32), wrapped: wrapped)
        let added = try keys.adding(code)
        guard case .passkey(let credential, _) = added.keys.slots.last?.kind else { return XCTFail() }
        XCTAssertEqual(credential, [1, 2, 3, 4])
        XCTAssertEqual(KeyWrap.unwrap(added.keys.slots.last!.wrapped, under: kek, label: "daybook 2 passkey slot"), keys.siteKey)
        XCTAssertNil(KeyWrap.unwrap(wrapped, under: KeySlot.passkeyKEK(prfOutput: Array(repeating: 0x43, count: 32)), label: "daybook 2 passkey slot"))
        XCTAssertNil(try SiteKeys.opening(added.keys.published, with: "anything"), "a build cannot open a passkey slot")
    }
}
