import XCTest

/// Readers of the published files' structure, to assert what they hold by parsing them, and writers
/// that add metadata blocks to a file libvips encoded.
enum JPEGFile {
    struct Segment {
        var marker: UInt8
        var payload: [UInt8]

        /// The identifier an APPn segment starts with ("Exif", "http://ns.adobe.com/xap/1.0/",
        /// "Photoshop 3.0", "ICC_PROFILE"), up to its NUL.
        var identifier: String {
            String(decoding: payload.prefix { $0 != 0 }.prefix(40), as: UTF8.self)
        }
    }

    /// Every marker segment of the file in order, scans skipped, up to the end-of-image marker.
    static func segments(_ bytes: [UInt8]) throws -> [Segment] {
        XCTAssertEqual(Array(bytes.prefix(2)), [0xFF, 0xD8], "not a JPEG")
        var segments: [Segment] = []
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { throw StructureError("no marker at \(index)") }
            let marker = bytes[index + 1]
            index += 2
            if marker == 0xD9 { return segments }
            if marker == 0xFF || (0xD0...0xD7).contains(marker) { continue }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            segments.append(Segment(marker: marker, payload: Array(bytes[index + 2..<index + length])))
            index += length
            if marker == 0xDA {  // entropy-coded data runs to the next marker that is not a restart
                while index + 1 < bytes.count
                        && !(bytes[index] == 0xFF && bytes[index + 1] != 0 && !(0xD0...0xD7).contains(bytes[index + 1])) {
                    index += 1
                }
            }
        }
        throw StructureError("no end-of-image marker")
    }

    /// The file with these segments inserted just after its start-of-image marker.
    static func inserting(_ segments: [Segment], into bytes: [UInt8]) -> [UInt8] {
        var result = Array(bytes.prefix(2))
        for segment in segments {
            result += [0xFF, segment.marker] + be16(UInt16(segment.payload.count + 2)) + segment.payload
        }
        return result + bytes.dropFirst(2)
    }

    /// The stored pixel size, from the start-of-frame segment.
    static func frameSize(_ bytes: [UInt8]) throws -> (width: Int, height: Int, components: Int) {
        guard let frame = try segments(bytes).first(where: { [0xC0, 0xC1, 0xC2].contains($0.marker) }) else {
            throw StructureError("no start-of-frame segment")
        }
        let payload = frame.payload
        return (Int(payload[3]) << 8 | Int(payload[4]), Int(payload[1]) << 8 | Int(payload[2]), Int(payload[5]))
    }
}

enum PNGFile {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks a picture needs, plus pHYs (pixels per metre: no information about anyone).
    /// Anything else (text, eXIf, iCCP, tIME…) is metadata.
    static let pixelChunks: Set<String> = ["IHDR", "PLTE", "tRNS", "pHYs", "IDAT", "IEND"]

    /// Every chunk in order, each one's CRC checked.
    static func chunks(_ bytes: [UInt8]) throws -> [Chunk] {
        guard Array(bytes.prefix(8)) == signature else { throw StructureError("not a PNG") }
        var chunks: [Chunk] = []
        var index = 8
        while index + 12 <= bytes.count {
            let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let typeAndData = Array(bytes[index + 4..<index + 8 + length])
            let stored = bytes[index + 8 + length..<index + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard stored == crc32(typeAndData) else { throw StructureError("bad CRC") }
            chunks.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self), data: Array(typeAndData.dropFirst(4))))
            index += 12 + length
        }
        return chunks
    }

    /// The file with these chunks inserted just after IHDR.
    static func inserting(_ chunks: [Chunk], into bytes: [UInt8]) -> [UInt8] {
        let afterHeader = 8 + 25
        var result = Array(bytes.prefix(afterHeader))
        for chunk in chunks {
            let typeAndData = Array(chunk.type.utf8) + chunk.data
            result += be32(UInt32(chunk.data.count)) + typeAndData + be32(crc32(typeAndData))
        }
        return result + bytes.dropFirst(afterHeader)
    }

    /// IHDR's colour type: 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    static func colourType(_ bytes: [UInt8]) throws -> UInt8 {
        try XCTUnwrap(chunks(bytes).first { $0.type == "IHDR" }).data[9]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

enum GIFFile {
    struct Contents {
        var width: Int
        var height: Int
        var frames: Int
        /// Graphic control extensions' delays, in hundredths of a second.
        var delays: [Int]
        /// Other extensions: "comment", "plain text", or an application's identifier ("NETSCAPE2.0").
        var otherExtensions: [String]
    }

    static func contents(_ bytes: [UInt8]) throws -> Contents {
        guard bytes.starts(with: Array("GIF8".utf8)), bytes.count > 13 else { throw StructureError("not a GIF") }
        var contents = Contents(width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8,
                                frames: 0, delays: [], otherExtensions: [])
        var index = 13 + tableSize(bytes[10])
        while index < bytes.count {
            switch bytes[index] {
            case 0x3B:
                return contents
            case 0x21:
                let label = bytes[index + 1]
                let body = index + 2
                switch label {
                case 0xF9: contents.delays.append(Int(bytes[body + 2]) | Int(bytes[body + 3]) << 8)
                case 0xFE: contents.otherExtensions.append("comment")
                case 0x01: contents.otherExtensions.append("plain text")
                case 0xFF: contents.otherExtensions.append(String(decoding: bytes[body + 1..<body + 12], as: UTF8.self))
                default: contents.otherExtensions.append("extension \(label)")
                }
                index = try skipSubBlocks(bytes, from: body)
            case 0x2C:
                contents.frames += 1
                index = try skipSubBlocks(bytes, from: index + 10 + tableSize(bytes[index + 9]) + 1)
            default:
                throw StructureError("unexpected block \(bytes[index])")
            }
        }
        throw StructureError("no trailer")
    }

    private static func tableSize(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 7) + 1)
    }

    private static func skipSubBlocks(_ bytes: [UInt8], from start: Int) throws -> Int {
        var index = start
        while index < bytes.count {
            let length = Int(bytes[index])
            index += 1 + length
            if length == 0 { return index }
        }
        throw StructureError("sub-blocks run past the end")
    }
}

struct StructureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
