/// A 64-bit hash that is the same on every run and machine (Swift's `Hasher` is seeded per
/// process), for fingerprints kept between builds. Not for security.
public struct StableHasher {
    public private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    public init() {}

    public mutating func combine(_ number: UInt64) {
        value = Self.mix(value ^ number &+ 0x2545_F491_4F6C_DD1D)
    }

    public mutating func combine(_ number: Int) { combine(UInt64(bitPattern: Int64(number))) }

    public mutating func combine(_ flag: Bool) { combine(flag ? 1 : 2) }

    public mutating func combine(_ text: String) {
        var copy = text
        copy.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public mutating func combine(bytes raw: UnsafeRawBufferPointer) {
        combine(raw.count)
        var offset = 0
        while offset + 8 <= raw.count {
            combine(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < raw.count {
            tail |= UInt64(raw[offset]) << shift
            shift += 8
            offset += 1
        }
        combine(tail)
    }

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(bytes: $0) }
    }

    /// The hash of `bytes` alone.
    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(bytes)
        return hasher.value
    }

    /// The hash of the bytes at `raw` alone (as `hash(_:)` of the same bytes).
    public static func hash(bytes raw: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(bytes: raw)
        return hasher.value
    }

    /// The hash of `text` alone (as `combine(_:)` takes it: its UTF-8 bytes after their count).
    public static func hash(_ text: String) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(text)
        return hasher.value
    }

    private static func mix(_ input: UInt64) -> UInt64 {
        var z = input &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 31)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 29)
    }
}
