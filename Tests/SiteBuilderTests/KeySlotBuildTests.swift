import DaybookTestSupport
import Foundation
@testable import SiteBuilder
@testable import SiteEncryption
@testable import SiteOutput
import XCTest

/// An encrypted build's site key: made once, opened from a key slot with the password a build is
/// given (or refused), read back from the unlock page without `.daybook/`, moved into slots once
/// for a site of an earlier release; and what a change of the slots rewrites.
final class KeySlotBuildTests: XCTestCase {
    private func environment(_ password: String) -> PasswordSource {
        PasswordSource(environment: ["DAYBOOK_PASSWORD": password])
    }

    func testTheSiteKeyIsMadeOnceAndABuildOpensItOnlyWithItsPassword() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let builder = SiteBuilder(root: root)
        var asked: [String] = []
        func typing(_ password: String) -> PasswordSource {
            PasswordSource(environment: [:], terminal: { prompt in
                asked.append(prompt)
                return password
            })
        }
        let first = try builder.encryptionKeys(from: typing("sea and plums"))
        XCTAssertEqual(asked.count, 2, "asked twice the first time")
        XCTAssertEqual(first.slots.map(\.kind.name), ["password"])
        let again = try builder.encryptionKeys(from: environment("sea and plums"))
        XCTAssertEqual(again.keyID, first.keyID)
        XCTAssertEqual(again.contentKey, first.contentKey)
        XCTAssertThrowsError(try builder.encryptionKeys(from: environment("sea and plum"))) {
            XCTAssertEqual($0 as? BuildError, .wrongPassword)
        }
        let record = try Data(contentsOf: URL(fileURLWithPath: BuildCache(root: root, output: root).path(of: .keySlots)))
        XCTAssertNil(record.range(of: Data("sea and plums".utf8)), "the password is never stored")
        XCTAssertNil(record.range(of: Data(first.siteKey)), "nor the site key")

        asked = []
        let renewed = try builder.encryptionKeys(from: typing("a new password"), newPassword: true)
        XCTAssertEqual(asked.count, 2)
        XCTAssertNotEqual(renewed.keyID, first.keyID, "--new-password makes a new site key")
        XCTAssertThrowsError(try builder.encryptionKeys(from: environment("sea and plums")))
    }

    func testWithoutItsRecordABuildOpensTheSlotsOfTheUnlockPageAndKeepsThem() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let builder = SiteBuilder(root: root)
        let keys = try builder.encryptionKeys(from: environment("sea and plums"))
        try buildSite(root, options: .init(encryption: keys))
        let published = try filesBelow(root.appendingPathComponent("Output"))
        try FileManager.default.removeItem(at: root.appendingPathComponent(BuildCache.folderName))

        let opened = try builder.encryptionKeys(from: environment("sea and plums"))
        XCTAssertEqual(opened.keyID, keys.keyID)
        XCTAssertEqual(try builder.keySlots()?.map(\.kind), ["password"], "the record is kept again")
        XCTAssertNotNil(BuildCache(root: root, output: root).read(KeySlotRecord.self))
        try buildSite(root, options: .init(encryption: opened))
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), published, "the same site, byte for byte")
    }

    /// A site of an earlier release: its salt and password check in `.daybook/encryption.bin`, or
    /// only on its version 1 unlock page.
    func testASiteOfAnEarlierReleaseMovesToSlotsOnceAndSaysSo() throws {
        let salt = [UInt8](repeating: 5, count: 16)
        let master = KeyDerivation.pbkdf2(password: Array("sea and plums".utf8), salt: salt, iterations: SiteKeys.iterations, byteCount: 32)
        let check = KeyDerivation.hkdf(from: master, salt: [], info: Array("daybook 1 password check".utf8), byteCount: 16)
        for source in ["cache", "page"] {
            let root = try copyOfFixture("seoul-diary", test: self)
            let builder = SiteBuilder(root: root)
            // What the earlier release published: files under keys of its own, and its record or its page.
            try buildSite(root, options: .init(encryption: try fixedKeys()))
            let old = try filesBelow(root.appendingPathComponent("Output"))
            let cache = BuildCache(root: root, output: root)
            cache.remove(.keySlots)
            if source == "cache" {
                try cache.write(SavedEncryption(salt: salt, check: check))
            } else {
                try FileManager.default.removeItem(at: root.appendingPathComponent(BuildCache.folderName))
                let page = #"<!DOCTYPE html><html><head><script type="application/json" id="daybook-lock">{"addresses":"opaque","#
                    + #""check":"\#(Data(check).base64EncodedString())","folder":"x","iterations":600000,"#
                    + #""salt":"\#(Data(salt).base64EncodedString())","version":1}</script></head></html>"#
                try page.write(to: root.appendingPathComponent("Output/index.html"), atomically: true, encoding: .utf8)
            }
            XCTAssertThrowsError(try builder.encryptionKeys(from: environment("sea and plum")), source) {
                XCTAssertEqual($0 as? BuildError, .wrongPassword, source)
            }

            var said: [String] = []
            let keys = try builder.encryptionKeys(from: environment("sea and plums"), report: { said.append($0) })
            XCTAssertEqual(said.count, 1, source)
            XCTAssertTrue(said.first?.contains("moves to key slots") == true, "\(said)")
            XCTAssertNil(cache.read(SavedEncryption.self), "the earlier record is gone")
            let moved = try buildSite(root, options: .init(encryption: keys))
            let new = try filesBelow(root.appendingPathComponent("Output"))
            let encrypted = { (files: [String: Data]) in Set(files.keys.filter { $0.hasPrefix("x/") }) }
            XCTAssertTrue(encrypted(old).isDisjoint(with: encrypted(new)), "every file rewritten, once (\(source))")
            XCTAssertEqual(Set(moved.deletedPaths), encrypted(old), source)

            said = []
            let again = try builder.encryptionKeys(from: environment("sea and plums"), report: { said.append($0) })
            XCTAssertEqual(again.keyID, keys.keyID, source)
            XCTAssertEqual(said, [], "said once (\(source))")
        }
    }

    func testChangingThePasswordOrRemovingASlotRewritesTheUnlockPageAloneAndRotatingRewritesEverything() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let builder = SiteBuilder(root: root)
        let keys = try builder.encryptionKeys(from: environment("sea and plums"))
        try buildSite(root, options: .init(encryption: keys))
        let output = root.appendingPathComponent("Output")
        let first = try filesBelow(output)

        let recovery = try builder.currentKeys(password: "sea and plums").addingRecoveryKey(label: "paper")
        XCTAssertEqual(try builder.publish(recovery.change, options: .init()).writtenPaths, ["index.html"])
        let changed = try builder.currentKeys(password: recovery.recoveryKey.text).changingPassword(to: "plums and sea")
        XCTAssertEqual(try builder.publish(changed, options: .init()).writtenPaths, ["index.html"])
        XCTAssertThrowsError(try builder.currentKeys(password: "sea and plums")) { XCTAssertEqual($0 as? BuildError, .wrongPassword) }
        XCTAssertThrowsError(try builder.encryptionKeys(from: environment("sea and plums")), "the build refuses the old password too")
        let removed = try builder.currentKeys(password: "plums and sea").removing(slot: recovery.slotID)
        XCTAssertEqual(try builder.publish(removed, options: .init()).writtenPaths, ["index.html"])
        XCTAssertThrowsError(try builder.currentKeys(password: recovery.recoveryKey.text))
        let afterChanges = try filesBelow(output)
        XCTAssertEqual(Set(afterChanges.keys), Set(first.keys))
        XCTAssertEqual(Set(first.keys.filter { first[$0] != afterChanges[$0] }), ["index.html"])
        XCTAssertEqual(try builder.keySlots()?.map(\.kind), ["password"])

        let rotated = try builder.currentKeys(password: "plums and sea").rotated(password: "plums and sea")
        XCTAssertNil(rotated.recoveryKey, "there was no recovery key left to replace")
        let report = try builder.publish(rotated.change, options: .init())
        XCTAssertNotEqual(rotated.change.keys.keyID, keys.keyID)
        let afterRotation = try filesBelow(output)
        for path in first.keys where path.hasPrefix("x/") {
            XCTAssertNil(afterRotation[path], "\(path) of the old site key is gone")
        }
        XCTAssertEqual(report.deletedPaths.count, first.keys.filter { $0.hasPrefix("x/") }.count)
        XCTAssertEqual(try builder.encryptionKeys(from: environment("plums and sea")).keyID, rotated.change.keys.keyID)
    }

    func testTheLastSlotABuildOpensStays() throws {
        let keys = try fixedKeys()
        let code = PasskeyCode(keyID: keys.keyID, credential: [1, 2, 3], salt: Array(repeating: 1, count: 32), wrapped: Array(repeating: 2, count: 60))
        let withPasskey = try keys.adding(code).keys
        XCTAssertThrowsError(try withPasskey.removing(slot: keys.slots[0].id)) {
            XCTAssertEqual($0 as? SiteEncryptionError, .lastSlotABuildOpens(keys.slots[0].id))
        }
        XCTAssertThrowsError(try withPasskey.removing(slot: "nope")) {
            XCTAssertEqual($0 as? SiteEncryptionError, .noSuchSlot("nope", known: withPasskey.slots.map(\.id)))
        }
        XCTAssertThrowsError(try withPasskey.adding(code)) { XCTAssertEqual($0 as? SiteEncryptionError, .passkeyAlreadyAdded(slotID: withPasskey.slots[1].id)) }
        var other = code
        other.keyID = Array(repeating: 0, count: 16)
        XCTAssertThrowsError(try keys.adding(other)) { XCTAssertEqual($0 as? SiteEncryptionError, .passkeyForAnotherKey) }
        let removed = try withPasskey.removing(slot: withPasskey.slots[1].id)
        XCTAssertEqual(removed.slots, keys.slots)
    }
}
