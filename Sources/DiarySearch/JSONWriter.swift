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
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
