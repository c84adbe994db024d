import DiaryCommands
import Foundation
import XCTest

/// `daybook build --encrypt` and the commands that read an encrypted diary, run as a user runs them.
final class EncryptedDiaryCommandTests: XCTestCase {
    private func diary() throws -> URL {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/SiteBuilderTests/Fixtures/seoul-diary"), to: root)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("Expected"))
        return root
    }

    private func withPassword(_ password: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_PASSWORD"] = password
        return environment
    }

    func testAnEncryptedBuildNeedsThePasswordItWasFirstBuiltWith() throws {
        let root = try diary()
        let first = try runDaybook(["build", "--encrypt", "-C", root.path], environment: withPassword("plum blossoms at nine"))
        XCTAssertEqual(first.status, 0, first.standardError)
        let wrong = try runDaybook(["build", "--encrypt", "-C", root.path], environment: withPassword("plum blossoms at ten"))
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.standardError.contains("not the password the site was encrypted with"), wrong.standardError)
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
}
