import Foundation
import XCTest
@testable import Pictures

final class PictureLibraryTests: XCTestCase {
    private var diary = ""
    private var cacheFolder = ""

    override func setUpWithError() throws {
        diary = try temporaryFolder(self)
        cacheFolder = "\(diary)/.daybook/pictures"
    }

    /// A small photo of its own colour, written into the diary; its path.
    @discardableResult
    private func photo(_ name: String, tint: UInt8) throws -> String {
        let path = "\(diary)/\(name)"
        let pixels = TestPictures.Pixels.photo(width: 400, height: 300, top: (tint, 90, 60), bottom: (60, tint, 90))
        try write(try TestPictures.encode(pixels, as: ".jpg"), to: path)
        return path
    }

    private func library(_ settings: PictureSettings = PictureSettings()) -> PictureLibrary {
        PictureLibrary(cacheFolder: cacheFolder, settings: settings, workers: 2)
    }

    private func pictures(_ results: [Result<CachedPicture, PictureError>]) throws -> [CachedPicture] {
        try results.map { try $0.get() }
    }

    // MARK: - Decoding only what is new

    func testRebuildDecodesNothingAndGivesTheSameFiles() throws {
        let paths = try (0..<3).map { try photo("photo-\($0).jpg", tint: UInt8(100 + $0 * 40)) }
        let first = library()
        let built = try pictures(first.prepare(paths))
        XCTAssertEqual(first.processor.decodeCount, 3)

        let second = library()
        let rebuilt = try pictures(second.prepare(paths))

        XCTAssertEqual(second.processor.decodeCount, 0)
        XCTAssertEqual(rebuilt, built)
        XCTAssertEqual(Set(built.map(\.key)).count, 3)
    }

    func testAddedPhotoIsTheOnlyOneDecoded() throws {
        var paths = try (0..<3).map { try photo("photo-\($0).jpg", tint: UInt8(100 + $0 * 40)) }
        _ = library().prepare(paths)
        paths.insert(try photo("new.jpg", tint: 250), at: 1)

        let next = library()
        let results = try pictures(next.prepare(paths))

        XCTAssertEqual(next.processor.decodeCount, 1)
        XCTAssertEqual(results.count, 4)
    }

    func testEditedPictureIsDecodedAgain() throws {
        let path = try photo("photo.jpg", tint: 100)
        let before = try pictures(library().prepare([path]))
        try photo("photo.jpg", tint: 200)

        let next = library()
        let after = try pictures(next.prepare([path]))

        XCTAssertEqual(next.processor.decodeCount, 1)
        XCTAssertNotEqual(after[0].key, before[0].key)
    }

    func testSameBytesUnderTwoNamesAreDecodedOnce() throws {
        let original = try photo("a.jpg", tint: 120)
        let copies = try (0..<5).map { index -> String in
            let copy = "\(diary)/copy-\(index).jpg"
            try FileManager.default.copyItem(atPath: original, toPath: copy)
            return copy
        }
        let library = library()

        let results = try pictures(library.prepare([original] + copies))

        XCTAssertEqual(library.processor.decodeCount, 1)
        XCTAssertEqual(Set(results), [results[0]])
    }

    func testChangedSettingsDecodeAgain() throws {
        let path = try photo("photo.jpg", tint: 100)
        _ = library().prepare([path])

        let smaller = library(PictureSettings(maxSize: 200))
        let result = try pictures(smaller.prepare([path]))

        XCTAssertEqual(smaller.processor.decodeCount, 1)
        XCTAssertEqual([result[0].display.width, result[0].display.height], [200, 150])
    }

    func testLostHashFileCostsHashingButNoDecoding() throws {
        let paths = try (0..<2).map { try photo("photo-\($0).jpg", tint: UInt8(100 + $0 * 90)) }
        _ = library().prepare(paths)
        try FileManager.default.removeItem(atPath: "\(cacheFolder)/sources")

        let next = library()
        XCTAssertEqual(try pictures(next.prepare(paths)).count, 2)
        XCTAssertEqual(next.processor.decodeCount, 0)
    }

    func testFileWithUnchangedSizeTimeAndInodeIsNotReadAgain() throws {
        let path = try photo("photo.jpg", tint: 100)
        let before = try pictures(library().prepare([path]))
        // Overwrite in place with other bytes of the same length, then put the time back: what the
        // hash file trusts (as make and rsync do) says nothing changed.
        var original = stat()
        XCTAssertEqual(stat(path, &original), 0)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 2000)
        try handle.write(contentsOf: Data(repeating: 0x55, count: 100))
        try handle.close()
        let times = [original.st_atim, original.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, times, 0), 0)

        let next = library()
        let after = try pictures(next.prepare([path]))

        XCTAssertEqual(next.processor.decodeCount, 0)
        XCTAssertEqual(after, before)
    }

    // MARK: - Errors

    func testBadPicturesAreErrorsAndTheOthersArePublished() throws {
        let good = try photo("good.jpg", tint: 100)
        let truncated = "\(diary)/truncated.jpg"
        let whole = try Array(Data(contentsOf: URL(fileURLWithPath: good)))
        try write(Array(whole.prefix(whole.count / 2)), to: truncated)
        let text = "\(diary)/notes.jpg"
        try write(Array("not a picture".utf8), to: text)
        let library = library()

        let results = library.prepare([truncated, good, "\(diary)/missing.jpg", text, diary])

        XCTAssertEqual(results.map { (try? $0.get()) == nil }, [true, false, true, true, true])
        XCTAssertEqual(results.compactMap { result -> String? in
            guard case .failure(let error) = result else { return nil }
            return error.message
        }, [
            "picture is truncated: the jpeg file ends before the picture does",
            "cannot read picture: no such file or directory",
            "not a picture daybook can read (expected jpeg, png, gif, webp, heic, heif, avif or svg)",
            "cannot read picture: not a file",
        ])
        XCTAssertEqual(library.processor.decodeCount, 1)
    }

    // MARK: - The cache folder

    func testCachedFilesAreTheProcessedRenditions() throws {
        let path = try photo("photo.jpg", tint: 100)
        let source = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let processed = try PictureProcessor().process(source)

        let cached = try pictures(library().prepare([path]))[0]

        XCTAssertEqual(cached.files.map { [$0.width, $0.height] }, processed.renditions.map { [$0.width, $0.height] })
        XCTAssertEqual(try cached.files.map { try $0.bytes() }, processed.renditions.map(\.bytes))
        XCTAssertEqual(cached.files.map(\.fileExtension), ["jpg", "jpg"])
        XCTAssertEqual(cached.file(atLeast: 300).width, 320)
        XCTAssertEqual(cached.file(atLeast: 321).width, 400)
    }

    func testRemoveUnusedKeepsOnlyWhatThisBuildUsed() throws {
        let kept = try photo("kept.jpg", tint: 100)
        let dropped = try photo("dropped.jpg", tint: 200)
        let old = try pictures(library().prepare([kept, dropped]))
        try write(Array("mine".utf8), to: "\(cacheFolder)/notes.txt")

        let next = library()
        _ = next.prepare([kept])
        next.removeUnused()

        XCTAssertTrue(FileManager.default.fileExists(atPath: old[0].display.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old[1].display.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(cacheFolder)/notes.txt"), "not the cache's: left alone")
        let remembered = try String(contentsOfFile: "\(cacheFolder)/sources", encoding: .utf8)
        XCTAssertEqual(remembered.split(separator: "\n").map { $0.split(separator: " ").last! }, [Substring(kept)])
    }
}
