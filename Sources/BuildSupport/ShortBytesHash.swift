/// A quick hash of a few dozen bytes, for the tables of short texts a build keeps in memory
/// (search tokens, the entry cache's shared values): eight bytes at a time, finished so that its
/// low bits, a table's slot, depend on every byte. Never saved (`StableHasher` is for that).
public enum ShortBytesHash {
    @inlinable
    public static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash = UInt64(raw.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        if offset < raw.count {
            var tail: UInt64 = 0
            for (shift, byte) in raw[offset...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
            hash = (hash ^ tail) &* 0xBF58_476D_1CE4_E5B9
        }
        hash = (hash ^ (hash >> 29)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}
