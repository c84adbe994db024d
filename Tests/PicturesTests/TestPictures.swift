import CVips
import XCTest
@testable import Pictures

/// Real pictures made for the tests with libvips: synthetic photographs (gradients with grain, so
/// they compress like photos), and the same with metadata added by hand.
enum TestPictures {
    /// Raw 8-bit pixels, row by row, `bands` values per pixel.
    struct Pixels {
        var width: Int
        var height: Int
        var bands: Int
        var values: [UInt8]

        /// A photograph-like picture: smooth colour gradients and a little grain. `top` and
        /// `bottom` tint the upper and lower halves, so a turn of the picture can be seen.
        static func photo(width: Int, height: Int, top: (UInt8, UInt8, UInt8) = (200, 60, 40),
                          bottom: (UInt8, UInt8, UInt8) = (40, 70, 200)) -> Pixels {
            // One row of grain reused with a shift per row: quick even for 12 megapixels in a debug build.
            var grain = [UInt8](repeating: 0, count: width * 3 + 64)
            var state: UInt32 = 0x9E37_79B9
            for index in grain.indices {
                state = state &* 1_664_525 &+ 1_013_904_223
                grain[index] = UInt8(truncatingIfNeeded: state >> 24) & 0x0F
            }
            var values = [UInt8](repeating: 0, count: width * height * 3)
            values.withUnsafeMutableBufferPointer { output in
                for y in 0..<height {
                    let tint = y < height / 2 ? top : bottom
                    let shade = UInt8(truncatingIfNeeded: (y * 40) / max(1, height))
                    let row = y * width * 3
                    let shift = (y * 7) % 64
                    for x in 0..<width {
                        let light = UInt8(truncatingIfNeeded: (x * 40) / max(1, width))
                        let pixel = row + x * 3
                        output[pixel] = tint.0 &+ light &- shade &+ grain[shift + x * 3]
                        output[pixel + 1] = tint.1 &+ light &+ grain[shift + x * 3 + 1]
                        output[pixel + 2] = tint.2 &+ shade &+ grain[shift + x * 3 + 2]
                    }
                }
            }
            return Pixels(width: width, height: height, bands: 3, values: values)
        }

        /// One colour everywhere.
        static func solid(width: Int, height: Int, _ colour: [UInt8]) -> Pixels {
            var values: [UInt8] = []
            values.reserveCapacity(width * height * colour.count)
            for _ in 0..<(width * height) { values.append(contentsOf: colour) }
            return Pixels(width: width, height: height, bands: colour.count, values: values)
        }

        /// The pixel at (x, y).
        subscript(x: Int, y: Int) -> [UInt8] {
            let start = (y * width + x) * bands
            return Array(values[start..<start + bands])
        }
    }

    /// Encodes pixels with libvips; `suffix` names the format and its options (".jpg[Q=90]").
    /// `setUp` may add metadata to the image first.
    static func encode(_ pixels: Pixels, as suffix: String, interpretation: DaybookVipsInterpretation? = nil,
                       setUp: (OpaquePointer) -> Void = { _ in }) throws -> [UInt8] {
        XCTAssertNil(VipsRuntime.startFailure)
        let colours = interpretation ?? (pixels.bands >= 3 ? DAYBOOK_VIPS_INTERPRETATION_sRGB : DAYBOOK_VIPS_INTERPRETATION_B_W)
        let image = try XCTUnwrap(pixels.values.withUnsafeBytes { buffer in
            daybook_vips_image_from_pixels(buffer.baseAddress, buffer.count, Int32(pixels.width),
                                           Int32(pixels.height), Int32(pixels.bands), colours)
        })
        defer { daybook_vips_image_unref(image) }
        setUp(image)
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard daybook_vips_write_to_buffer(image, suffix, &buffer, &length) == 0, let buffer else {
            throw PictureError(.unavailable(VipsRuntime.takeError() ?? "cannot encode \(suffix)"))
        }
        defer { daybook_vips_free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// Frames stacked one above the other, saved as an animated GIF with `delay` milliseconds each.
    static func animatedGIF(_ frames: [Pixels], delay: Int) throws -> [UInt8] {
        let first = frames[0]
        let stacked = Pixels(width: first.width, height: first.height * frames.count, bands: first.bands,
                             values: frames.flatMap(\.values))
        return try encode(stacked, as: ".gif") { image in
            daybook_vips_image_set_int(image, "page-height", Int32(first.height))
            let delays = [Int32](repeating: Int32(delay), count: frames.count)
            daybook_vips_image_set_array_int(image, "delay", delays, Int32(delays.count))
            daybook_vips_image_set_int(image, "loop", 0)
        }
    }

    /// Decodes published bytes back into pixels, to look at them.
    static func decode(_ bytes: [UInt8]) throws -> Pixels {
        try bytes.withUnsafeBytes { buffer in
            let image = try XCTUnwrap(daybook_vips_header(buffer.baseAddress, buffer.count, ""),
                                      VipsRuntime.takeError() ?? "cannot decode")
            defer { daybook_vips_image_unref(image) }
            var size = 0
            let memory = try XCTUnwrap(daybook_vips_write_to_memory(image, &size))
            defer { daybook_vips_free(memory) }
            XCTAssertEqual(daybook_vips_image_get_format(image), DAYBOOK_VIPS_FORMAT_UCHAR)
            return Pixels(width: Int(daybook_vips_image_get_width(image)), height: Int(daybook_vips_image_get_height(image)),
                          bands: Int(daybook_vips_image_get_bands(image)),
                          values: [UInt8](UnsafeRawBufferPointer(start: memory, count: size)))
        }
    }
}

/// Colours compared with the tolerance of lossy encoding.
func XCTAssertColour(_ actual: [UInt8], near expected: [UInt8], tolerance: Int = 40,
                     _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.count, expected.count, message, file: file, line: line)
    for (a, e) in zip(actual, expected) where abs(Int(a) - Int(e)) > tolerance {
        XCTFail("colour \(actual) is not near \(expected) \(message)", file: file, line: line)
        return
    }
}

/// A folder of its own under the system's temporary folder, deleted after the test.
func temporaryFolder(_ test: XCTestCase) throws -> String {
    let path = NSTemporaryDirectory() + "daybook-pictures-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}
