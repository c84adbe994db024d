import CLibCrypto

/// HMAC-SHA256 (RFC 2104) under one key, with the key's two padded blocks hashed once.
///
/// Each message then costs two SHA-256 runs started from those saved states. This is what makes
/// PBKDF2's 600,000 rounds take about 0.15 s here (OpenSSL's own `PKCS5_PBKDF2_HMAC` set up the
/// HMAC through its provider layer every round and took 0.4–0.6 s on the same machine).
public struct HMACSHA256: @unchecked Sendable {
    public static let byteCount = 32
    private static let blockSize = 64

    // Plain C structs, only ever copied, never written after init.
    private let inner: SHA256_CTX
    private let outer: SHA256_CTX

    /// A key ready to sign; check `LibCrypto` can be opened first (`HMACSHA256.requireLibCrypto`).
    public init(key: [UInt8]) {
        LibCrypto.assumeLoaded()
        var block = key.count > Self.blockSize ? Self.sha256(key) : key
        block += repeatElement(0, count: Self.blockSize - block.count)
        var inner = SHA256_CTX()
        var outer = SHA256_CTX()
        SHA256_Init(&inner)
        SHA256_Update(&inner, block.map { $0 ^ 0x36 }, Self.blockSize)
        SHA256_Init(&outer)
        SHA256_Update(&outer, block.map { $0 ^ 0x5C }, Self.blockSize)
        self.inner = inner
        self.outer = outer
    }

    /// The code of the message made of `parts`, one after the other.
    public func code(_ parts: [UInt8]...) -> [UInt8] {
        var context = inner
        for part in parts { SHA256_Update(&context, part, part.count) }
        var digest = [UInt8](repeating: 0, count: Self.byteCount)
        SHA256_Final(&digest, &context)
        context = outer
        SHA256_Update(&context, digest, Self.byteCount)
        SHA256_Final(&digest, &context)
        return digest
    }

    /// Replaces the 32 bytes at `block` with their code: PBKDF2's round, without allocating.
    func replaceWithCode(_ block: UnsafeMutablePointer<UInt8>) {
        var context = inner
        SHA256_Update(&context, block, Self.byteCount)
        SHA256_Final(block, &context)
        context = outer
        SHA256_Update(&context, block, Self.byteCount)
        SHA256_Final(block, &context)
    }

    /// SHA-256 of `bytes`.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: byteCount)
        SHA256(bytes, bytes.count, &digest)
        return digest
    }

    /// Throws `SiteEncryptionError.libcryptoUnavailable` when libcrypto cannot be opened.
    public static func requireLibCrypto() throws {
        try LibCrypto.require()
    }
}
