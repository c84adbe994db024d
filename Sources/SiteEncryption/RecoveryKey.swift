/// A random 128-bit key that opens a recovery slot: what `daybook keys recovery` prints once, for
/// a person to write down, and what opens the site when its password is forgotten.
///
/// Written as 28 characters of Crockford's base32 (`0-9`, `A-Z` without `I L O U`) in seven groups
/// of four: the key's 128 bits, then a 12-bit check (the first 12 bits of SHA-256 of the key), so
/// that a mistyped character is told apart from a wrong key. Reading is forgiving as Crockford's
/// alphabet is meant to be: case, spaces and dashes do not matter, `O` reads as `0`, `I` and `L`
/// as `1`.
public struct RecoveryKey: Equatable, Sendable {
    static let byteCount = 16
    static let checkBits = 12
    static let characterCount = 28
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// The key's 16 bytes.
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        precondition(bytes.count == Self.byteCount)
        self.bytes = bytes
    }

    /// A new random key.
    static func random() throws -> RecoveryKey {
        RecoveryKey(bytes: try RandomBytes.make(byteCount))
    }

    /// The key as printed: `7K2Q-…`, seven groups of four.
    public var text: String {
        let characters = Self.characters(of: bytes + Self.check(of: bytes))
        return stride(from: 0, to: characters.count, by: 4).map { String(decoding: characters[$0..<$0 + 4], as: UTF8.self) }
            .joined(separator: "-")
    }

    /// The key a text stands for; nil when it is not 28 characters of the alphabet whose check holds.
    public init?(text: String) {
        var values: [UInt8] = []
        for character in text.uppercased().utf8 {
            switch character {
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "O"): values.append(0)
            case UInt8(ascii: "I"), UInt8(ascii: "L"): values.append(1)
            default:
                guard let value = Self.alphabet.firstIndex(of: character) else { return nil }
                values.append(UInt8(value))
            }
        }
        guard values.count == Self.characterCount else { return nil }
        let decoded = Self.bytes(of: values)
        let key = Array(decoded.prefix(Self.byteCount))
        guard Array(decoded.dropFirst(Self.byteCount)) == Self.check(of: key) else { return nil }
        self.init(bytes: key)
    }

    /// The check's 12 bits, as 2 bytes whose last 4 bits are zero.
    static func check(of key: [UInt8]) -> [UInt8] {
        let digest = HMACSHA256.sha256(key)
        return [digest[0], digest[1] & 0xF0]
    }

    /// 5-bit characters of `bytes` (18 bytes → 28.8: the last bits, zeros, are left out).
    private static func characters(of bytes: [UInt8]) -> [UInt8] {
        var characters: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5, characters.count < characterCount {
                bits -= 5
                characters.append(alphabet[(buffer >> bits) & 0x1F])
            }
        }
        return characters
    }

    /// The 18 bytes that 28 five-bit values spell (key, then check, then four zero bits).
    private static func bytes(of values: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for value in values {
            buffer = buffer << 5 | Int(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> bits) & 0xFF))
            }
        }
        if bits > 0 { bytes.append(UInt8((buffer << (8 - bits)) & 0xFF)) }
        return bytes
    }
}
