/// PBKDF2-HMAC-SHA256 (RFC 8018) and HKDF-SHA256 (RFC 5869), on `HMACSHA256`.
enum KeyDerivation {
    /// PBKDF2 with HMAC-SHA256: `byteCount` bytes from `password` and `salt` after `iterations` rounds.
    static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
        precondition(iterations >= 1 && byteCount >= 1)
        let hmac = HMACSHA256(key: password)
        var output: [UInt8] = []
        output.reserveCapacity(byteCount)
        var blockNumber: UInt32 = 1
        while output.count < byteCount {
            var round = hmac.code(salt, bigEndianBytes(blockNumber))
            var block = round
            round.withUnsafeMutableBufferPointer { roundBytes in
                block.withUnsafeMutableBufferPointer { blockBytes in
                    for _ in 1..<iterations {
                        hmac.replaceWithCode(roundBytes.baseAddress!)
                        for index in 0..<HMACSHA256.byteCount { blockBytes[index] ^= roundBytes[index] }
                    }
                }
            }
            output += block.prefix(byteCount - output.count)
            blockNumber += 1
        }
        return output
    }

    /// HKDF with SHA-256: extract with `salt` (empty means 32 zero bytes), then expand with `info`.
    static func hkdf(from keyMaterial: [UInt8], salt: [UInt8], info: [UInt8], byteCount: Int) -> [UInt8] {
        precondition(byteCount >= 1 && byteCount <= 255 * HMACSHA256.byteCount)
        let pseudorandomKey = HMACSHA256(key: salt).code(keyMaterial)
        let expand = HMACSHA256(key: pseudorandomKey)
        var output: [UInt8] = []
        var previous: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < byteCount {
            previous = expand.code(previous, info, [counter])
            output += previous.prefix(byteCount - output.count)
            counter += 1
        }
        return output
    }

    static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
