/// Appends text to a UTF-8 buffer with `& < > " '` replaced by entities, so the text is safe
/// both between tags and inside quoted attribute values. Runs without special characters are
/// copied in bulk.
enum HTMLEscaper {
    /// Appends `text` escaped to `output`.
    @inline(__always)
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in append(bytes, to: &output) }
    }

    /// Appends `bytes` escaped to `output`.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            let byte = base[index]
            // Every special character is below 0x3F, so most bytes leave after one comparison.
            if byte < 0x3F, let entity = entity(for: byte) {
                if index > runStart {
                    output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                }
                output.append(contentsOf: entity)
                runStart = index + 1
            }
            index += 1
        }
        if count > runStart {
            output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
    }

    /// `text` escaped, as a String.
    static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @inline(__always)
    private static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        default: return nil
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the bytes of a static string.
    @inline(__always)
    mutating func append(contentsOf text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of a string in one copy.
    @inline(__always)
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
