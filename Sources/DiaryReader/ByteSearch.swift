import Foundation

/// Literal byte search and replace for ASCII patterns in UTF-8 text.
enum ByteSearch {
    /// Whether `pattern` occurs in `bytes`.
    static func contains(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstMatch(of: pattern, in: bytes, from: 0) != nil
    }

    /// `bytes` with every `pattern` replaced by `replacement`, or nil when a match has a non-ASCII
    /// byte right before or after it, where a character-aware search could decide otherwise.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var result: [UInt8] = []
        var copied = 0
        var start = 0
        while let match = firstMatch(of: pattern, in: bytes, from: start) {
            let end = match + pattern.count
            if (match > 0 && bytes[match - 1] >= 0x80) || (end < bytes.count && bytes[end] >= 0x80) { return nil }
            if result.isEmpty { result.reserveCapacity(bytes.count + 64) }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<match]))
            result.append(contentsOf: replacement)
            copied = end
            start = end
        }
        guard copied > 0 else { return String(decoding: bytes, as: UTF8.self) }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return String(decoding: result, as: UTF8.self)
    }

    /// Where `pattern` first occurs in `bytes` at or after `start`. The C library's `memchr` finds
    /// each candidate first byte, many bytes at a time (every entry's HTML is searched for
    /// footnotes and pictures).
    static func firstMatch(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = pattern.first, let base = bytes.baseAddress, start >= 0, start + pattern.count <= bytes.count else { return nil }
        let last = bytes.count - pattern.count
        var index = start
        while index <= last {
            guard let found = memchr(base + index, Int32(first), last + 1 - index) else { return nil }
            index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            var offset = 1
            while offset < pattern.count && bytes[index + offset] == pattern[offset] { offset += 1 }
            if offset == pattern.count { return index }
            index += 1
        }
        return nil
    }
}
