/// A cursor over the JSON that `JSONWriter` writes (strings with `\"`, `\\`, `\n` and `\u00XX`
/// escapes, arrays of strings, objects, no white space), for reading back the index's files.
/// Anything else fails (nil or false), which only means a full build.
struct JSONReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    mutating func string() -> String? {
        var text: [UInt8] = []
        return scanString { text.append($0) } ? String(decoding: text, as: UTF8.self) : nil
    }

    /// Reads past a string as `string()` reads it, handing each of its bytes (escapes undone) to
    /// `keep`; false when there is none or it is malformed. A value that is only copied is
    /// scanned without being made into a string: a heavy key's is tens of kilobytes.
    private mutating func scanString(_ keep: (UInt8) -> Void) -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return true
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return false }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): keep(escaped)
                case UInt8(ascii: "n"): keep(0x0A)
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "0"), bytes[position + 1] == UInt8(ascii: "0"),
                          let high = Self.hexDigit(bytes[position + 2]), let low = Self.hexDigit(bytes[position + 3]) else { return false }
                    keep(high << 4 | low)
                    position += 4
                default: return false
                }
            default:
                keep(byte)
            }
        }
        return false
    }

    /// An array of strings.
    mutating func strings() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var strings: [String] = []
        if take(UInt8(ascii: "]")) { return strings }
        repeat {
            guard let string = string() else { return nil }
            strings.append(string)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? strings : nil
    }

    /// An object whose values are strings or arrays of strings, each given as an array.
    mutating func object() -> [String: [String]]? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var object: [String: [String]] = [:]
        if take(UInt8(ascii: "}")) { return object }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
            if position < bytes.count, bytes[position] == UInt8(ascii: "[") {
                guard let values = strings() else { return nil }
                object[key] = values
            } else {
                guard let value = string() else { return nil }
                object[key] = [value]
            }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? object : nil
    }

    /// The bytes of one value (a string or an array of strings), undecoded.
    mutating func valueBytes() -> [UInt8]? {
        let start = position
        if take(UInt8(ascii: "[")) {
            if !take(UInt8(ascii: "]")) {
                repeat {
                    guard scanString({ _ in }) else { return nil }
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { return nil }
            }
        } else {
            guard scanString({ _ in }) else { return nil }
        }
        return Array(bytes[start..<position])
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
