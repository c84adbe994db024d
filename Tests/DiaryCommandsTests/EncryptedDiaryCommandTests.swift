import DaybookTestSupport
import DiaryCommands
import Foundation
import XCTest

/// `daybook build --encrypt` and the commands that read an encrypted diary, run as a user runs them.
final class EncryptedDiaryCommandTests: XCTestCase {
    private func diary() throws -> URL {
        let root = try copyOfSeoulDiary(self)
        return root
    }

    private func withPassword(_ password: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_PASSWORD"] = password
        return environment
    }

    func testAnEncryptedBuildOpensAKeySlotWithThePasswordItIsGivenOrStops() throws {
        let root = try diary()
        let first = try runDaybook(["build", "--encrypt", "-C", root.path], environment: withPassword("plum blossoms at nine"))
        XCTAssertEqual(first.status, 0, first.standardError)
        let published = try treeBelow(root.appendingPathComponent("Output"))
        let wrong = try runDaybook(["build", "--encrypt", "-C", root.path], environment: withPassword("plum blossoms at ten"))
        XCTAssertEqual(wrong.status, 1)
        XCTAssertEqual(wrong.standardError, "error: this password opens none of the encrypted site's key slots (nor is it a recovery key of it); "
            + "to encrypt the site under a new site key and password, so that every published file changes, build with --new-password\n")
        assertSameTree(try treeBelow(root.appendingPathComponent("Output")), published, "after a wrong password")
        let again = try runDaybook(["build", "--encrypt", "-C", root.path], environment: withPassword("plum blossoms at nine"))
        XCTAssertEqual(again.status, 0, again.standardError)
        XCTAssertTrue(again.standardOutput.contains("(0 written"), "the same password and diary: nothing written, \(again.standardOutput)")
    }

    func testAfterAnEncryptedBuildBuildAndServeSayWhatTheOutputFolderHolds() throws {
        let root = try diary()
        let plain = try runDaybook(["build", "-C", root.path])
        XCTAssertTrue(plain.standardError.contains("through a web server: `daybook serve` builds, serves and reloads it"), plain.standardError)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Output"))
        let build = try runDaybook(["build", "--encrypt", "-C", root.path], environment: withPassword("plum blossoms at nine"))
        XCTAssertEqual(build.status, 0, build.standardError)
        XCTAssertFalse(build.standardError.contains("`daybook serve` builds, serves and reloads it"), build.standardError)
        XCTAssertTrue(build.standardError.contains("Output holds the encrypted site: any static web server shows its unlock page"),
                      build.standardError)
        let serving = try firstLineOfServe(root)
        XCTAssertTrue(serving.hasPrefix("Serving the unlocked site, built in "), serving)
        XCTAssertTrue(serving.hasSuffix("; Output/ keeps the encrypted site and is not changed"), serving)
    }

    /// The first line `daybook serve` prints on standard error; the server is stopped right after.
    private func firstLineOfServe(_ root: URL) throws -> String {
        let process = Process()
        process.executableURL = try daybookExecutable()
        process.arguments = ["serve", "--port", "0", "-C", root.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var text = ""
        while !text.contains("\n") {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return String(text.split(separator: "\n").first ?? "")
    }

    func testEncryptTrueInTheConfigurationEncryptsAndSearchStillFindsEntries() throws {
        let root = try diary()
        let config = root.appendingPathComponent("daybook.yml")
        try (String(contentsOf: config, encoding: .utf8) + "encrypt: true\n").write(to: config, atomically: true, encoding: .utf8)
        let build = try runDaybook(["build", "-C", root.path], environment: withPassword("plum blossoms at nine"))
        XCTAssertEqual(build.status, 0, build.standardError)
        let output = root.appendingPathComponent("Output")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("unlock.js").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("search/index.json").path))

        let outcome = try DiarySearchCommand.run(root: root, query: "산책", limit: nil)
        XCTAssertFalse(outcome.usedBuiltIndex, "the published index cannot be read without the password")
        XCTAssertFalse(outcome.results.isEmpty)
        XCTAssertEqual(try commandResults(root, "산책"), outcome.results.map(\.url))
    }

    // MARK: - Never published in the clear by accident

    private func runBuild(_ root: URL, _ flags: [String] = [], password: String? = nil) throws -> CommandRun {
        try runDaybook(["build", "-C", root.path] + flags, environment: withPassword(password))
    }

    private func encryptedDiary(password: String = "plum blossoms at nine") throws -> (root: URL, output: URL) {
        let root = try diary()
        let first = try runBuild(root, ["--encrypt"], password: password)
        XCTAssertEqual(first.status, 0, first.standardError)
        return (root, root.appendingPathComponent("Output"))
    }

    private func removeBuildCache(of root: URL) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(".daybook"))
    }

    func testAPlainBuildOverAnEncryptedSiteIsRefusedAndLeavesEveryByteOfIt() throws {
        let (root, output) = try encryptedDiary()
        let published = try treeBelow(output)
        XCTAssertNotNil(published["unlock.js"])
        for flags in [[], ["--dry-run"], ["--clean"]] {
            let plain = try runBuild(root, flags)
            XCTAssertEqual(plain.status, 1, "\(flags): \(plain.standardError)")
            XCTAssertEqual(plain.standardError, "error: Output/ holds an encrypted site, and this build would replace it with one anyone "
                + "can read; build with --encrypt to keep it encrypted, or with --no-encrypt to publish it readable on purpose\n", "\(flags)")
            assertSameTree(try treeBelow(output), published, "after a refused plain build \(flags)")
        }
        try removeBuildCache(of: root)
        let withoutCache = try runBuild(root)
        XCTAssertEqual(withoutCache.status, 1, withoutCache.standardError)
        XCTAssertTrue(withoutCache.standardError.contains("--no-encrypt to publish it readable on purpose"), withoutCache.standardError)
        assertSameTree(try treeBelow(output), published, "after a refused plain build without .daybook/")
    }

    func testNoEncryptPublishesThePlainSiteOverTheEncryptedOneOnPurpose() throws {
        let (root, output) = try encryptedDiary()
        let plain = try runBuild(root, ["--no-encrypt"])
        XCTAssertEqual(plain.status, 0, plain.standardError)
        let elsewhere = try runBuild(root, ["--output", "Plain"])
        XCTAssertEqual(elsewhere.status, 0, elsewhere.standardError)
        assertSameTree(try treeBelow(output), try treeBelow(root.appendingPathComponent("Plain")), "Output/ after --no-encrypt")
        XCTAssertEqual(try runBuild(root).status, 0, "the folder holds a plain site now: a plain build goes on")
    }

    func testNoEncryptOverridesEncryptTrueInTheConfigurationAndAsksNoPassword() throws {
        let root = try diary()
        let config = root.appendingPathComponent("daybook.yml")
        try (String(contentsOf: config, encoding: .utf8) + "encrypt: true\n").write(to: config, atomically: true, encoding: .utf8)
        let plain = try runBuild(root, ["--no-encrypt"])
        XCTAssertEqual(plain.status, 0, plain.standardError)
        let output = root.appendingPathComponent("Output")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("unlock.js").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("search/index.json").path))
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertFalse(home.contains("daybook-lock"))
        XCTAssertTrue(home.contains("<a "), "the home page itself, readable")
    }

    func testEncryptAndNoEncryptTogetherAreAUsageError() throws {
        let root = try diary()
        for flags in [["--encrypt", "--no-encrypt"], ["--no-encrypt", "--new-password"]] {
            let both = try runBuild(root, flags, password: "plum blossoms at nine")
            XCTAssertEqual(both.status, 2, both.standardError)
            XCTAssertTrue(both.standardError.contains("--no-encrypt cannot be used with"), both.standardError)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path))
    }

    // MARK: - Without .daybook/

    /// An encrypted diary whose `.daybook/` is gone, and what its output folder holds.
    private func encryptedDiaryWithoutItsCache() throws -> (root: URL, output: URL, published: [String: Data]) {
        let (root, output) = try encryptedDiary()
        try removeBuildCache(of: root)
        return (root, output, try treeBelow(output))
    }

    func testWithoutItsCacheTheSamePasswordOpensThePublishedSlotsAndRebuildsByteForByte() throws {
        let (root, output, published) = try encryptedDiaryWithoutItsCache()
        let again = try runBuild(root, ["--encrypt"], password: "plum blossoms at nine")
        XCTAssertEqual(again.status, 0, again.standardError)
        assertSameTree(try treeBelow(output), published, "rebuilt without .daybook/ under the site key of the published slots")
    }

    func testWithoutItsCacheAnotherPasswordIsRefusedUnlessItIsNew() throws {
        let (root, output, published) = try encryptedDiaryWithoutItsCache()
        let typo = try runBuild(root, ["--encrypt"], password: "plum blossoms at nane")
        XCTAssertEqual(typo.status, 1, typo.standardError)
        XCTAssertTrue(typo.standardError.contains("opens none of the encrypted site's key slots"), typo.standardError)
        assertSameTree(try treeBelow(output), published, "after a mistyped password")

        let renewed = try runBuild(root, ["--new-password"], password: "plum blossoms at nane")
        XCTAssertEqual(renewed.status, 0, renewed.standardError)
        XCTAssertNotEqual(try treeBelow(output)["index.html"], published["index.html"], "a new site key on the unlock page")
        XCTAssertTrue(Set(try treeBelow(output).keys.filter { $0.hasSuffix(".bin") }).isDisjoint(with: published.keys))
    }

    /// Without `.daybook/` and without the unlock page (deleted, or replaced by another page), the
    /// output folder's encrypted files are still there, and nothing can tell the site's password from
    /// a typo: the build refuses rather than re-keying the whole site under whatever it is given.
    func testWithoutItsCacheOrItsUnlockPageTheBuildRefusesUnlessTheSiteIsRekeyedOnPurpose() throws {
        for change in ["deleted", "replaced"] {
            let (root, output, _) = try encryptedDiaryWithoutItsCache()
            let page = output.appendingPathComponent("index.html")
            if change == "deleted" {
                try FileManager.default.removeItem(at: page)
            } else {
                try "<!DOCTYPE html><title>Home</title><p>Another page.</p>\n".write(to: page, atomically: true, encoding: .utf8)
                try FileManager.default.removeItem(at: output.appendingPathComponent("unlock.js"))
            }
            let published = try treeBelow(output)
            for password in ["plum blossoms at nine", "plum blossoms at nane"] {
                let refused = try runBuild(root, ["--encrypt"], password: password)
                XCTAssertEqual(refused.status, 1, "\(change): \(refused.standardError)")
                XCTAssertEqual(refused.standardError, "error: Output/ holds an encrypted site whose key slots cannot be read (its unlock page "
                    + "index.html is missing or replaced, and .daybook/ keeps no record of them), so this password cannot be checked; "
                    + "to encrypt the site under a new site key and password, so that every published file changes, build with --new-password\n",
                    change)
                assertSameTree(try treeBelow(output), published, "after a refused build (\(change))")
            }
            let rekeyed = try runBuild(root, ["--new-password"], password: "plum blossoms at nine")
            XCTAssertEqual(rekeyed.status, 0, rekeyed.standardError)
            let encrypted = { (tree: [String: Data]) in Set(tree.keys.filter { $0.hasSuffix(".bin") }) }
            XCTAssertTrue(encrypted(try treeBelow(output)).isDisjoint(with: encrypted(published)), "every file under the new site key (\(change))")
        }
    }

    func testAnUnlockPageWhoseSettingsCannotBeReadIsAnErrorAtItsPlace() throws {
        let (root, output) = try encryptedDiary()
        let page = output.appendingPathComponent("index.html")
        let text = try String(contentsOf: page, encoding: .utf8)
        try text.replacingOccurrences(of: #""iterations":600000"#, with: #""iterations":"many""#).write(to: page, atomically: true, encoding: .utf8)
        let published = try treeBelow(output)
        try removeBuildCache(of: root)
        let broken = try runBuild(root, ["--encrypt"], password: "plum blossoms at nine")
        XCTAssertEqual(broken.status, 1, broken.standardError)
        let line = text.prefix(upTo: text.range(of: "daybook-lock")!.lowerBound).filter { $0 == "\n" }.count + 1
        XCTAssertTrue(broken.standardError.hasPrefix("Output/index.html:\(line):51: error: the unlock page's settings are not the JSON"),
                      broken.standardError)
        assertSameTree(try treeBelow(output), published, "after an unreadable unlock page")
    }

    // MARK: - The password prompt

    /// Starts `daybook build --encrypt` on a terminal, waits for its prompt (echo off), interrupts
    /// it with `interrupt`, and returns whether the terminal echoes again once it has ended.
    private func echoesAfterInterruptingThePrompt(_ interrupt: (TerminalSession) -> Void) throws -> Bool {
        let root = try diary()
        let session = try TerminalSession(["build", "--encrypt", "-C", root.path], environment: withPassword(nil))
        defer { session.close() }
        XCTAssertTrue(session.echoes, "a new terminal echoes")
        XCTAssertNotNil(session.waitForScreen(containing: "Password for the encrypted site: "), "the prompt shows")
        XCTAssertFalse(session.echoes, "the prompt turns echo off")
        interrupt(session)
        XCTAssertTrue(session.waitForExit(), "the interrupted build ends")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path))
        return session.echoes
    }

    func testCtrlCAtThePasswordPromptTurnsTheTerminalsEchoBackOn() throws {
        let echoes = try echoesAfterInterruptingThePrompt { session in
            // Ctrl-C typed at the terminal: its line discipline sends SIGINT to the prompting process.
            _ = write(session.master, [UInt8(3)], 1)
        }
        XCTAssertTrue(echoes, "echo is back on after Ctrl-C")
    }

    func testSIGTERMAtThePasswordPromptTurnsTheTerminalsEchoBackOn() throws {
        let echoes = try echoesAfterInterruptingThePrompt { session in
            kill(-session.foregroundGroup, SIGTERM)
        }
        XCTAssertTrue(echoes, "echo is back on after SIGTERM")
    }
}
