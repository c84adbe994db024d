import DaybookTestSupport
import DiaryCorpus
import Foundation
import SiteEncryption
import XCTest

/// A build killed with `kill -9` midway, then an entry deleted, then a build: the output is a
/// clean build's, folders included (rsync publishes empty folders, and a page folder's name
/// tells an entry's time and slug).
///
/// The kill is real and lands where the harm is done: a build makes every folder of the site
/// before it writes any file into them, so the test stops the process (SIGSTOP) as soon as the
/// folders appear, picks an entry whose page folder is there but still empty and holds nothing
/// else in a full build, and kills the process there. Should the build slip past that moment
/// (a busy machine), the attempt starts over.
final class InterruptedBuildTests: XCTestCase {
    private let password = "gulls over the harbour"

    func testAnEntryDeletedAfterAKilledPlainBuildLeavesNoFolderOfItBehind() throws {
        try assertKilledBuildThenDeletionGivesACleanBuild(days: 1095, encrypted: false)
    }

    /// Fewer entries: most of the site's 256 `x/<2 hex>/` folders then hold one file, some of them an entry's page.
    func testAnEntryDeletedAfterAKilledEncryptedBuildLeavesNoFolderOfItBehind() throws {
        try assertKilledBuildThenDeletionGivesACleanBuild(days: 120, encrypted: true)
    }

    private func assertKilledBuildThenDeletionGivesACleanBuild(days: Int, encrypted: Bool,
                                                                file: StaticString = #filePath, line: UInt = #line) throws {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        try CorpusGenerator(.init(days: days, entriesPerDay: 1, imagesEvery: 50)).write(to: root)
        let flags = encrypted ? ["--encrypt"] : []
        // A full build first, elsewhere: it makes the salt, and tells which folder each page lands in.
        try build(root, flags + ["--output", "Full"])
        let pages = try pageFolders(root, encrypted: encrypted)
        var killedAt: (entry: String, folder: String)?
        for _ in 1...5 where killedAt == nil {
            try? FileManager.default.removeItem(at: root.appendingPathComponent("Output"))
            killedAt = try killBuild(root, flags, whileEmpty: pages)
        }
        let (entry, folder) = try XCTUnwrap(killedAt, "no attempt stopped the build between its folders and its files", file: file, line: line)
        XCTAssertTrue(try treeBelow(root.appendingPathComponent("Output")).keys.contains(folder + "/"), file: file, line: line)

        try FileManager.default.removeItem(at: root.appendingPathComponent(entry))
        try build(root, flags)
        try build(root, flags + ["--output", "Fresh"])
        let output = try treeBelow(root.appendingPathComponent("Output"))
        assertSameTree(output, try treeBelow(root.appendingPathComponent("Fresh")), "Output/ after the killed build and the deletion",
                       file: file, line: line)
        XCTAssertFalse(output.keys.contains(folder + "/"), "the deleted entry's page folder \(folder)", file: file, line: line)
    }

    /// Runs `daybook build` over `pages` (entry file → its page's folder, each alone in it) and
    /// kills it with SIGKILL once one of those folders exists and is still empty; returns that
    /// entry and folder, or nil when the build got past that moment.
    private func killBuild(_ root: URL, _ flags: [String], whileEmpty pages: [String: String]) throws -> (entry: String, folder: String)? {
        let output = root.appendingPathComponent("Output")
        let process = Process()
        process.executableURL = try daybookExecutable()
        process.arguments = ["build", "-C", root.path, "-q"] + flags
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Every folder of a level is made at once, before any file: the first one seen stands for all.
        guard let first = pages.values.min() else { return nil }
        let watched = output.appendingPathComponent(first).path
        while process.isRunning && !FileManager.default.fileExists(atPath: watched) { usleep(100) }
        kill(process.processIdentifier, SIGSTOP)
        let caught = pages.sorted { $0.key < $1.key }.first { _, folder in
            (try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(folder).path))?.isEmpty == true
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        guard process.terminationReason == .uncaughtSignal, let caught else { return nil }
        return (caught.key, caught.value)
    }

    /// Entry file (relative to the diary) → the output folder its page is published in, for the
    /// entries whose page is the only file of that folder in the full build (every page folder of
    /// a plain site; a few of the encrypted site's `x/<2 hex>/` folders).
    private func pageFolders(_ root: URL, encrypted: Bool) throws -> [String: String] {
        let full = try treeBelow(root.appendingPathComponent("Full"))
        let encryptor = try encrypted ? SiteEncryptor(keys: keys(publishedIn: root.appendingPathComponent("Full"))) : nil
        var filesIn: [String: Int] = [:]
        for path in full.keys where !path.hasSuffix("/") { filesIn[Self.folder(of: path), default: 0] += 1 }
        var pages: [String: String] = [:]
        let content = root.appendingPathComponent("Content")
        for case let url as URL in FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil)! where url.pathExtension == "md" {
            let entry = String(url.path.dropFirst(root.path.count + 1))
            // Content/2024/12/01/1120-thinking-of-the-sea.md is published at 2024/12/01/1120-thinking-of-the-sea/.
            let address = String(entry.dropFirst("Content/".count).dropLast(".md".count)) + "/index.html"
            let published = encryptor?.publishedPath(of: address) ?? address
            XCTAssertNotNil(full[published], "the page of \(entry)")
            if filesIn[Self.folder(of: published)] == 1 { pages[entry] = Self.folder(of: published) }
        }
        XCTAssertFalse(pages.isEmpty, "some page is alone in its folder")
        return pages
    }

    private func keys(publishedIn output: URL) throws -> SiteKeys {
        let page = try [UInt8](Data(contentsOf: output.appendingPathComponent("index.html")))
        guard case .slots(let slots)? = try UnlockSettings.read(fromPage: page, path: "index.html") else {
            XCTFail("the output holds no key slots")
            throw CocoaError(.coderInvalidValue)
        }
        return try XCTUnwrap(try SiteKeys.opening(slots, with: password)).keys
    }

    private static func folder(of path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_PASSWORD"] = password
        return environment
    }

    private func build(_ root: URL, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try runDaybook(["build", "-C", root.path, "-q"] + arguments, environment: environment)
        XCTAssertEqual(run.status, 0, run.standardError, file: file, line: line)
    }
}
