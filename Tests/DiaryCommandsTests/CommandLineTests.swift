import Foundation
import XCTest

/// The `daybook` executable as a person runs it: exit statuses, streams and `-C`.
final class CommandLineTests: XCTestCase {
    func testInitNewAndCheckWorkFromAnotherFolder() throws {
        let root = temporaryFolder(self).appendingPathComponent("my diary")
        let created = try runDaybook(["init", root.path])
        XCTAssertEqual(created.status, 0, created.standardError)

        let new = try runDaybook(["new", "-C", root.path, "--emotion", "calm", "--date", "2025-10-20 21:00", "--tag", "night", "A", "quiet", "evening"])
        XCTAssertEqual(new.status, 0, new.standardError)
        XCTAssertEqual(new.standardOutput, "Content/2025/10/20/2100-a-quiet-evening.md\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Content/2025/10/20/2100-a-quiet-evening.md").path))

        let check = try runDaybook(["check", "-C", root.path, "--strict"])
        XCTAssertEqual(check.status, 0, check.standardError)
        XCTAssertEqual(check.standardOutput, "2 entries, 2 days, 2 emotions: 0 errors, 0 warnings\n")
        XCTAssertEqual(check.standardError, "")
    }

    func testCheckPrintsDiagnosticsToStandardErrorAndExitsOne() throws {
        let root = temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try Data("---\ndate: 2025-02-30\nemotion: hapy\n---\n".utf8).write(to: root.appendingPathComponent("Content/bad.md"))
        let check = try runDaybook(["check", "-C", root.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.standardError, """
            Content/bad.md:2:7: error: the date '2025-02-30' does not exist: February 2025 has 28 days
            Content/bad.md:3:10: warning: unknown emotion 'hapy'; did you mean 'happy'? (known: happy, sad, angry, anxious, calm, grateful, tired, excited)

            """)
        XCTAssertEqual(check.standardOutput, "0 entries, 0 days, 0 emotions: 1 error, 1 warning\n")
    }

    func testAWarningFailsOnlyUnderStrict() throws {
        let root = temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try Data("---\ndate: 2025-02-03\nemotion: nostalgic\n---\n".utf8).write(to: root.appendingPathComponent("Content/a.md"))
        XCTAssertEqual(try runDaybook(["check", "-C", root.path]).status, 0)
        let strict = try runDaybook(["check", "-C", root.path, "--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.standardError.hasPrefix("Content/a.md:3:10: error: unknown emotion 'nostalgic'"), strict.standardError)
    }

    func testUsageErrorsExitTwo() throws {
        let root = temporaryFolder(self)
        XCTAssertEqual(try runDaybook(["check", "--no-such-flag"]).status, 2)
        XCTAssertEqual(try runDaybook(["frobnicate"]).status, 2)
        let badEmotion = try runDaybook(["new", "-C", root.path, "--emotion", "hapy"])
        XCTAssertEqual(badEmotion.status, 2)
        XCTAssertTrue(badEmotion.standardError.contains("did you mean 'happy'?"), badEmotion.standardError)
        XCTAssertEqual(try runDaybook(["new", "-C", root.path, "--date", "2025-13-01"]).status, 2)
    }

    func testEveryCommandHasHelp() throws {
        for command in [[], ["init"], ["new"], ["check"]] {
            let help = try runDaybook(command + ["--help"])
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.standardOutput.contains("USAGE:"), help.standardOutput)
        }
        XCTAssertTrue(try runDaybook(["new", "--help"]).standardOutput.contains("-C <dir>"))
    }
}
