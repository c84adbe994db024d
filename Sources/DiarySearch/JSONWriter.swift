/// Compact JSON written straight into bytes, in the order given: the index is large and its
/// output must be the same on every run.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    mutating func object<Item>(_ items: some Sequence<Item>, _ body: (inout JSONWriter, Item) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for item in items {
            if !first { separator() }
            first = false
            body(&self, item)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func array<Item>(_ items: some Sequence<Item>, _ body: (inout JSONWriter, Item) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { separator() }
            first = false
            body(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func separator() { bytes.append(UInt8(ascii: ",")) }

    mutating func number(_ value: Int) { bytes += Array(String(value).utf8) }

    /// Bytes that are already valid JSON.
    mutating func raw(_ json: [UInt8]) { bytes += json }

    /// A string whose bytes need no escaping (postings).
    mutating func rawString(_ text: [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes += text
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// A string given as its UTF-8 bytes: the runs that need no escaping are copied whole.
    mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var copiedUpTo = 0
        for (offset, byte) in text.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[copiedUpTo..<offset]))
            appendEscape(of: byte)
            copiedUpTo = offset + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[copiedUpTo...]))
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(of byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        }
    }
}
