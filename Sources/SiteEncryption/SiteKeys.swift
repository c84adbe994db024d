import CLibCrypto
import Foundation

/// The keys of one encrypted site, derived from its password and salt.
///
/// PBKDF2-HMAC-SHA256 turns the password and the site's 16-byte random salt into a 32-byte
/// master key; its 600,000 rounds are what a guess costs an attacker. HKDF-SHA256 then expands
/// the master key into independent keys, one per job, so that no key serves two algorithms:
/// AES-256-GCM for the files' content, HMAC for the files' names, HMAC for the nonces, and a
/// published value that tells the unlock page whether a password is right. The browser derives
/// the same keys with WebCrypto (`UnlockScript`), so every label here is part of the format.
public struct SiteKeys: Sendable {
    /// PBKDF2 rounds: OWASP's 2023 figure for PBKDF2-HMAC-SHA256.
    public static let iterations = 600_000
    /// Bytes of random salt.
    public static let saltByteCount = 16
    /// Bytes of the published password check.
    static let checkByteCount = 16

    /// The salt the keys were derived with; public, kept in the diary's `.daybook/`.
    public let salt: [UInt8]
    /// PBKDF2 rounds the keys were derived with.
    public let iterations: Int
    /// A value derived from the password that the unlock page compares with its own derivation.
    /// Publishing it tells an attacker nothing that any encrypted file would not: either lets a
    /// guessed password be checked offline, at the cost of the PBKDF2 rounds.
    public let passwordCheck: [UInt8]
    let contentKey: [UInt8]
    let nameKey: HMACSHA256
    let nonceKey: HMACSHA256

    /// Derives the site's keys from `password` (NFC-normalised, as the browser does) and `salt`.
    public init(password: String, salt: [UInt8]) throws {
        try self.init(password: password, salt: salt, iterations: Self.iterations)
    }

    /// The same with another number of rounds: for tests, which need not pay 600,000 each time.
    init(password: String, salt: [UInt8], iterations: Int) throws {
        guard salt.count == Self.saltByteCount else {
            throw SiteEncryptionError.badSalt(byteCount: salt.count)
        }
        guard !password.isEmpty else { throw SiteEncryptionError.emptyPassword }
        try LibCrypto.require()
        let passwordBytes = Array(password.precomposedStringWithCanonicalMapping.utf8)
        let master = KeyDerivation.pbkdf2(password: passwordBytes, salt: salt, iterations: iterations, byteCount: 32)
        func expand(_ label: String, _ byteCount: Int) -> [UInt8] {
            KeyDerivation.hkdf(from: master, salt: [], info: Array(label.utf8), byteCount: byteCount)
        }
        self.salt = salt
        self.iterations = iterations
        contentKey = expand(Label.content, AESGCM.keyByteCount)
        nameKey = HMACSHA256(key: expand(Label.names, 32))
        nonceKey = HMACSHA256(key: expand(Label.nonces, 32))
        passwordCheck = expand(Label.check, Self.checkByteCount)
    }

    /// A new random salt, for a site encrypted for the first time or with a new password.
    public static func randomSalt() throws -> [UInt8] {
        try LibCrypto.require()
        var bytes = [UInt8](repeating: 0, count: saltByteCount)
        precondition(RAND_bytes(&bytes, Int32(saltByteCount)) == 1, "libcrypto has no random bytes")
        return bytes
    }

    /// HKDF `info` labels; the browser uses the same strings.
    enum Label {
        static let content = "daybook 1 content key"
        static let names = "daybook 1 name key"
        static let nonces = "daybook 1 nonce key"
        static let check = "daybook 1 password check"
        /// The browser's key (AES-256-CTR) for the opaque page ids it shows after '#'; no file is
        /// encrypted with it, but an id bookmarked under one build must open under the next.
        static let addresses = "daybook 1 address key"
        /// The browser's key (HMAC-SHA256) for an opaque page id's tag, its synthetic IV.
        static let addressTags = "daybook 1 address tag key"
    }
}
