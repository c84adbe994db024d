import DaybookTestSupport
import DiaryCorpus
import Foundation
import SiteEncryption
import XCTest

/// `daybook keys`, run as a user runs it: the slots listed, the password changed, a recovery key
/// printed once and used, a slot removed, the site key rotated, a reader's passkey code published;
/// and how many published files each change rewrites.
final class KeysCommandTests: XCTestCase {
    private let password = "plum blossoms at nine"

    private func environment(_ password: String?, new: String? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_PASSWORD"] = password
        environment["DAYBOOK_NEW_PASSWORD"] = new
        return environment
    }

    private func keys(_ root: URL, _ arguments: [String], password: String? = nil, new: String? = nil) throws -> CommandRun {
        try runDaybook(["keys"] + arguments + ["-C", root.path], environment: environment(password ?? self.password, new: new))
    }

    private func build(_ root: URL, password: String) throws -> CommandRun {
        try runDaybook(["build", "--encrypt", "-C", root.path], environment: environment(password))
    }

    /// The seoul diary, built encrypted under `password`.
    private func encryptedDiary() throws -> (root: URL, output: URL) {
        let root = try copyOfSeoulDiary(self)
        let first = try build(root, password: password)
        XCTAssertEqual(first.status, 0, first.standardError)
        return (root, root.appendingPathComponent("Output"))
    }

    /// The paths whose bytes differ between two trees, or that only one holds.
    private func changedPaths(_ before: [String: Data], _ after: [String: Data]) -> Set<String> {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    private func rows(_ list: CommandRun) -> [[String]] {
        list.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
    }

    func testAPasswordChangeRewritesTheUnlockPageAloneAndTheOldPasswordOpensNothing() throws {
        let (root, output) = try encryptedDiary()
        let list = try keys(root, ["list"])
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertEqual(list.standardOutput.split(separator: "\n").first.map(String.init)?.split(separator: " ").map(String.init),
                       ["ID", "KIND", "LABEL", "ADDED"])
        let slots = rows(list)
        XCTAssertEqual(slots.count, 1)
        XCTAssertEqual(slots.first?[1...2], ["password", "password"])
        XCTAssertTrue(slots.first?[0].wholeMatch(of: #/[0-9a-f]{8}/#) != nil, "\(slots)")
        let before = try treeBelow(output)

        let changed = try keys(root, ["password"], new: "rain on the roof")
        XCTAssertEqual(changed.status, 0, changed.standardError)
        XCTAssertTrue(changed.standardOutput.contains("(1 written,"), changed.standardOutput)
        XCTAssertTrue(changed.standardError.contains("Changed the password"), changed.standardError)
        XCTAssertEqual(changedPaths(before, try treeBelow(output)), ["index.html"])

        let old = try build(root, password: password)
        XCTAssertEqual(old.status, 1, "the build refuses the old password")
        let new = try build(root, password: "rain on the roof")
        XCTAssertEqual(new.status, 0, new.standardError)
        XCTAssertTrue(new.standardOutput.contains("(0 written"), new.standardOutput)
        XCTAssertEqual(try keys(root, ["password"], new: "again").status, 1, "keys refuses the old password too")
    }

    func testARecoveryKeyIsPrintedOnceOpensTheSiteAndSetsANewPasswordUntilItIsRemoved() throws {
        let (root, output) = try encryptedDiary()
        let added = try keys(root, ["recovery", "--label", "paper in the drawer"])
        XCTAssertEqual(added.status, 0, added.standardError)
        let match = try XCTUnwrap(added.standardOutput.firstMatch(of: #/\n    ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){6})\n/#), added.standardOutput)
        let recoveryKey = String(match.1)
        XCTAssertFalse(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8).contains(recoveryKey))
        let listed = rows(try keys(root, ["list"]))
        XCTAssertEqual(listed.map { $0[1] }, ["password", "recovery"])
        XCTAssertEqual(listed.last?[2...4], ["paper", "in", "the"])
        let recoveryID = listed[1][0]

        // The password is forgotten: the recovery key builds, and sets a new one.
        XCTAssertEqual(try build(root, password: recoveryKey.lowercased()).status, 0, "a recovery key opens the site for a build")
        let reset = try keys(root, ["password"], password: recoveryKey, new: "a new password")
        XCTAssertEqual(reset.status, 0, reset.standardError)
        XCTAssertEqual(try build(root, password: "a new password").status, 0)
        XCTAssertEqual(try build(root, password: password).status, 1)

        let removed = try keys(root, ["remove", recoveryID], password: "a new password")
        XCTAssertEqual(removed.status, 0, removed.standardError)
        XCTAssertTrue(removed.standardError.contains("Removed key slot \(recoveryID) (paper in the drawer)"), removed.standardError)
        XCTAssertEqual(try build(root, password: recoveryKey).status, 1, "a removed recovery key opens nothing")
        let passwordID = rows(try keys(root, ["list"]))[0][0]
        let last = try keys(root, ["remove", passwordID], password: "a new password")
        XCTAssertEqual(last.status, 1)
        XCTAssertTrue(last.standardError.contains("is the last password or recovery key slot"), last.standardError)
        let unknown = try keys(root, ["remove", "0000ffff"], password: "a new password")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.standardError.contains("no key slot has the id '0000ffff' (the slots: \(passwordID))"), unknown.standardError)
    }

    func testRotatingMakesANewSiteKeyRewritesEveryFileAndReplacesTheRecoveryKey() throws {
        let (root, output) = try encryptedDiary()
        let added = try keys(root, ["recovery"])
        let oldRecovery = String(try XCTUnwrap(added.standardOutput.firstMatch(of: #/    ([0-9A-Z-]{34})\n/#)).1)
        let before = try treeBelow(output)
        let rotated = try keys(root, ["rotate"])
        XCTAssertEqual(rotated.status, 0, rotated.standardError)
        let newRecovery = String(try XCTUnwrap(rotated.standardOutput.firstMatch(of: #/    ([0-9A-Z-]{34})\n/#), rotated.standardOutput).1)
        XCTAssertNotEqual(newRecovery, oldRecovery)
        let after = try treeBelow(output)
        let encrypted = { (tree: [String: Data]) in Set(tree.keys.filter { $0.hasSuffix(".bin") }) }
        XCTAssertFalse(encrypted(before).isEmpty)
        XCTAssertTrue(encrypted(before).isDisjoint(with: encrypted(after)), "every content file changes")
        XCTAssertEqual(encrypted(before).count, encrypted(after).count)
        XCTAssertEqual(try build(root, password: password).status, 0, "the same password")
        XCTAssertEqual(try build(root, password: newRecovery).status, 0, "the new recovery key")
        XCTAssertEqual(try build(root, password: oldRecovery).status, 1, "not the old one")
    }

    func testAReadersPasskeyCodeBecomesAPublishedSlotOfThatSiteKeyOnly() throws {
        let (root, output) = try encryptedDiary()
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let keyID = try XCTUnwrap(Data(base64Encoded: String(try XCTUnwrap(page.firstMatch(of: #/"key":"([^"]+)"/#)).1)))
        let code = PasskeyCode(keyID: [UInt8](keyID), credential: Array(30...61), salt: Array(repeating: 7, count: 32),
                               wrapped: Array(repeating: 9, count: 60))
        let before = try treeBelow(output)
        let added = try keys(root, ["passkey", code.text, "--label", "phone"])
        XCTAssertEqual(added.status, 0, added.standardError)
        XCTAssertEqual(changedPaths(before, try treeBelow(output)), ["index.html"])
        let published = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(published.contains(#""credential":"\#(Data(code.credential).base64EncodedString())""#))
        XCTAssertTrue(published.contains(#""kind":"passkey""#))
        XCTAssertEqual(rows(try keys(root, ["list"])).map { $0[1...2] }, [["password", "password"], ["passkey", "phone"]])

        let again = try keys(root, ["passkey", code.text])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.standardError.contains("this passkey is published already"), again.standardError)
        var other = code
        other.keyID = Array(repeating: 1, count: 16)
        other.credential = [1, 2, 3]
        let stale = try keys(root, ["passkey", other.text])
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.standardError.contains("made for another site key"), stale.standardError)
        let garbled = try keys(root, ["passkey", "daybook-passkey:nonsense"])
        XCTAssertEqual(garbled.status, 2, garbled.standardError)
        XCTAssertTrue(garbled.standardError.contains("is not a passkey code"), garbled.standardError)
    }

    func testADiaryWithoutAnEncryptedSiteHasNoKeys() throws {
        let root = try copyOfSeoulDiary(self)
        for arguments in [["list"], ["password"], ["rotate"]] {
            let run = try keys(root, arguments, new: "x")
            XCTAssertEqual(run.status, 1, "\(arguments)")
            XCTAssertTrue(run.standardError.contains("this diary has no encrypted site"), run.standardError)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path))
    }

    /// A generated diary of a year and a half (the 10,950-entry one measures the same: README):
    /// a password change and a removed slot each rewrite the unlock page, one file.
    func testAChangeOfKeySlotsRewritesAtMostThreeFilesOfAGeneratedDiary() throws {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        try CorpusGenerator(.init(days: 540, entriesPerDay: 2, imagesEvery: 40)).write(to: root)
        XCTAssertEqual(try build(root, password: password).status, 0)
        let output = root.appendingPathComponent("Output")
        let first = try treeBelow(output)
        XCTAssertGreaterThan(first.count, 2_000)

        let recovery = try keys(root, ["recovery"])
        XCTAssertEqual(recovery.status, 0, recovery.standardError)
        let afterRecovery = try treeBelow(output)
        XCTAssertLessThanOrEqual(changedPaths(first, afterRecovery).count, 3)
        XCTAssertEqual(try keys(root, ["password"], new: "rain on the roof").status, 0)
        let afterPassword = try treeBelow(output)
        let rewritten = changedPaths(afterRecovery, afterPassword)
        XCTAssertLessThanOrEqual(rewritten.count, 3, "\(rewritten)")
        XCTAssertEqual(rewritten, ["index.html"])
        let recoveryID = rows(try keys(root, ["list"]))[1][0]
        XCTAssertEqual(try keys(root, ["remove", recoveryID], password: "rain on the roof").status, 0)
        XCTAssertEqual(changedPaths(afterPassword, try treeBelow(output)), ["index.html"])
    }
}
