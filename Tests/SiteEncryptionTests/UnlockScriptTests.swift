import DaybookTestSupport
import Foundation
@testable import SiteEncryption
import XCTest

/// unlock.js's pure parts, run by Node: its own unit tests (Node/unlock_unit.js), and files this
/// module encrypted opened with the script's own parameters, labels and padding.
final class UnlockScriptTests: XCTestCase {
    private func run(site: [String: Any]) throws -> [String: Any] {
        let file = temporaryFolder(self).appendingPathComponent("site.json")
        try JSONSerialization.data(withJSONObject: site).write(to: file)
        let run = try runProcess(URL(fileURLWithPath: try Requirement.node()),
                                 [packageRoot.appendingPathComponent("Tests/SiteEncryptionTests/Node/unlock_unit.js").path,
                                  packageRoot.appendingPathComponent("Sources/SiteEncryption/Browser/unlock.js").path, file.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        let data = Data(run.standardOutput.utf8)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testTheUnlockScriptPassesItsUnitTestsAndOpensWhatSwiftEncrypted() throws {
        let password = "봄 일기 correct horse"
        let recovery = try quickKeys(password).addingRecoveryKey()
        let keys = recovery.keys
        let encryptor = SiteEncryptor(keys: keys)
        let code = PasskeyCode(keyID: keys.keyID, credential: Array(7...70), salt: Array(repeating: 0xFE, count: 32),
                               wrapped: Array(0..<60))
        let settingsJSON = UnlockPage(keys: keys, baseURL: "/diary/").settingsJSON
        let settings = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(settingsJSON.utf8)) as? [String: Any])
        let contents: [String: [UInt8]] = [
            "index.html": Array("<!DOCTYPE html><title>Diary</title>".utf8),
            "2025/10/04/산책/index.html": Array("<p>비가 와서 산책은 짧았다</p>".utf8),
            "assets/empty.css": [],
            "on-this-day/calendar.deflate": [0x80, 0x00, 0x80, 0x00],
            "pictures/large.bin": (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) },
        ]
        let files = contents.keys.sorted().map { address in
            ["address": address, "published": encryptor.publishedPath(of: address),
             "file": Data(encryptor.encrypt(contents[address]!, at: address)).base64EncodedString(),
             "content": Data(contents[address]!).base64EncodedString()]
        }
        let answer = try run(site: ["password": password, "settings": settings, "files": files,
                                    "recoveryKey": recovery.recoveryKey.text.lowercased(),
                                    "recoveryBytes": Data(recovery.recoveryKey.bytes).base64EncodedString(),
                                    "passkey": ["keyID": Data(code.keyID).base64EncodedString(), "salt": Data(code.salt).base64EncodedString(),
                                                "wrapped": Data(code.wrapped).base64EncodedString(),
                                                "credential": Data(code.credential).base64EncodedString(), "code": code.text]])

        XCTAssertEqual(answer["failures"] as? [String], [])
        XCTAssertEqual(answer["recoveryOpened"] as? Bool, true, "the script opens the recovery slot Swift made with the printed key")
        XCTAssertEqual(answer["labels"] as? [String: String], [
            "keyID": SiteKeys.Label.keyID, "content": SiteKeys.Label.content, "names": SiteKeys.Label.names,
            "addresses": SiteKeys.Label.addresses, "addressTags": SiteKeys.Label.addressTags,
            "password": KeySlot.Kind.password(salt: [], iterations: 0).label, "recovery": KeySlot.Kind.recovery(salt: []).label,
            "passkey": KeySlot.Kind.passkey(credential: [], salt: []).label,
        ])
        let published = try XCTUnwrap(answer["published"] as? [String: String])
        let opened = try XCTUnwrap(answer["contents"] as? [String: String])
        for file in files {
            let address = file["address"]!
            XCTAssertEqual(published[address], file["published"], address)
            XCTAssertEqual(opened[address], file["content"], address)
        }
    }
}
