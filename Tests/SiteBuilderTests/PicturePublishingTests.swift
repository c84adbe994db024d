import DaybookTestSupport
import DiaryCorpus
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

/// Pictures as the site publishes them (SPEC §8, §9): processed, thumbnails on small images,
/// nothing of the original file, errors at the line that names a bad picture.
final class PicturePublishingTests: XCTestCase {
    private func diary(picture: Data, named name: String = "photo.png", body: String = "A walk.") throws -> URL {
        let root = try copyOfFixture("english-subpath", test: self)
        try picture.write(to: root.appendingPathComponent("Content/notes/\(name)"))
        try """
        ---
        date: 2025-07-06T09:00:00Z
        emotion: calm
        images:
          - src: \(name)
            alt: A field
        ---
        \(body)
        """.write(to: root.appendingPathComponent("Content/notes/2025-07-06-field.md"), atomically: true, encoding: .utf8)
        return root
    }

    private func page(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Output/\(path)"), encoding: .utf8)
    }

    func testSmallImagesShowThumbnailsAndOnlyTheEntryPageLinksTheDisplayVersion() throws {
        let root = try diary(picture: SolidPNG.make(width: 2000, height: 1000, red: 90, green: 160, blue: 60))
        try buildSite(root)
        let display = "/diary/images/2025-07-06-field_image_1.png"
        let files = try filesBelow(root.appendingPathComponent("Output"))
        XCTAssertNotNil(files["images/2025-07-06-field_image_1.png"])
        XCTAssertNotNil(files["images/2025-07-06-field_image_1-320.png"])
        XCTAssertNotNil(files["images/2025-07-06-field_image_1-720.png"])
        XCTAssertNotNil(files["images/2025-07-06-field_image_1-1280.png"])
        let thumbnails = #"src="/diary/images/2025-07-06-field_image_1-320.png" srcset="/diary/images/2025-07-06-field_image_1-320.png 320w, "#
            + #"/diary/images/2025-07-06-field_image_1-720.png 720w, /diary/images/2025-07-06-field_image_1-1280.png 1280w""#
        for path in ["index.html", "gallery/index.html", "2025/07/06/index.html", "archive/index.html"] {
            let html = try page(root, path)
            XCTAssertTrue(html.contains(thumbnails), path)
            XCTAssertTrue(html.contains(#"width="320" height="160" loading="lazy""#), path)
            XCTAssertFalse(attributeValues(named: "src", in: html).contains(display), "\(path) loads the display version")
            XCTAssertFalse(attributeValues(named: "srcset", in: html).contains { $0.contains(display + " ") }, "\(path) offers the display version")
        }
        let entry = try page(root, "2025/07/06/field/index.html")
        XCTAssertTrue(entry.contains(#"<a href="\#(display)"><img src="/diary/images/2025-07-06-field_image_1-320.png""#))
    }

    func testASrcsetAddressHasItsSpacesAndCommasEscapedAndNothingElse() {
        XCTAssertEqual(PublishedPictures.srcsetAddress("/my diary,2/images/가 b.webp"), "/my%20diary%2C2/images/가%20b.webp")
        XCTAssertEqual(PublishedPictures.srcsetAddress("/diary/images/a-320.png"), "/diary/images/a-320.png")
        XCTAssertEqual(PublishedPictures.srcsetAddress(""), "")
    }

    func testOnlyFilesUnderImagesArePictureFiles() {
        for path in ["images/2025-10-04-1030-walk_image_1.jpg", "images/2025-10-04-1030-walk_image_1-640.webp", "images/x", "images/",
                     "images/일기_image_2.png"] {
            XCTAssertTrue(PublishedPictures.isPictureFile(path), path)
        }
        for path in ["image/x.jpg", "imagesx/a.jpg", "Images/a.jpg", "2025/images/a.jpg", "search/chunks/1.json", "images", "", "a"] {
            XCTAssertFalse(PublishedPictures.isPictureFile(path), path)
        }
    }

    func testAPictureTheBodyShowsIsNotRepeatedAsAFigure() throws {
        let root = try diary(picture: SolidPNG.make(width: 800, height: 600, red: 90, green: 160, blue: 60),
                             body: "Look: ![A field](photo.png)")
        try buildSite(root)
        let entry = try page(root, "2025/07/06/field/index.html")
        XCTAssertEqual(entry.components(separatedBy: "<img ").count - 1, 1, entry)
        // As wide as the column (up to its own width), from the thumbnails or, on its own page alone, the display version.
        let candidates = "/diary/images/2025-07-06-field_image_1-320.png 320w, /diary/images/2025-07-06-field_image_1-720.png 720w"
        XCTAssertTrue(entry.contains(#"<img src="/diary/images/2025-07-06-field_image_1-720.png" id="image-1" width="800" height="600" "#
            + #"srcset="\#(candidates), /diary/images/2025-07-06-field_image_1.png 800w" sizes="(max-width: 44rem) calc(100vw - 2rem), 42rem""#), entry)
        let day = try page(root, "2025/07/06/index.html")
        XCTAssertTrue(day.contains(#"<img src="/diary/images/2025-07-06-field_image_1-720.png" width="720" height="540" srcset="\#(candidates)""#), day)
        XCTAssertFalse(entry.contains("<figure"))
    }

    func testADamagedPictureIsAnErrorAtTheLineThatNamesItAndTheOutputIsUntouched() throws {
        let root = try copyOfFixture("english-subpath", test: self)
        try buildSite(root)
        let before = try filesBelow(root.appendingPathComponent("Output"))
        let whole = SolidPNG.make(width: 300, height: 200, red: 1, green: 2, blue: 3)
        try whole.prefix(whole.count / 2).write(to: root.appendingPathComponent("Content/notes/lake.png"))
        let report = try SiteBuilder(root: root).build(.init())
        let problem = "error: 'Content/notes/lake.png' cannot be published: picture is truncated: the png file ends before the picture does"
        XCTAssertEqual(report.diagnostics.map(\.description), [
            "Content/notes/2025-07-04-fireworks.md:5:9: " + problem,  // its `images:` item
            "Content/notes/2025-07-05-tired.md:7:21: " + problem,  // its `![…](lake.png)`
        ])
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), before)
    }

    func testPublishedPicturesCarryNoMetadataAndNoSourceName() throws {
        let secret = "Canon EOS 5D serial 4417 GPS 37.5665N"
        let png = [UInt8](SolidPNG.make(width: 900, height: 700, red: 200, green: 100, blue: 50))
        let chunks = [("tEXt", Array("Comment\u{0}\(secret)".utf8)), ("eXIf", Array("MM\u{0}*\(secret)".utf8)),
                      ("iTXt", Array("XML:com.adobe.xmp\u{0}\u{0}\u{0}\u{0}\u{0}<x:xmpmeta>\(secret)</x:xmpmeta>".utf8))]
        // After the header chunk (8 bytes of signature, 25 of IHDR).
        var tagged = Array(png[..<33])
        for (kind, data) in chunks { tagged += PNGChunks.chunk(kind, data) }
        tagged += png[33...]
        let name = "holiday-at-grandmas-house.png"
        let root = try diary(picture: Data(tagged), named: name)
        try buildSite(root)
        let files = try filesBelow(root.appendingPathComponent("Output"))
        for (path, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(text.contains(secret), path)
            XCTAssertFalse(text.contains("holiday-at-grandmas-house"), path)
            XCTAssertFalse(path.contains("holiday"), path)
            if path.hasSuffix(".png") {
                let kinds = try PNGChunks.kinds([UInt8](bytes))
                // pHYs is the pixel density libvips writes: nothing about the picture's owner.
                XCTAssertEqual(Set(kinds).subtracting(["IHDR", "PLTE", "IDAT", "tRNS", "pHYs", "IEND"]), [], path)
            }
        }
    }
}

/// The gallery of the repository's own example diary (Content/, what `make run` builds).
final class GalleryBudgetTests: XCTestCase {
    /// A gallery cell is at most 160 CSS pixels wide (320 on a high-density screen), so it never needs
    /// more than a 320-pixel thumbnail. The example's pictures are lossless PNG drawings, and stay
    /// PNG (a drawing is not turned into a blurred JPEG): a 320×213 thumbnail of its busiest one
    /// (autumn leaves, all texture) is 61 KB, its simplest ones 1 KB. 25 KB a cell on average leaves
    /// room for that mix and fails when a display version or an original creeps back into the gallery
    /// (the byte copies it replaced made 157 KB for these 6 cells; thumbnails make 135 KB).
    static let bytesPerCell = 25_000

    func testTheExampleGalleryLoadsOnlyThumbnailsWithinItsBudget() throws {
        let repository = fixturesFolder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        for item in ["Content", "daybook.yml"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
        try buildSite(root)
        let output = root.appendingPathComponent("Output")
        let gallery = try String(contentsOf: output.appendingPathComponent("gallery/index.html"), encoding: .utf8)
        let sources = attributeValues(named: "src", in: gallery).filter { $0.hasPrefix("/images/") }
        XCTAssertEqual(sources.count, 6)
        var bytes = 0
        for source in sources {
            bytes += try Data(contentsOf: output.appendingPathComponent(String(source.dropFirst()))).count
        }
        XCTAssertLessThanOrEqual(bytes, sources.count * Self.bytesPerCell, "the gallery loads \(bytes) bytes of pictures")
    }
}

/// PNG chunks, read and written by hand: what a published PNG holds, and metadata to feed the build.
enum PNGChunks {
    static func kinds(_ bytes: [UInt8]) throws -> [String] {
        var kinds: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            kinds.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        guard offset == bytes.count else { throw CocoaError(.fileReadCorruptFile) }
        return kinds
    }

    static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(kind.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    private static func be32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
