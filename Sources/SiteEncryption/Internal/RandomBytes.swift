import CLibCrypto

/// Random bytes from libcrypto's generator (seeded by the system): site keys, salts, nonces of
/// wrapped keys, recovery keys and slot ids.
enum RandomBytes {
    /// `count` random bytes; throws when libcrypto cannot be opened.
    static func make(_ count: Int) throws -> [UInt8] {
        try LibCrypto.require()
        var bytes = [UInt8](repeating: 0, count: count)
        precondition(RAND_bytes(&bytes, Int32(count)) == 1, "libcrypto has no random bytes")
        return bytes
    }
}
