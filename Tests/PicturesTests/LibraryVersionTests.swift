import CLibraryLoader
import CVips
import XCTest
@testable import Pictures

/// The rule the loaders of libvips and libcrypto apply (CLibraryLoader.h), and the cache key that
/// follows the libvips release actually opened.
final class LibraryVersionTests: XCTestCase {
    private func refusal(found: String, built: String) -> String? {
        var message = [CChar](repeating: 0, count: 512)
        let found = LibraryVersion(found)!.c, built = LibraryVersion(built)!.c
        return daybook_library_version_refusal("libvips", found, built, &message, message.count).map { String(cString: $0) }
    }

    // MARK: - The rule

    func testTheHeadersOwnReleaseIsAccepted() {
        XCTAssertNil(refusal(found: "8.14.1", built: "8.14.1"))
    }

    func testNewerMicroAndMinorReleasesOfTheSameSonameAreAccepted() {
        XCTAssertNil(refusal(found: "8.14.2", built: "8.14.1"))
        XCTAssertNil(refusal(found: "8.15.0", built: "8.14.1"))
        XCTAssertNil(refusal(found: "8.16.3", built: "8.14.1"))
    }

    func testOlderReleaseIsRefusedWithAMessageNamingBoth() {
        XCTAssertEqual(refusal(found: "8.14.0", built: "8.14.1"),
                       "found libvips 8.14.0, but daybook was built with libvips 8.14.1 and needs 8.14.1 or newer of 8.x "
                       + "(install a newer one, or build daybook again against the one you have)")
        XCTAssertNotNil(refusal(found: "8.13.9", built: "8.14.1"))
    }

    func testAnotherMajorVersionIsRefusedEvenWhenNewer() {
        XCTAssertEqual(refusal(found: "9.0.0", built: "8.14.1")?.contains("install one of that major version"), true)
        XCTAssertNotNil(refusal(found: "7.99.0", built: "8.14.1"))
    }

    // MARK: - The cache key

    func testCacheKeyNamesTheLibvipsReleaseThatMakesThePictures() {
        let settings = PictureSettings()
        XCTAssertNotEqual(PictureLibrary.settingsKey(settings, libvips: "8.14.1"), PictureLibrary.settingsKey(settings, libvips: "8.14.2"))
        XCTAssertEqual(PictureLibrary.settingsKey(settings, libvips: "8.14.1"), PictureLibrary.settingsKey(settings, libvips: "8.14.1"))
    }

    func testPicturesAreKeyedByTheLibvipsOpenedNotByTheHeaders() throws {
        let diary = try temporaryFolder(self)
        let path = "\(diary)/photo.png"
        try write(try TestPictures.encode(TestPictures.Pixels.photo(width: 40, height: 30, top: (200, 90, 60), bottom: (60, 200, 90)),
                                          as: ".png"), to: path)
        let library = PictureLibrary(cacheFolder: "\(diary)/.daybook/pictures", workers: 1)
        let picture = try library.prepare([path])[0].get()
        let loaded = try XCTUnwrap(VipsRuntime.loadedVersion)
        XCTAssertEqual(picture.key.settings, PictureLibrary.settingsKey(PictureSettings(), libvips: loaded))
    }

    // MARK: - The record of the loader's choice

    func testRecordIsTrustedWhileTheLoadersChoiceIsUnchangedAndTheReleaseAccepted() throws {
        try VipsRuntime.start()
        let path = try XCTUnwrap(daybook_vips_loaded_path().map { String(cString: $0) })
        let now = LibvipsRecord.signature(of: path)
        XCTAssertTrue(LibvipsRecord(version: VipsRuntime.builtVersion, path: path, signature: now).isCurrent)
        XCTAssertTrue(LibvipsRecord(version: "8.99.0", path: path, signature: now).isCurrent, "a newer release is accepted")
        XCTAssertFalse(LibvipsRecord(version: "8.0.0", path: path, signature: now).isCurrent, "an older release is not")
        XCTAssertFalse(LibvipsRecord(version: VipsRuntime.builtVersion, path: path, signature: now + "x").isCurrent,
                       "the file, the loader's cache or the search path changed")
        XCTAssertNotEqual(LibvipsRecord.signature(of: "/nowhere/libvips.so.42"), now, "a library gone")
    }

    func testRecordReadsBackWhatItWrites() throws {
        let folder = try temporaryFolder(self)
        let record = LibvipsRecord(version: "8.14.1", path: "/lib/libvips.so.42", signature: "1:2:3:4 - LD_LIBRARY_PATH=")
        try write(Array(record.text.utf8), to: "\(folder)/libvips")
        XCTAssertEqual(LibvipsRecord(contentsOf: "\(folder)/libvips"), record)
        try write(Array("not a version\n\n\n".utf8), to: "\(folder)/libvips")
        XCTAssertNil(LibvipsRecord(contentsOf: "\(folder)/libvips"))
    }
}

