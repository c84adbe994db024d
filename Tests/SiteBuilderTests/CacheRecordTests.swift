import BuildSupport
import DaybookTestSupport
import DiaryFiles
import DiaryModel
import DiaryReader
import DiarySearch
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
@testable import SiteEncryption
import XCTest

/// Each file of the build cache is one record behind one header: what a build saves reads back
/// as it was, and a file cut short, run on, damaged, of another version or of another file's
/// name reads as nothing.
final class CacheRecordTests: XCTestCase {
    func testEveryRecordABuildSavesReadsBackAsSavedAndNothingElseDoes() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        // Entry files older than the racy window: their readings are stamped, and their versions kept.
        let content = root.appendingPathComponent("Content")
        for case let file as URL in FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil) ?? .init() {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: file.path)
        }
        var options = SiteBuilder.Options()
        options.folderSettling = 0
        try buildSite(root, options: options)
        // A nothing-changed build stamps the output's folders.
        try buildSite(root, options: options)
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))

        let pages = try XCTUnwrap(cache.read(SavedPageSignatures.self))
        XCTAssertGreaterThan(pages.signatures.count, 10)
        try assertRecordRoundTrips(pages, in: cache)
        let versions = try XCTUnwrap(cache.read(SavedEntryVersions.self))
        XCTAssertGreaterThan(versions.count, 0)
        try assertRecordRoundTrips(versions, in: cache)
        let inputs = try XCTUnwrap(cache.read(SavedInputs.self))
        XCTAssertGreaterThan(inputs.entryCount, 0)
        try assertRecordRoundTrips(inputs, in: cache)
        let sources = try XCTUnwrap(cache.read(EntrySources.self))
        XCTAssertGreaterThan(sources.pathsByID.count, 0)
        try assertRecordRoundTrips(sources, in: cache)
        let stamps = try XCTUnwrap(cache.read(FolderStamps.self))
        XCTAssertTrue(stamps.complete != nil || !stamps.byFolder.isEmpty)
        try assertRecordRoundTrips(stamps, in: cache)
        let memory = try XCTUnwrap(cache.read(ListingMemory.self))
        XCTAssertFalse(memory.isEmpty)
        try assertRecordRoundTrips(memory, in: cache)
        try assertRecordRoundTrips(try XCTUnwrap(cache.read(TreeSnapshot.self)), in: cache)
        let search = try XCTUnwrap(cache.read(SearchIndexState.self))
        XCTAssertEqual(search.entryVersions.count, sources.pathsByID.count)
        // Its arrays keep their order: the same state writes the same bytes.
        try assertRecordRoundTrips(search, in: cache) { $0.encoded() == $1.encoded() }
    }

    func testRecordsWithHashesAboveInt64MaxReadBackAsWritten() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))
        let large = UInt64(Int64.max) + 12_345

        var signatures = PageSignatureTable()
        signatures["index.html"] = large
        signatures["2025/11/01/first-snow/index.html"] = 7
        try assertRecordRoundTrips(SavedPageSignatures(signatures: signatures, plan: nil), in: cache)
        let planned = (0..<3).map { position in
            PlannedPage(.notFound, .entry(position), title: "\(position)", entries: [position])
        }
        let plan = SavedPagePlan(pages: planned, shapeKey: large, context: .init(global: .max, templates: ["entry.html": large]),
                                 versions: [large, 1, .max])
        try assertRecordRoundTrips(SavedPageSignatures(signatures: signatures, plan: plan), in: cache)

        try assertRecordRoundTrips(SavedInputs(fingerprint: InputFingerprint(listing: large, recentFiles: ["Content/하루.md"], recentContent: .max),
                                               entryCount: 3, pageCount: 40, pictureFilesKey: large, entrySourcesKey: .max - 1), in: cache)
        try assertRecordRoundTrips(FolderStamps(byFolder: [large: FolderStamp(inode: .max, modified: 1_700_000_000_000_000_000),
                                                           3: FolderStamp(inode: 9, modified: 0)]), in: cache)
        var complete = CompleteFolders(manifest: FileIdentity(inode: large, size: 2_048, modified: 5), fileCount: 3)
        Array("".utf8).withUnsafeBytes { complete.append(path: $0, stamp: FolderStamp(inode: .max, modified: 8), names: FileNames(count: 2, sum: large)) }
        Array("2025/11".utf8).withUnsafeBytes { complete.append(path: $0, stamp: nil, names: FileNames(count: 1, sum: 3)) }
        try assertRecordRoundTrips(FolderStamps(complete: complete), in: cache)
    }

    func testTheEncryptionRecordsReadBackAsWritten() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))
        try assertRecordRoundTrips(SavedEncryption(salt: Array(1...16), check: Array(repeating: 0xAB, count: 32)), in: cache)
        try assertRecordRoundTrips(PublishedAddresses(keyID: [9, 8, 7], byPublishedPath: ["x/ab/cdef.bin": "index.html",
                                                                                         "x/01/2345.bin": "search/words-0.json"]), in: cache)
        let slots = KeySlots(keyID: Array(1...16), slots: [
            KeySlot(id: "0a1b2c3d", kind: .password(salt: Array(repeating: 1, count: 16), iterations: 600_000), wrapped: Array(repeating: 2, count: 60)),
            KeySlot(id: "4e5f6a7b", kind: .recovery(salt: Array(repeating: 3, count: 16)), wrapped: Array(repeating: 4, count: 60)),
            KeySlot(id: "8c9d0e1f", kind: .passkey(credential: Array(1...40), salt: Array(repeating: 5, count: 32)), wrapped: Array(repeating: 6, count: 60)),
        ])
        try assertRecordRoundTrips(KeySlotRecord(published: slots, notes: ["4e5f6a7b": .init(label: "종이 in the drawer", added: 1_767_000_000),
                                                                         "8c9d0e1f": .init(label: "phone", added: nil)]), in: cache)
        // A salt of another length is not one.
        var writer = BinaryWriter()
        writer.write(rawBytes: Array(1...15))
        writer.write(rawBytes: [1])
        XCTAssertNil(SavedEncryption(decoding: writer.bytes))
    }

    /// The record of the key slots holds what no build can make again (their labels and dates), so
    /// a Daybook that changes the cache's format still reads it: its header keeps a version of its own.
    func testTheRecordOfTheKeySlotsKeepsItsOwnFormatVersionWhateverTheCaches() throws {
        XCTAssertEqual(BuildCache.version(of: .keySlots), 1)
        XCTAssertEqual(BuildCache.version(of: .entries), BuildCache.formatVersion)
        XCTAssertNotEqual(BuildCache.formatVersion, 1)
        var header = BinaryReader(BuildCache.header(of: .keySlots))
        XCTAssertEqual(header.string(), "daybook-cache")
        XCTAssertEqual(header.int(), 1)
    }

    func testAnEntryCacheSavedUnderAnotherVersionIsNotLoaded() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let cache = BuildCache(root: root, output: root.appendingPathComponent("Output"))
        let loaded = BuildState.load(from: cache) { $0 }.1
        let entries = try XCTUnwrap(loaded)
        XCTAssertGreaterThan(entries.count, 0)

        let path = URL(fileURLWithPath: cache.path(of: .entries))
        let saved = [UInt8](try Data(contentsOf: path))
        let header = BuildCache.header(of: .entries)
        XCTAssertEqual(Array(saved.prefix(header.count)), header)
        let body = Array(saved.dropFirst(header.count))
        XCTAssertNotNil(EntryCache(decoding: body), "one header: the entry cache's bytes follow it")
        try Data(BuildCache.header(of: .entries, version: BuildCache.formatVersion - 1) + body).write(to: path)
        XCTAssertNil(BuildState.load(from: cache) { $0 }.1)
    }

    // MARK: - Helpers

    private func assertRecordRoundTrips<Record: CacheRecord & Equatable>(_ record: Record, in cache: BuildCache,
                                                                         file: StaticString = #filePath, line: UInt = #line) throws {
        try assertRecordRoundTrips(record, in: cache, file: file, line: line, same: ==)
    }

    /// Saves `record`, reads it back, then saves its file's bytes spoilt in each way and finds it refused.
    private func assertRecordRoundTrips<Record: CacheRecord>(_ record: Record, in cache: BuildCache,
                                                             file: StaticString = #filePath, line: UInt = #line,
                                                             same: (Record, Record) -> Bool) throws {
        try cache.write(record)
        let name = "\(Record.self)"
        XCTAssertTrue(cache.read(Record.self).map { same($0, record) } == true, "\(name) reads back as written", file: file, line: line)
        let path = URL(fileURLWithPath: cache.path(of: Record.file))
        let header = BuildCache.header(of: Record.file)
        let body = Array([UInt8](try Data(contentsOf: path)).dropFirst(header.count))
        XCTAssertTrue(Record(decoding: body).map { same($0, record) } == true, "\(name): one header, then the record",
                      file: file, line: line)

        func read(_ bytes: [UInt8]) throws -> Record? {
            try Data(bytes).write(to: path)
            return cache.read(Record.self)
        }
        XCTAssertNil(try read(header + body.dropLast()), "\(name) cut short", file: file, line: line)
        XCTAssertNil(try read(header + body + [0]), "\(name) with a byte more", file: file, line: line)
        XCTAssertNil(try read(header + [UInt8](repeating: 0xFF, count: body.count)), "\(name) damaged", file: file, line: line)
        XCTAssertNil(try read(BuildCache.header(of: Record.file, version: BuildCache.formatVersion - 1) + body),
                     "\(name) of another version", file: file, line: line)
        let otherFile = try XCTUnwrap(BuildCache.File.allCases.first { $0 != Record.file })
        XCTAssertNil(try read(BuildCache.header(of: otherFile) + body), "\(name) under another file's name", file: file, line: line)
        // Cut anywhere: a sample of places, every one for a small record.
        for count in Set(stride(from: 0, to: body.count, by: max(1, body.count / 97))).union([body.count - 1]).sorted() {
            XCTAssertNil(Record(decoding: Array(body.prefix(count))), "\(name) cut to \(count) bytes", file: file, line: line)
        }
    }
}
