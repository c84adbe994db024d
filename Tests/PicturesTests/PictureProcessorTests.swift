import CVips
import XCTest
@testable import Pictures

final class PictureProcessorTests: XCTestCase {
    private let processor = PictureProcessor()

    // MARK: - Metadata and orientation

    func testJPEGWithGPSOrientationAndMakerNoteIsPublishedUprightWithoutAnyMetadata() throws {
        // Stored 400×300 with its red half on top; orientation 6 means "turn a quarter clockwise to show".
        let stored = try TestPictures.encode(.photo(width: 400, height: 300), as: ".jpg[Q=90,strip]")
        let source = JPEGFile.inserting([
            .init(marker: 0xE1, payload: Array("Exif\0\0".utf8) + MetadataBlocks.cameraEXIF(orientation: 6)),
            .init(marker: 0xE1, payload: Array("http://ns.adobe.com/xap/1.0/\0".utf8) + MetadataBlocks.xmp),
            .init(marker: 0xED, payload: MetadataBlocks.photoshopIPTC),
            .init(marker: 0xFE, payload: Array("taken at home, 12 Secret Street".utf8)),
        ], into: stored)
        XCTAssertEqual(try JPEGFile.segments(source).filter { $0.marker == 0xE1 }.map(\.identifier),
                       ["Exif", "http://ns.adobe.com/xap/1.0/"])

        XCTAssertEqual(try processor.probe(source), PictureInfo(format: .jpeg, width: 300, height: 400, frameCount: 1, hasAlpha: false))
        let picture = try processor.process(source)

        for rendition in picture.renditions {
            XCTAssertEqual(rendition.format, .jpeg)
            let markers = try JPEGFile.segments(rendition.bytes).map(\.marker)
            XCTAssertFalse(markers.contains { (0xE1...0xEF).contains($0) }, "APP1 to APP15 (EXIF, XMP, ICC, IPTC…): \(markers)")
            XCTAssertFalse(markers.contains(0xFE), "a comment")
            XCTAssertLessThan(rendition.height, 401)
            XCTAssertEqual(rendition.width * 4, rendition.height * 3, "turned upright: portrait")
            let frame = try JPEGFile.frameSize(rendition.bytes)
            XCTAssertEqual([frame.width, frame.height], [rendition.width, rendition.height])
        }
        XCTAssertEqual([picture.display.width, picture.display.height], [300, 400], "never enlarged")
        XCTAssertEqual(picture.thumbnails.map(\.width), [], "no thumbnail as wide as the picture itself")

        // Turned clockwise: the stored top (red) is now on the right, the bottom (blue) on the left.
        let shown = try TestPictures.decode(picture.display.bytes)
        let right = shown[290, 200], left = shown[10, 200]
        XCTAssertGreaterThan(Int(right[0]), Int(right[2]) + 80, "red on the right: \(right)")
        XCTAssertGreaterThan(Int(left[2]), Int(left[0]) + 80, "blue on the left: \(left)")
    }

    func testPNGWithTextAndEXIFChunksIsPublishedWithoutThem() throws {
        let stored = try TestPictures.encode(.photo(width: 120, height: 90), as: ".png[strip]")
        let source = PNGFile.inserting([
            .init(type: "tEXt", data: Array("Comment\0at home, 12 Secret Street".utf8)),
            .init(type: "iTXt", data: Array("XML:com.adobe.xmp\0\0\0\0\0".utf8) + MetadataBlocks.xmp),
            .init(type: "eXIf", data: MetadataBlocks.cameraEXIF(orientation: 1)),
        ], into: stored)
        XCTAssertEqual(try PNGFile.chunks(source).prefix(4).map(\.type), ["IHDR", "tEXt", "iTXt", "eXIf"])

        let picture = try processor.process(source)

        XCTAssertEqual(picture.display.format, .png)
        XCTAssertEqual(Set(try PNGFile.chunks(picture.display.bytes).map(\.type)).subtracting(PNGFile.pixelChunks), [])
        XCTAssertEqual([picture.display.width, picture.display.height], [120, 90])
    }

    func testEmbeddedColourProfileIsConvertedToSRGB() throws {
        let stored = try TestPictures.encode(.solid(width: 64, height: 48, [255, 0, 0]), as: ".jpg[Q=95,strip]")
        let profile = MetadataBlocks.channelSwappingProfile
        let source = JPEGFile.inserting([.init(marker: 0xE2, payload: Array("ICC_PROFILE\0".utf8) + [1, 1] + profile)], into: stored)

        let picture = try processor.process(source)

        XCTAssertFalse(try JPEGFile.segments(picture.display.bytes).contains { $0.marker == 0xE2 }, "no profile left")
        XCTAssertColour(try TestPictures.decode(picture.display.bytes)[32, 24], near: [0, 255, 0])
    }

    func testCMYKJPEGIsPublishedInRGB() throws {
        let source = try TestPictures.encode(.solid(width: 64, height: 48, [0, 255, 255, 0]), as: ".jpg[Q=95,strip]",
                                             interpretation: DAYBOOK_VIPS_INTERPRETATION_CMYK)
        XCTAssertEqual(try JPEGFile.frameSize(source).components, 4)

        let picture = try processor.process(source)

        XCTAssertEqual(try JPEGFile.frameSize(picture.display.bytes).components, 3)
        let red = try TestPictures.decode(picture.display.bytes)[32, 24]
        XCTAssertGreaterThan(Int(red[0]), Int(red[1]) + 100, "magenta and yellow ink make red: \(red)")
    }

    // MARK: - Sizes

    func testTwelveMegapixelPhotoIsReducedToTheDisplaySizeAndThumbnails() throws {
        let source = try TestPictures.encode(.photo(width: 4000, height: 3000), as: ".jpg[Q=92]")

        let picture = try processor.process(source)

        XCTAssertEqual(picture.renditions.map { [$0.width, $0.height] }, [[320, 240], [720, 540], [1280, 960], [1600, 1200]])
        for rendition in picture.renditions {
            XCTAssertEqual(rendition.format, .jpeg)
            let frame = try JPEGFile.frameSize(rendition.bytes)
            XCTAssertEqual([frame.width, frame.height], [rendition.width, rendition.height])
        }
        XCTAssertLessThan(picture.display.bytes.count, source.count / 4)
    }

    func testThumbnailsOfATallPictureFollowItsWidth() throws {
        let source = try TestPictures.encode(.photo(width: 900, height: 2400), as: ".jpg")

        let picture = try processor.process(source)

        XCTAssertEqual(picture.renditions.map { [$0.width, $0.height] }, [[320, 853], [600, 1600]])
    }

    func testDisplaySizeFollowsTheSetting() throws {
        let source = try TestPictures.encode(.photo(width: 1000, height: 500), as: ".jpg")
        let small = PictureProcessor(settings: PictureSettings(maxSize: 400, thumbnailWidths: [100, 200, 400, 800]))

        let picture = try small.process(source)

        XCTAssertEqual(picture.renditions.map { [$0.width, $0.height] }, [[100, 50], [200, 100], [400, 200]])
    }

    // MARK: - Formats

    func testHEICIsPublishedAsJPEG() throws {
        let source = try TestPictures.encode(.photo(width: 256, height: 192), as: ".heic[Q=60]")
        XCTAssertEqual(String(decoding: source[4..<12], as: UTF8.self), "ftypheic")

        XCTAssertEqual(try processor.probe(source).format, .heif)
        let picture = try processor.process(source)

        XCTAssertEqual(picture.display.format, .jpeg)
        XCTAssertEqual([picture.display.width, picture.display.height], [256, 192])
        XCTAssertColour(try TestPictures.decode(picture.display.bytes)[128, 10], near: [215, 80, 50])
    }

    func testAVIFIsPublishedAsJPEG() throws {
        let source = try TestPictures.encode(.photo(width: 96, height: 64), as: ".avif[Q=60]")

        XCTAssertEqual(try processor.probe(source).format, .heif)
        let picture = try processor.process(source)

        XCTAssertEqual(picture.display.format, .jpeg)
        XCTAssertEqual([picture.display.width, picture.display.height], [96, 64])
    }

    func testWebPIsPublishedAsJPEGAndAsPNGWhenTransparent() throws {
        let opaque = try TestPictures.encode(.photo(width: 90, height: 60), as: ".webp")
        var pixels = TestPictures.Pixels.solid(width: 90, height: 60, [30, 120, 200, 255])
        for index in stride(from: 3, to: pixels.values.count / 2, by: 4) { pixels.values[index] = 0 }
        let transparent = try TestPictures.encode(pixels, as: ".webp[lossless]")

        XCTAssertEqual(try processor.process(opaque).display.format, .jpeg)
        let picture = try processor.process(transparent)
        XCTAssertEqual(picture.display.format, .png)
        XCTAssertEqual(try TestPictures.decode(picture.display.bytes)[45, 59], [30, 120, 200, 255])
        XCTAssertEqual(try TestPictures.decode(picture.display.bytes)[45, 0][3], 0)
    }

    func testAnAlphaChannelWithNoTransparentPixelIsDropped() throws {
        let pixels = TestPictures.Pixels.solid(width: 80, height: 60, [30, 120, 200, 255])
        let heic = try TestPictures.encode(pixels, as: ".heic")
        let png = try TestPictures.encode(pixels, as: ".png")
        XCTAssertTrue(try processor.probe(heic).hasAlpha)
        XCTAssertEqual(try PNGFile.colourType(png), 6)

        XCTAssertEqual(try processor.process(heic).display.format, .jpeg)
        let picture = try processor.process(png)
        XCTAssertEqual(picture.display.format, .png)
        XCTAssertEqual(try PNGFile.colourType(picture.display.bytes), 2, "RGB")
    }

    func testPNGWithTransparencyStaysPNGWithItsAlpha() throws {
        var pixels = TestPictures.Pixels.solid(width: 700, height: 400, [250, 200, 0, 255])
        for y in 0..<200 { for x in 0..<700 { pixels.values[(y * 700 + x) * 4 + 3] = 0 } }
        let source = try TestPictures.encode(pixels, as: ".png")

        let picture = try processor.process(source)

        XCTAssertEqual(picture.renditions.map(\.format), [.png, .png])
        XCTAssertEqual(picture.renditions.map(\.width), [320, 700], "no thumbnail as wide as the picture or wider")
        for rendition in picture.renditions {
            XCTAssertEqual(try PNGFile.colourType(rendition.bytes), 6, "RGBA")
            let shown = try TestPictures.decode(rendition.bytes)
            XCTAssertEqual(shown[5, 2][3], 0, "top half transparent")
            XCTAssertEqual(shown[5, shown.height - 3], [250, 200, 0, 255])
        }
    }

    func testSVGWithAScriptIsRasterisedToPNG() throws {
        let source = Array("""
            <?xml version="1.0"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
              <script>alert(document.cookie)</script>
              <rect width="200" height="100" fill="#2060c0"/>
              <circle cx="100" cy="50" r="30" fill="#f0c020" onload="alert(1)"/>
            </svg>
            """.utf8)

        XCTAssertEqual(try processor.probe(source).format, .svg)
        let picture = try processor.process(source)

        XCTAssertEqual(picture.display.format, .png)
        XCTAssertEqual(Set(try PNGFile.chunks(picture.display.bytes).map(\.type)).subtracting(PNGFile.pixelChunks), [])
        XCTAssertNil(String(decoding: picture.display.bytes, as: UTF8.self).range(of: "script"))
        XCTAssertEqual([picture.display.width, picture.display.height], [200, 100])
        let shown = try TestPictures.decode(picture.display.bytes)
        XCTAssertEqual(shown[100, 50], [240, 192, 32])
        XCTAssertEqual(shown[5, 5], [32, 96, 192])
    }

    func testAnimatedGIFStaysAnimatedAndItsThumbnailsAreItsFirstFrameStill() throws {
        let colours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255]]
        let source = try TestPictures.animatedGIF(colours.map { .solid(width: 400, height: 300, $0) }, delay: 100)
        let small = PictureProcessor(settings: PictureSettings(maxSize: 200, thumbnailWidths: [100]))

        let info = try small.probe(source)
        XCTAssertEqual([info.width, info.height, info.frameCount], [400, 300, 3])
        XCTAssertTrue(info.isAnimatedGIF)
        let picture = try small.process(source)

        XCTAssertEqual(picture.display.format, .gif)
        XCTAssertEqual([picture.display.width, picture.display.height], [200, 150])
        let animation = try GIFFile.contents(picture.display.bytes)
        XCTAssertEqual([animation.width, animation.height, animation.frames], [200, 150, 3])
        XCTAssertEqual(animation.delays, [10, 10, 10])
        XCTAssertEqual(animation.otherExtensions.filter { $0 != "NETSCAPE2.0" }, [], "no comment or other metadata")

        XCTAssertEqual(picture.thumbnails.map(\.format), [.jpeg])
        XCTAssertEqual(picture.thumbnails.map { [$0.width, $0.height] }, [[100, 75]])
        XCTAssertColour(try TestPictures.decode(picture.thumbnails[0].bytes)[50, 37], near: [255, 0, 0], tolerance: 8)
    }

    func testStillGIFBecomesPNGAndATransparentAnimationKeepsItsAlpha() throws {
        let still = try TestPictures.encode(.solid(width: 50, height: 40, [10, 20, 30]), as: ".gif")
        let clear = TestPictures.Pixels.solid(width: 50, height: 40, [0, 0, 0, 0])
        let animation = try TestPictures.animatedGIF([clear, .solid(width: 50, height: 40, [9, 9, 9, 255])], delay: 50)
        let small = PictureProcessor(settings: PictureSettings(thumbnailWidths: [20]))

        XCTAssertEqual(try small.process(still).renditions.map(\.format), [.png, .png])
        let picture = try small.process(animation)
        XCTAssertEqual(picture.renditions.map(\.format), [.png, .gif])
        let thumbnail = try TestPictures.decode(picture.thumbnails[0].bytes)
        XCTAssertEqual(Set(stride(from: 3, to: thumbnail.values.count, by: 4).map { thumbnail.values[$0] }), [0])
    }

    // MARK: - Errors

    func testTruncatedJPEGIsAnError() throws {
        let whole = try TestPictures.encode(.photo(width: 600, height: 400), as: ".jpg")
        let truncated = Array(whole.prefix(whole.count * 2 / 3))

        XCTAssertThrowsError(try processor.probe(truncated)) { error in
            XCTAssertEqual((error as? PictureError)?.reason, .truncated(.jpeg))
            XCTAssertEqual("\(error)", "picture is truncated: the jpeg file ends before the picture does")
        }
        XCTAssertThrowsError(try processor.process(truncated))
        XCTAssertEqual(processor.decodeCount, 0)
    }

    func testJPEGWithDataAfterItsEndIsWhole() throws {
        let whole = try TestPictures.encode(.photo(width: 60, height: 40), as: ".jpg")

        XCTAssertEqual(try processor.probe(whole + Array("SEFT trailer a phone appends".utf8)).width, 60)
    }

    func testTruncatedPNGGIFWebPAndHEICAreErrors() throws {
        let pixels = TestPictures.Pixels.photo(width: 120, height: 80)
        let formats: [(String, PictureFormat)] = [(".png", .png), (".gif", .gif), (".webp", .webp), (".heic", .heif)]
        for (suffix, format) in formats {
            let whole = try TestPictures.encode(pixels, as: suffix)
            XCTAssertEqual(try processor.probe(whole).format, format)
            XCTAssertThrowsError(try processor.probe(Array(whole.prefix(whole.count / 2))), suffix) { error in
                XCTAssertEqual((error as? PictureError)?.reason, .truncated(format))
            }
        }
    }

    func testDamagedJPEGHeaderIsAnErrorInLibvipsWords() throws {
        var damaged = try TestPictures.encode(.photo(width: 60, height: 40), as: ".jpg")
        let frame = try XCTUnwrap(damaged.indices.first { damaged[$0] == 0xFF && damaged[$0 + 1] == 0xC0 })
        damaged.replaceSubrange(frame + 5..<frame + 9, with: [0, 0, 0, 0])  // zero width and height

        XCTAssertThrowsError(try processor.probe(damaged)) { error in
            guard case .damaged(.jpeg, let detail)? = (error as? PictureError)?.reason else {
                return XCTFail("\(error)")
            }
            XCTAssertFalse(detail.isEmpty)
            XCTAssertEqual(detail.first?.isLowercase, true, detail)
            XCTAssertFalse(detail.hasSuffix("."), detail)
        }
    }

    func testFilesThatAreNotPicturesSayWhatTheyAre() {
        let cases: [([UInt8], PictureError.Reason)] = [
            ([], .empty),
            (Array("BM\u{0}\u{0}not really a bitmap".utf8), .unsupportedFormat("bmp")),
            ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .unsupportedFormat("tiff")),
            (Array("just some text, no picture".utf8), .unsupportedFormat(nil)),
        ]
        for (bytes, reason) in cases {
            XCTAssertThrowsError(try processor.probe(bytes)) { XCTAssertEqual(($0 as? PictureError)?.reason, reason) }
        }
        XCTAssertEqual(PictureError(.unsupportedFormat("bmp")).message,
                       "unsupported picture format: bmp (daybook reads jpeg, png, gif, webp, heic, heif, avif or svg)")
    }

    func testDecodersOfOtherFormatsAreBlocked() throws {
        let tiff = try TestPictures.encode(.photo(width: 40, height: 30), as: ".tif")
        let png = try TestPictures.encode(.photo(width: 40, height: 30), as: ".png")

        XCTAssertNil(tiff.withUnsafeBytes { daybook_vips_header($0.baseAddress, $0.count, "") })
        XCTAssertNotNil(VipsRuntime.takeError())
        let image = png.withUnsafeBytes { daybook_vips_header($0.baseAddress, $0.count, "") }
        XCTAssertNotNil(image)
        daybook_vips_image_unref(image)
    }

    func testPictureWithTooManyPixelsIsRefusedBeforeDecoding() throws {
        let source = try TestPictures.encode(.photo(width: 200, height: 150), as: ".png")
        let strict = PictureProcessor(settings: PictureSettings(maxPixels: 20_000))

        XCTAssertThrowsError(try strict.process(source)) { error in
            XCTAssertEqual((error as? PictureError)?.reason, .tooLarge(width: 200, height: 150, frames: 1, limit: 20_000))
        }
        XCTAssertEqual(strict.decodeCount, 0)
    }

    func testTheSameBytesGiveTheSameFiles() throws {
        let source = try TestPictures.encode(.photo(width: 800, height: 600), as: ".jpg")

        XCTAssertEqual(try processor.process(source), try processor.process(source))
        XCTAssertEqual(processor.decodeCount, 2)
    }
}
