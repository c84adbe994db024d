/// A picture's size in pixels, read from the first bytes of a PNG, JPEG, GIF or WebP file,
/// so pages can reserve the space before the picture loads.
public struct ImageSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size in `header` (the start of the file; 64 KB is plenty for JPEG), or nil.
    public static func read(_ header: [UInt8]) -> ImageSize? {
        let reader = ByteReader(header)
        if reader.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return size(reader.uint32BE(at: 16), reader.uint32BE(at: 20))
        }
        if reader.starts(with: Array("GIF8".utf8)) {
            return size(reader.uint16LE(at: 6), reader.uint16LE(at: 8))
        }
        if reader.starts(with: Array("RIFF".utf8)), reader.matches(Array("WEBP".utf8), at: 8) {
            return webP(reader)
        }
        if reader.starts(with: [0xFF, 0xD8]) {
            return jpeg(reader)
        }
        return nil
    }

    private static func size(_ width: Int?, _ height: Int?) -> ImageSize? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return ImageSize(width: width, height: height)
    }

    private static func webP(_ reader: ByteReader) -> ImageSize? {
        if reader.matches(Array("VP8X".utf8), at: 12) {
            return size(reader.uint24LE(at: 24).map { $0 + 1 }, reader.uint24LE(at: 27).map { $0 + 1 })
        }
        if reader.matches(Array("VP8L".utf8), at: 12), let bits = reader.uint32LE(at: 21) {
            return size((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if reader.matches(Array("VP8 ".utf8), at: 12) {
            return size(reader.uint16LE(at: 26).map { $0 & 0x3FFF }, reader.uint16LE(at: 28).map { $0 & 0x3FFF })
        }
        return nil
    }

    /// Walks the JPEG segments to the first start-of-frame marker.
    private static func jpeg(_ reader: ByteReader) -> ImageSize? {
        var offset = 2
        while let marker = reader.byte(at: offset), marker == 0xFF, let kind = reader.byte(at: offset + 1) {
            if kind == 0xFF { offset += 1; continue }
            let isFrame = (0xC0...0xCF).contains(kind) && kind != 0xC4 && kind != 0xC8 && kind != 0xCC
            if isFrame { return size(reader.uint16BE(at: offset + 7), reader.uint16BE(at: offset + 5)) }
            guard let length = reader.uint16BE(at: offset + 2), length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }
}

private struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func byte(at offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

    func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        offset + pattern.count <= bytes.count && Array(bytes[offset..<offset + pattern.count]) == pattern
    }

    func uint16BE(at offset: Int) -> Int? {
        guard let a = byte(at: offset), let b = byte(at: offset + 1) else { return nil }
        return Int(a) << 8 | Int(b)
    }

    func uint16LE(at offset: Int) -> Int? {
        guard let a = byte(at: offset), let b = byte(at: offset + 1) else { return nil }
        return Int(b) << 8 | Int(a)
    }

    func uint24LE(at offset: Int) -> Int? {
        guard let low = uint16LE(at: offset), let high = byte(at: offset + 2) else { return nil }
        return Int(high) << 16 | low
    }

    func uint32BE(at offset: Int) -> Int? {
        guard let high = uint16BE(at: offset), let low = uint16BE(at: offset + 2) else { return nil }
        return high << 16 | low
    }

    func uint32LE(at offset: Int) -> Int? {
        guard let low = uint16LE(at: offset), let high = uint16LE(at: offset + 2) else { return nil }
        return high << 16 | low
    }
}
