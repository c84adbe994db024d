/// Writes an address into an HTML attribute exactly as cmark-gfm writes a link or image address:
/// letters, digits and `!#$%()*+,-./:;=?@_~` stay, `&` and `'` become entities, every other
/// byte (UTF-8 of non-ASCII characters included) becomes `%XX`.
enum HrefEscaping {
    /// Appends `url`, escaped, to `output`.
    static func append(_ url: String, to output: inout [UInt8]) {
        var url = url
        url.withUTF8 { bytes in
            for byte in bytes {
                if isSafe[Int(byte)] {
                    output.append(byte)
                } else if byte == UInt8(ascii: "&") {
                    output.append(contentsOf: "&amp;".utf8)
                } else if byte == UInt8(ascii: "'") {
                    output.append(contentsOf: "&#x27;".utf8)
                } else {
                    output.append(UInt8(ascii: "%"))
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static let isSafe: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%()*+,-./:;=?@_~".utf8).contains(byte)
        }
    }
}
