/// Recognises a picture by its first bytes, never by its file name: a `.jpg` that is really a PNG is a PNG.
enum FormatSniffer {
    /// What the first bytes say: a format Daybook reads, another picture format it names in its
    /// message, or nothing it recognises.
    enum Verdict: Equatable {
        case accepted(PictureFormat)
        case refused(name: String)
        case unknown
    }

    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        if starts(bytes, with: [0xFF, 0xD8, 0xFF]) { return .accepted(.jpeg) }
        if starts(bytes, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .accepted(.png) }
        if starts(bytes, with: Array("GIF87a".utf8)) || starts(bytes, with: Array("GIF89a".utf8)) { return .accepted(.gif) }
        if starts(bytes, with: Array("RIFF".utf8)) && starts(bytes, with: Array("WEBP".utf8), at: 8) { return .accepted(.webp) }
        if starts(bytes, with: Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: bytes[min(8, bytes.count)..<min(12, bytes.count)], as: UTF8.self)
            return heifBrands.contains(brand) ? .accepted(.heif) : .refused(name: "'\(brand)' media file")
        }
        if looksLikeSVG(bytes) { return .accepted(.svg) }
        for (signature, name) in otherFormats where starts(bytes, with: signature) { return .refused(name: name) }
        return .unknown
    }

    /// Brands of the ISO base media files libheif decodes: HEIC/HEIF stills and sequences, AVIF.
    private static let heifBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "avif", "avis",
    ]

    /// Picture formats people have that Daybook does not publish, named in the error.
    private static let otherFormats: [([UInt8], String)] = [
        (Array("BM".utf8), "bmp"),
        ([0x49, 0x49, 0x2A, 0x00], "tiff"),
        ([0x4D, 0x4D, 0x00, 0x2A], "tiff"),
        (Array("%PDF".utf8), "pdf"),
        (Array("8BPS".utf8), "photoshop (psd)"),
        ([0xFF, 0x0A], "jpeg xl"),
        ([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20], "jpeg xl"),
        ([0x00, 0x00, 0x01, 0x00], "icon (ico)"),
    ]

    private static func starts(_ bytes: UnsafeRawBufferPointer, with prefix: [UInt8], at offset: Int = 0) -> Bool {
        guard bytes.count >= offset + prefix.count else { return false }
        for (index, byte) in prefix.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// An XML text whose beginning holds an `<svg` element: what librsvg will be asked to read.
    private static func looksLikeSVG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = starts(bytes, with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let head = bytes[start..<min(bytes.count, 4096)]
        guard head.first(where: { !isSpace($0) }) == UInt8(ascii: "<") else { return false }
        let marker = Array("<svg".utf8)
        guard head.count >= marker.count else { return false }
        return (head.startIndex...(head.endIndex - marker.count)).contains { offset in
            marker.indices.allSatisfy { head[offset + $0] == marker[$0] }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
