import DaybookTestSupport
import DiaryCorpus
import DiaryModel
import DiaryReader
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
@testable import SiteEncryption
import XCTest
import ZIPFoundation

/// `daybook build --encrypt`: the output holds nothing of the diary in the clear, decrypts to
/// exactly the plain site, and rebuilds incrementally like a plain one.
final class EncryptedBuildTests: XCTestCase {
    private func keys(_ password: String = "봄 일기 password", salt: UInt8 = 7) throws -> SiteKeys {
        try fixedKeys(password, salt: salt)
    }

    private func encrypted(_ keys: SiteKeys, output: URL? = nil) -> SiteBuilder.Options {
        SiteBuilder.Options(output: output, encryption: keys)
    }

    func testAnEncryptedSiteDecryptsToExactlyThePlainSiteBesideTheUnlockPage() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let keys = try keys()
        try buildSite(root, options: encrypted(keys))
        let plainOutput = root.appendingPathComponent("Plain")
        try buildSite(root, options: .init(output: plainOutput))

        let published = try filesBelow(root.appendingPathComponent("Output"))
        let plain = try filesBelow(plainOutput)
        let encryptor = SiteEncryptor(keys: keys)
        let publicFiles = try Self.publicFiles(of: root, keys: keys)
        let dayFiles = plain.filter { Self.isOnThisDayFile($0.key) }
        XCTAssertGreaterThan(dayFiles.count, 1, "the plain site has a file per calendar day")
        // The manifest, its icons and the worker are public files of an encrypted site, and another's.
        let offlinePublic = Set(publicFiles.keys).subtracting(UnlockPage.paths).union([OfflineSite.workerPath])
        let addresses = Set(plain.keys).subtracting(dayFiles.keys).subtracting(offlinePublic).union([Self.calendarAddress])
        XCTAssertEqual(Set(published.keys), Set(addresses.map(encryptor.publishedPath(of:))).union(publicFiles.keys).union(["sw.js"]))
        // The offline list differs: published sizes and keyed tokens (OfflineSiteTests).
        for (address, bytes) in plain where dayFiles[address] == nil && addresses.contains(address) && address != OfflineSite.listPath {
            let file = try XCTUnwrap(published[encryptor.publishedPath(of: address)], address)
            XCTAssertEqual(try encryptor.decrypt([UInt8](file), at: address), [UInt8](bytes), address)
        }
        for (path, bytes) in publicFiles { XCTAssertEqual(published[path].map { [UInt8]($0) }, bytes, path) }
        // The calendar holds every day's file, by its name, exactly as the plain site publishes it.
        let calendar = try Self.calendar(in: published, encryptor: encryptor)
        XCTAssertEqual(calendar, Dictionary(uniqueKeysWithValues: dayFiles.map {
            (String($0.key.dropFirst("on-this-day/".count).dropLast(".json".count)), String(decoding: $0.value, as: UTF8.self))
        }))
    }

    func testTheUnlockPageSpeaksTheDiarysLanguageWithItsOwnStrings() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let config = root.appendingPathComponent("daybook.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "\nstrings:\n  unlock: 들어가기\n")
            .write(to: config, atomically: true, encoding: .utf8)
        try buildSite(root, options: encrypted(try keys()))

        let unlockPage = try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8)
        XCTAssertTrue(unlockPage.contains(#"<html lang="ko">"#))
        XCTAssertTrue(unlockPage.contains("<title>비공개 일기</title>"))
        XCTAssertTrue(unlockPage.contains(#"<button type="submit" disabled>들어가기</button>"#), "strings: overrides a word")
        XCTAssertTrue(unlockPage.contains(#""wrong_password":"비밀번호가 틀렸습니다. 다시 입력하세요.""#))
        XCTAssertTrue(unlockPage.contains(#"<option value="30" selected>30일</option>"#))
        let notFound = try String(contentsOf: root.appendingPathComponent("Output/404.html"), encoding: .utf8)
        XCTAssertTrue(notFound.contains(#"<html lang="ko">"#) && notFound.contains("<h1>페이지를 찾을 수 없습니다</h1>"), notFound)
        for english in ["Private diary", "Password", "Remember", "Unlock", "Not found", "lang=\"en\""] {
            XCTAssertFalse(unlockPage.contains(english) || notFound.contains(english), english)
        }
        XCTAssertFalse(unlockPage.contains("봄 일기"), "nothing else of the diary: not its title")
    }

    func testEncryptAddressesReadableReachesTheUnlockPageAndAChangeRewritesIt() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let keys = try keys()
        let unlockPage = root.appendingPathComponent("Output/index.html")
        try buildSite(root, options: encrypted(keys))
        XCTAssertTrue(try String(contentsOf: unlockPage, encoding: .utf8).contains(#""addresses":"opaque""#))
        let config = root.appendingPathComponent("daybook.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "\nencrypt_addresses: readable\n").write(to: config, atomically: true, encoding: .utf8)
        try buildSite(root, options: encrypted(keys))
        XCTAssertTrue(try String(contentsOf: unlockPage, encoding: .utf8).contains(#""addresses":"readable""#))
    }

    func testAnEncryptedSiteShowsNoTextNameOrPictureOfTheDiary() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root, options: encrypted(try keys()))
        try assertNothingLeaks(from: root, keys: try keys(), hasDraft: true)
    }

    func testTheGeneratedDiaryOf1095EntriesLeaksNothingWhenEncrypted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-encrypted-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try CorpusGenerator(.init(days: 1095, entriesPerDay: 1)).write(to: root)
        try buildSite(root, options: encrypted(try keys()))
        try assertNothingLeaks(from: root, keys: try keys(), hasDraft: false)
        try assertNoFilePerCalendarDay(in: root, keys: try keys())
    }

    /// SPEC §8: no request depends on the reader's date and no file's size on a calendar day's
    /// entries. The plain site's day files (one per calendar day, sized by its entries) are not
    /// published; one calendar of them all is, and it is the only file of "on this day".
    private func assertNoFilePerCalendarDay(in root: URL, keys: SiteKeys, file: StaticString = #filePath, line: UInt = #line) throws {
        let published = try filesBelow(root.appendingPathComponent("Output"))
        let encryptor = SiteEncryptor(keys: keys)
        let plainOutput = root.appendingPathComponent("Plain")
        try buildSite(root, options: .init(output: plainOutput))
        let plain = try filesBelow(plainOutput)
        let dayFiles = plain.keys.filter(Self.isOnThisDayFile)
        XCTAssertGreaterThan(dayFiles.count, 300, file: file, line: line)
        for address in dayFiles {
            XCTAssertNil(published[encryptor.publishedPath(of: address)], "\(address) is published", file: file, line: line)
        }
        let calendar = try Self.calendar(in: published, encryptor: encryptor)
        XCTAssertEqual(Set(calendar.keys), Set(dayFiles.map { String($0.dropFirst("on-this-day/".count).dropLast(".json".count)) }),
                       "every calendar day of the diary is in the one file", file: file, line: line)
    }

    func testEditingOneEntryRewritesOnlyWhatAPlainBuildRewritesAndMatchesAFullEncryptedBuild() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let keys = try keys()
        let plainOutput = root.appendingPathComponent("Plain")
        try buildSite(root, options: encrypted(keys))
        try buildSite(root, options: .init(output: plainOutput))

        let entry = root.appendingPathComponent("Content/2025/03/01/2130-quiet-night.md")
        try (String(contentsOf: entry, encoding: .utf8) + "\n밤에 비가 조금 왔다.\n").write(to: entry, atomically: true, encoding: .utf8)
        let edited = try buildSite(root, options: encrypted(keys))
        let plain = try buildSite(root, options: .init(output: plainOutput))

        let encryptor = SiteEncryptor(keys: keys)
        XCTAssertFalse(plain.writtenPaths.isEmpty)
        XCTAssertTrue(plain.writtenPaths.contains("search/index.json") || plain.writtenPaths.contains { $0.hasPrefix("search/chunks/") })
        let addresses = plain.writtenPaths.map { Self.isOnThisDayFile($0) ? Self.calendarAddress : $0 }
        XCTAssertTrue(addresses.contains(OfflineSite.workerPath) && addresses.contains(OfflineSite.listPath), "a new version")
        XCTAssertEqual(Set(edited.writtenPaths), Set(addresses.map { $0 == OfflineSite.workerPath ? $0 : encryptor.publishedPath(of: $0) }))
        XCTAssertEqual(edited.deletedPaths, [])
        XCTAssertEqual(edited.searchIndex, plain.searchIndex)

        let full = root.appendingPathComponent("Full")
        try buildSite(root, options: encrypted(keys, output: full))
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), try filesBelow(full))
        XCTAssertEqual(try buildSite(root, options: encrypted(keys)).writtenPaths, [], "nothing changed: nothing written")
    }

    /// One entry of the generated diary edited, in a plain and an encrypted build: the search index
    /// is updated in place in both, both rewrite the same index files, and each output is then its
    /// full build's. A word changed for one of the same length leaves the entry's length and so its
    /// other weights: only the files of the two words' keys (9 for a word of four letters: its
    /// letters, pairs and runs of three), the entry's chunk and the two manifests change, and in the
    /// positions space the two tokens' keys and their one- and two-letter starts and ends (10). An
    /// appended sentence also moves the weights of those of the entry's keys that cross a step as
    /// it grows longer (`SearchIndexUpdateTests` bounds those).
    func testAOneEntryEditOfAGeneratedDiaryRewritesTheSameFewSearchFilesPlainOrEncrypted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-site-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try CorpusGenerator(.init(days: 200, entriesPerDay: 1, imagesEvery: 1_000)).write(to: root)
        let keys = try keys()
        let encryptor = SiteEncryptor(keys: keys)
        let plainOutput = root.appendingPathComponent("Plain")
        try buildSite(root, options: encrypted(keys))
        try buildSite(root, options: .init(output: plainOutput))
        let sources = try XCTUnwrap(FileManager.default.enumerator(at: root.appendingPathComponent("Content"), includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }

        let edits: [(what: String, edit: (String) -> String, bound: Int?)] = [
            ("city → town", { $0.replacingOccurrences(of: " city ", with: " town ") }, 9 + 9 + 3 + 10),
            ("an appended sentence", { $0 + "\nWe found a bookshop7 by the station, 서점에서 오래 있었다.\n" }, nil),
        ]
        for (what, edit, bound) in edits {
            let source = try XCTUnwrap(sources.first { (try? String(contentsOf: $0, encoding: .utf8))?.contains(" city ") == true })
            try edit(String(contentsOf: source, encoding: .utf8)).write(to: source, atomically: true, encoding: .utf8)
            let edited = try buildSite(root, options: encrypted(keys))
            let plain = try buildSite(root, options: .init(output: plainOutput))
            XCTAssertEqual(plain.searchIndex, .updated, what)
            XCTAssertEqual(edited.searchIndex, .updated, what)
            let indexFiles = plain.writtenPaths.filter { $0.hasPrefix("search/") && $0.hasSuffix(".json") }
            XCTAssertTrue(indexFiles.contains { $0.hasPrefix("search/chunks/") }, what)
            XCTAssertTrue(Set(indexFiles.map(encryptor.publishedPath(of:))).isSubset(of: edited.writtenPaths), what)
            if let bound { XCTAssertLessThanOrEqual(indexFiles.count, bound, "\(what): \(indexFiles)") }
        }

        let full = root.appendingPathComponent("Full")
        try buildSite(root, options: encrypted(keys, output: full))
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), try filesBelow(full))
        let plainFull = root.appendingPathComponent("PlainFull")
        try buildSite(root, options: .init(output: plainFull))
        XCTAssertEqual(try filesBelow(plainOutput), try filesBelow(plainFull))
    }

    func testSwitchingEncryptionOnAndOffLeavesNothingOfTheOtherSite() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let keys = try keys()
        let output = root.appendingPathComponent("Output")
        try buildSite(root)
        try buildSite(root, options: encrypted(keys))
        try buildSite(root, options: encrypted(keys, output: root.appendingPathComponent("Encrypted")))
        XCTAssertEqual(try filesBelow(output), try filesBelow(root.appendingPathComponent("Encrypted")))

        XCTAssertThrowsError(try SiteBuilder(root: root).build(.init())) {
            XCTAssertEqual($0 as? BuildError, .plainOverEncrypted("Output/"), "a plain build over the encrypted site only on purpose")
        }
        var onPurpose = SiteBuilder.Options()
        onPurpose.replacesEncryptedSite = true
        try buildSite(root, options: onPurpose)
        try buildSite(root, options: .init(output: root.appendingPathComponent("Plain")))
        XCTAssertEqual(try filesBelow(output), try filesBelow(root.appendingPathComponent("Plain")))
    }

    func testServePreviewsThePlainSiteBesideAnEncryptedOutputEvenWithoutTheCache() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root, options: encrypted(try keys()))
        try FileManager.default.removeItem(at: root.appendingPathComponent(BuildCache.folderName))
        let builder = SiteBuilder(root: root)
        XCTAssertTrue(builder.hasEncryptedSite(), "Output/'s unlock page says so without .daybook/")
        XCTAssertFalse(builder.hasEncryptedSite(output: root.appendingPathComponent("Plain")))
        let published = try filesBelow(root.appendingPathComponent("Output"))
        // What `daybook serve` builds: the plain site in the preview folder, which never held an encrypted one.
        try buildSite(root, options: .init(output: SiteBuilder.previewFolder(root: root)))
        XCTAssertNotNil(try filesBelow(SiteBuilder.previewFolder(root: root))["search/index.json"])
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), published)
    }

    func testAnotherPasswordRewritesEveryFileAndRemovesTheOldOnes() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let first = try filesAfterBuilding(root, with: try keys("first password"))
        let second = try filesAfterBuilding(root, with: try keys("second password"))
        try buildSite(root, options: encrypted(try keys("second password"), output: root.appendingPathComponent("Fresh")))
        XCTAssertEqual(second, try filesBelow(root.appendingPathComponent("Fresh")))
        let encryptedPaths = Set(first.keys).filter { $0.hasPrefix("x/") }
        XCTAssertFalse(encryptedPaths.isEmpty)
        XCTAssertTrue(encryptedPaths.isDisjoint(with: second.keys), "no file of the first password is left")
    }

    // MARK: - Helpers

    private func filesAfterBuilding(_ root: URL, with keys: SiteKeys) throws -> [String: Data] {
        try buildSite(root, options: encrypted(keys))
        return try filesBelow(root.appendingPathComponent("Output"))
    }

    private static let calendarAddress = "on-this-day/calendar.deflate"

    /// The files an encrypted build of the diary at `root` publishes in the clear, but the worker
    /// (whose version depends on the site): the unlock page's, the web app manifest and its icons.
    private static func publicFiles(of root: URL, keys: SiteKeys) throws -> [String: [UInt8]] {
        let config = DiaryReader(root: root).read(.init()).diary.config
        // The fixture is Korean: so is its unlock page.
        var files = UnlockPage(keys: keys, config: config).files
        for file in OfflineSite(config: config, encryption: OutputEncryption(keys: keys)).appFiles() {
            if case .bytes(let bytes) = file.content { files[file.path] = bytes }
        }
        return files
    }

    private static func isOnThisDayFile(_ address: String) -> Bool {
        address.hasPrefix("on-this-day/") && address.hasSuffix(".json")
    }

    /// The encrypted site's "on this day" calendar, decrypted and inflated: day name → day file.
    private static func calendar(in published: [String: Data], encryptor: SiteEncryptor) throws -> [String: String] {
        let file = try XCTUnwrap(published[encryptor.publishedPath(of: calendarAddress)], "the calendar is published")
        let compressed = Data(try encryptor.decrypt([UInt8](file), at: calendarAddress))
        var json = Data()
        _ = try Data.decompress(size: Int64(compressed.count), bufferSize: 64 * 1024, skipCRC32: true, provider: { position, size in
            compressed.subdata(in: Int(position)..<min(Int(position) + size, compressed.count))
        }, consumer: { json.append($0) })
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: String])
    }

    /// Fails when any Output path, or any Output file but the public ones, holds 6 bytes in a row
    /// of any entry's title, body (drafts too), tag, emotion label or file name, or 32 bytes in a
    /// row of any picture. Six bytes are at most six characters, so this is stricter than "a run of
    /// six characters". The public files are checked to be exactly the unlock page's, which are
    /// made of the keys' public values and fixed text (that shares common words with any diary).
    private func assertNothingLeaks(from root: URL, keys: SiteKeys, hasDraft: Bool,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let diary = DiaryReader(root: root).read(.init(includeDrafts: true)).diary
        XCTAssertEqual(diary.entries.contains(where: \.isDraft), hasDraft, "the diary has a draft", file: file, line: line)
        var texts: [String] = diary.config.emotions.map(\.label) + [diary.config.title]
        var pictures: Set<String> = []
        for entry in diary.entries {
            texts += [entry.title, entry.body.text, entry.body.footnoteText, Self.fileName(entry.sourcePath)] + entry.tags
            for image in entry.images {
                texts += [Self.fileName(image.sourcePath), image.alt, image.caption ?? ""]
                pictures.insert(image.sourcePath)
            }
        }
        var words = Set<UInt64>()
        for text in texts { for window in Self.windows(Array(text.utf8), length: 6) { words.insert(window) } }
        var pictureRuns = Set<[UInt8]>()
        var pictureStarts = Set<UInt64>()
        for path in pictures {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
            XCTAssertGreaterThan(bytes.count, 32, path, file: file, line: line)
            for start in 0...(bytes.count - 32) {
                pictureRuns.insert(Array(bytes[start..<start + 32]))
                pictureStarts.insert(Self.word(bytes, at: start, length: 8))
            }
        }

        let output = try filesBelow(root.appendingPathComponent("Output"))
        XCTAssertGreaterThan(output.count, 20, file: file, line: line)
        let publicFiles = try Self.publicFiles(of: root, keys: keys)
        for (path, data) in output {
            let bytes = [UInt8](data)
            if path == OfflineSite.workerPath {
                // The worker's code, after a line with the version and the public files only (the unlock page's and the generic 404).
                let text = String(decoding: bytes, as: UTF8.self)
                XCTAssertTrue(text.wholeMatch(of: try Regex(#"var DAYBOOK_OFFLINE = \{"shell":\["","unlock.js","unlock.css","404.html"\],"version":"[0-9a-f]{16}"\};\n"#
                                                             + "(?s:.*)")) != nil && text.hasSuffix(OfflineWorker.published), path,
                              file: file, line: line)
                continue
            }
            if let expected = publicFiles[path] {
                XCTAssertEqual(bytes, expected, path, file: file, line: line)
                continue
            }
            XCTAssertTrue(path.hasPrefix("x/") && path.hasSuffix(".bin"), path, file: file, line: line)
            for (name, haystack) in [("path", Array(path.utf8)), ("content", bytes)] {
                if let found = Self.windows(haystack, length: 6).first(where: words.contains) {
                    XCTFail("\(path): its \(name) holds diary text \(Self.describe(found))", file: file, line: line)
                }
            }
            guard bytes.count >= 32 else { continue }
            for start in 0...(bytes.count - 32) where pictureStarts.contains(Self.word(bytes, at: start, length: 8)) {
                if pictureRuns.contains(Array(bytes[start..<start + 32])) {
                    XCTFail("\(path) holds 32 bytes of a picture at \(start)", file: file, line: line)
                    break
                }
            }
        }
    }

    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    /// Every run of `length` (at most 8) bytes, each as a number.
    private static func windows(_ bytes: [UInt8], length: Int) -> [UInt64] {
        guard bytes.count >= length else { return [] }
        return (0...(bytes.count - length)).map { word(bytes, at: $0, length: length) }
    }

    private static func word(_ bytes: [UInt8], at start: Int, length: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[start..<start + length] { value = value << 8 | UInt64(byte) }
        return value
    }

    private static func describe(_ word: UInt64) -> String {
        let bytes = (0..<6).reversed().map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) }
        return "'\(String(decoding: bytes, as: UTF8.self))'"
    }
}
