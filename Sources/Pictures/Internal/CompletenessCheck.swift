import Foundation

/// Tells whether a file holds its whole picture by walking the format's structure (segments,
/// chunks, blocks, boxes) without decoding a pixel. A copy or download cut short is the commonest
/// damage, and a JPEG decoder only warns about it and shows grey where the picture should be.
///
/// Anything else that looks wrong is left to the decoder: it is tolerant where browsers are.
enum CompletenessCheck {
    static func isTruncated(_ format: PictureFormat, _ bytes: UnsafeRawBufferPointer) -> Bool {
        switch format {
        case .jpeg: return !jpegReachesEnd(bytes)
        case .png: return !pngReachesEnd(bytes)
        case .gif: return !gifReachesEnd(bytes)
        case .webp: return !webpReachesEnd(bytes)
        case .heif: return !boxesReachEnd(bytes)
        case .svg: return false  // the XML parser finds an unclosed document
        }
    }

    // MARK: - JPEG: the end-of-image marker after the last scan

    private static func jpegReachesEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Most files end with the marker (some with zero padding): no need to walk.
        var end = bytes.count
        while end > 0 && bytes[end - 1] == 0 { end -= 1 }
        if end >= 4 && bytes[end - 2] == 0xFF && bytes[end - 1] == 0xD9 { return true }
        // Others carry data after it (phones append their own records): walk to the marker.
        var index = 2
        while let marker = nextMarker(in: bytes, from: &index) {
            switch marker {
            case 0xD9:
                return true
            case 0x01, 0xD0...0xD7:
                continue
            default:
                guard index + 2 <= bytes.count else { return false }
                index += Int(bytes[index]) << 8 | Int(bytes[index + 1])
                if marker == 0xDA { skipEntropyCodedData(in: bytes, from: &index) }
            }
        }
        return false
    }

    /// The marker at or after `index` (skipping stray bytes and fill bytes, as decoders do), with
    /// `index` left just after it; nil at the end of the file.
    private static func nextMarker(in bytes: UnsafeRawBufferPointer, from index: inout Int) -> UInt8? {
        while index < bytes.count {
            guard bytes[index] == 0xFF else { index += 1; continue }
            guard index + 1 < bytes.count else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            index += 2
            if marker != 0x00 { return marker }
        }
        return nil
    }

    /// Moves `index` to the first marker that ends a scan: 0xFF followed by anything but a stuffed
    /// zero or a restart marker.
    private static func skipEntropyCodedData(in bytes: UnsafeRawBufferPointer, from index: inout Int) {
        guard let base = bytes.baseAddress else { return }
        while index < bytes.count - 1 {
            guard let found = memchr(base + index, 0xFF, bytes.count - 1 - index) else {
                index = bytes.count
                return
            }
            index = base.distance(to: UnsafeRawPointer(found))
            let next = bytes[index + 1]
            if next != 0x00 && !(0xD0...0xD7).contains(next) && next != 0xFF { return }
            index += next == 0xFF ? 1 : 2
        }
        index = bytes.count
    }

    // MARK: - PNG: chunks up to IEND

    private static func pngReachesEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 8
        while index + 12 <= bytes.count {
            let length = Int(readBigEndian32(bytes, at: index))
            let isEnd = bytes[index + 4] == UInt8(ascii: "I") && bytes[index + 5] == UInt8(ascii: "E")
                && bytes[index + 6] == UInt8(ascii: "N") && bytes[index + 7] == UInt8(ascii: "D")
            index += 12 + length
            if isEnd { return index <= bytes.count }
        }
        return false
    }

    // MARK: - GIF: blocks up to the trailer

    /// A file that stops cleanly after its last frame, without the trailer byte, is complete:
    /// browsers show such files, and some encoders write them.
    private static func gifReachesEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 13 else { return false }
        var index = 13 + colourTableSize(flags: bytes[10])
        while index < bytes.count {
            switch bytes[index] {
            case 0x3B:
                return true
            case 0x21:
                index += 2
                guard skipSubBlocks(in: bytes, from: &index) else { return false }
            case 0x2C:
                guard index + 10 < bytes.count else { return false }
                index += 10 + colourTableSize(flags: bytes[index + 9]) + 1
                guard skipSubBlocks(in: bytes, from: &index) else { return false }
            default:
                return true  // not a block: the decoder decides what it makes of it
            }
        }
        return index == bytes.count
    }

    private static func colourTableSize(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// Skips data sub-blocks up to their zero-length terminator; false when the file ends first.
    private static func skipSubBlocks(in bytes: UnsafeRawBufferPointer, from index: inout Int) -> Bool {
        while index < bytes.count {
            let length = Int(bytes[index])
            index += 1 + length
            if length == 0 { return true }
        }
        return false
    }

    // MARK: - WebP: the RIFF container's declared size

    private static func webpReachesEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 12 else { return false }
        let declared = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        return 8 + declared <= bytes.count
    }

    // MARK: - HEIF and AVIF: top-level boxes

    private static func boxesReachEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index + 8 <= bytes.count {
            var size = Int(readBigEndian32(bytes, at: index))
            if size == 0 { return true }  // the last box runs to the end of the file
            if size == 1 {
                guard index + 16 <= bytes.count else { return false }
                let large = UInt64(readBigEndian32(bytes, at: index + 8)) << 32 | UInt64(readBigEndian32(bytes, at: index + 12))
                guard large <= UInt64(Int.max) else { return false }
                size = Int(large)
            }
            guard size >= 8 else { return true }  // malformed: the decoder decides
            index += size
        }
        return index == bytes.count
    }

    private static func readBigEndian32(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }
}
