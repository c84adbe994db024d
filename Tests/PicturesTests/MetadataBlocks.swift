/// Metadata built by hand, the way cameras and editors write it, to be added to test pictures.
enum MetadataBlocks {
    /// A TIFF/EXIF value.
    enum Value {
        case ascii(String)
        case short(UInt16)
        case long(UInt32)
        case rationals([(UInt32, UInt32)])
        case undefined([UInt8])
    }

    typealias Directory = [(tag: UInt16, value: Value)]

    /// A little-endian TIFF structure: IFD0 with pointers to an EXIF directory and a GPS directory.
    static func tiff(main: Directory, exif: Directory, gps: Directory) -> [UInt8] {
        let pointers: Directory = [(0x8769, .long(0)), (0x8825, .long(0))]
        let mainSize = directory(main + pointers, at: 8).count
        let exifOffset = 8 + mainSize
        let gpsOffset = exifOffset + directory(exif, at: exifOffset).count
        let linked = main + [(0x8769, .long(UInt32(exifOffset))), (0x8825, .long(UInt32(gpsOffset)))]
        return Array("II".utf8) + le16(42) + le32(8)
            + directory(linked, at: 8) + directory(exif, at: exifOffset) + directory(gps, at: gpsOffset)
    }

    /// A camera's EXIF: maker and model, a serial number, a date, GPS position, the orientation given,
    /// and a maker note (a vendor's private block: often the serial number again, and more).
    static func cameraEXIF(orientation: UInt16) -> [UInt8] {
        tiff(
            main: [(0x010F, .ascii("TestCam")), (0x0110, .ascii("Model X")), (0x0112, .short(orientation))],
            exif: [(0x9003, .ascii("2025:10:20 09:30:00")),
                   (0x927C, .undefined(Array("MAKERNOTE serial=SN-PRIVATE-4711".utf8) + [0, 1, 2, 3])),
                   (0xA431, .ascii("SN-PRIVATE-4711"))],
            gps: [(0x0001, .ascii("N")), (0x0002, .rationals([(37, 1), (33, 1), (1234, 100)])),
                  (0x0003, .ascii("E")), (0x0004, .rationals([(126, 1), (58, 1), (4321, 100)]))])
    }

    /// An XMP packet with a position and a creator tool.
    static let xmp = Array("""
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="37,33.2N" \
        exif:GPSLongitude="126,58.7E"/></rdf:RDF></x:xmpmeta>
        """.utf8)

    /// A Photoshop resource block holding IPTC: a caption naming a place.
    static var photoshopIPTC: [UInt8] {
        let caption = Array("Home, 12 Secret Street".utf8)
        var iptc: [UInt8] = [0x1C, 0x02, 0x78] + be16(UInt16(caption.count)) + caption
        if iptc.count % 2 == 1 { iptc.append(0) }
        return Array("Photoshop 3.0\0".utf8) + Array("8BIM".utf8) + [0x04, 0x04, 0x00, 0x00] + be32(UInt32(iptc.count)) + iptc
    }

    /// An ICC profile whose red, green and blue are sRGB's green, red and blue: a pixel stored as
    /// pure red means green. Converting to sRGB must turn it green; ignoring the profile leaves it red.
    static var channelSwappingProfile: [UInt8] {
        func s15(_ value: Double) -> [UInt8] { be32(UInt32(bitPattern: Int32((value * 65536).rounded()))) }
        func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + s15(x) + s15(y) + s15(z) }
        let curve = Array("curv".utf8) + [0, 0, 0, 0] + be32(0)  // no entries: linear
        let text = Array("swapped\0".utf8)
        let description = Array("desc".utf8) + [0, 0, 0, 0] + be32(UInt32(text.count)) + text + [UInt8](repeating: 0, count: 78)
        let tags: [(String, [UInt8])] = [
            ("desc", description), ("wtpt", xyz(0.9642, 1.0, 0.8249)),
            ("rXYZ", xyz(0.3851, 0.7169, 0.0971)), ("gXYZ", xyz(0.4361, 0.2225, 0.0139)),
            ("bXYZ", xyz(0.1431, 0.0606, 0.7141)), ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        var table: [UInt8] = be32(UInt32(tags.count))
        var data: [UInt8] = []
        let dataStart = 128 + 4 + 12 * tags.count
        for (signature, body) in tags {
            let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
            table += Array(signature.utf8) + be32(UInt32(dataStart + data.count)) + be32(UInt32(padded.count))
            data += padded
        }
        var header = be32(UInt32(128 + table.count + data.count)) + Array("none".utf8) + be32(0x0210_0000)
        header += Array("mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 12) + Array("acsp".utf8)
        header += [UInt8](repeating: 0, count: 24) + be32(0) + s15(0.9642) + s15(1.0) + s15(0.8249)
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return header + table + data
    }

    // MARK: - Layout

    private static func directory(_ entries: Directory, at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var table = le16(UInt16(sorted.count))
        var data: [UInt8] = []
        let dataStart = offset + 2 + 12 * sorted.count + 4
        for (tag, value) in sorted {
            let (type, count, bytes) = encode(value)
            table += le16(tag) + le16(type) + le32(count)
            if bytes.count <= 4 {
                table += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
            } else {
                table += le32(UInt32(dataStart + data.count))
                data += bytes + (bytes.count % 2 == 1 ? [0] : [])
            }
        }
        return table + le32(0) + data
    }

    private static func encode(_ value: Value) -> (type: UInt16, count: UInt32, bytes: [UInt8]) {
        switch value {
        case .ascii(let text): return (2, UInt32(text.utf8.count + 1), Array(text.utf8) + [0])
        case .short(let number): return (3, 1, le16(number))
        case .long(let number): return (4, 1, le32(number))
        case .rationals(let values): return (5, UInt32(values.count), values.flatMap { le32($0.0) + le32($0.1) })
        case .undefined(let bytes): return (7, UInt32(bytes.count), bytes)
        }
    }
}

func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
func be32(_ value: UInt32) -> [UInt8] { be16(UInt16(value >> 16)) + be16(UInt16(value & 0xFFFF)) }
