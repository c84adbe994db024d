/// Appends text to a UTF-8 buffer with `& < > " '` replaced by entities, so the text is safe
/// both between tags and inside quoted attribute values. Runs without special characters are
/// copied in bulk.
enum HTMLEscaper {
    /// Appends `text` escaped to `output`.
    @inline(__always)
    static func append(_ text: String, to output: inout OutputBuffer) {
        var text = text
        text.withUTF8 { bytes in append(bytes, to: &output) }
    }

    /// Appends `bytes` escaped to `output`.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout OutputBuffer) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            // Most text has nothing to escape: skip it eight bytes at a time, and look at single
            // bytes only in a group that holds a special one, and in the last few.
            let groupEnd = min(index + 8, count)
            if groupEnd - index == 8, !hasSpecialByte(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index = groupEnd
                continue
            }
            while index < groupEnd {
                if let entity = entity(for: base[index]) {
                    if index > runStart {
                        output.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                    }
                    output.append(entity)
                    runStart = index + 1
                }
                index += 1
            }
        }
        if count > runStart {
            output.append(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
    }

    /// `text` escaped, as a String.
    static func escape(_ text: String) -> String {
        var output = OutputBuffer(capacity: text.utf8.count + 16)
        append(text, to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// Whether any of the eight bytes in `word` is `& < > " '`: each comparison turns a match into
    /// a zero byte, and `(x - 0x01…) & ~x & 0x80…` is non-zero exactly when `x` has a zero byte.
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let found = zeroBytes(word ^ (ones &* 0x26)) | zeroBytes(word ^ (ones &* 0x3C)) | zeroBytes(word ^ (ones &* 0x3E))
            | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x27))
        return found != 0
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
