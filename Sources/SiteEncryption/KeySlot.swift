import Foundation

/// One way into an encrypted site: the site key wrapped (`KeyWrap`) under a key-encryption key
/// that only this slot's secret gives. Each slot has its own random salt and its own wrapping, so
/// opening one says nothing about another; removing one leaves the others as they were.
///
/// - password: the key-encryption key is PBKDF2-HMAC-SHA256 of the password (NFC, UTF-8) with the
///   slot's 16-byte salt and rounds, 32 bytes.
/// - recovery: HKDF-SHA256 of the recovery key's 16 bytes (`RecoveryKey`), with the slot's 16-byte
///   salt and the kind's label as `info`, 32 bytes. The key is random, so no rounds are needed.
/// - passkey: HKDF-SHA256 of a WebAuthn credential's PRF output (evaluated at the slot's 32-byte
///   salt), empty salt, the kind's label as `info`, 32 bytes. Only a browser holding the credential
///   can compute it; the slot is made there (`PasskeyCode`).
public struct KeySlot: Equatable, Sendable {
    /// What opens a slot, and the public values it needs to.
    public enum Kind: Equatable, Sendable {
        case password(salt: [UInt8], iterations: Int)
        case recovery(salt: [UInt8])
        case passkey(credential: [UInt8], salt: [UInt8])

        /// The kind's name, as published and listed: `password`, `recovery`, `passkey`.
        public var name: String {
            switch self {
            case .password: return "password"
            case .recovery: return "recovery"
            case .passkey: return "passkey"
            }
        }

        /// The associated data of the wrapping, and the HKDF `info` of recovery and passkey slots.
        var label: String { "daybook 2 \(name) slot" }
    }

    /// Bytes of salt of a password or recovery slot, and of a passkey slot's PRF input.
    public static let saltByteCount = 16
    public static let passkeySaltByteCount = 32
    /// Bytes of random in a slot id, shown as twice as many hex digits.
    static let idByteCount = 4

    /// Short, random, unique in its site: what `daybook keys remove` takes.
    public var id: String
    public var kind: Kind
    /// The site key wrapped under the slot's key-encryption key (`KeyWrap`).
    public var wrapped: [UInt8]

    public init(id: String, kind: Kind, wrapped: [UInt8]) {
        self.id = id
        self.kind = kind
        self.wrapped = wrapped
    }

    // MARK: - Making slots

    /// A password slot for `siteKey` with a new random salt.
    static func password(_ password: String, wrapping siteKey: [UInt8], id: String,
                         iterations: Int = SiteKeys.iterations, salt: [UInt8]? = nil, nonce: [UInt8]? = nil) throws -> KeySlot {
        guard !password.isEmpty else { throw SiteEncryptionError.emptyPassword }
        let salt = try salt ?? RandomBytes.make(saltByteCount)
        guard salt.count == saltByteCount else { throw SiteEncryptionError.badSalt(byteCount: salt.count) }
        let kind = Kind.password(salt: salt, iterations: iterations)
        return KeySlot(id: id, kind: kind, wrapped: try KeyWrap.wrap(siteKey, under: passwordKEK(password, salt: salt, iterations: iterations),
                                                                     label: kind.label, nonce: nonce))
    }

    /// A recovery slot for `siteKey` opened by `recoveryKey`.
    static func recovery(_ recoveryKey: RecoveryKey, wrapping siteKey: [UInt8], id: String) throws -> KeySlot {
        let salt = try RandomBytes.make(saltByteCount)
        let kind = Kind.recovery(salt: salt)
        return KeySlot(id: id, kind: kind, wrapped: try KeyWrap.wrap(siteKey, under: recoveryKEK(recoveryKey, salt: salt), label: kind.label))
    }

    // MARK: - Opening slots

    /// The site key this slot wraps, if `secret` (a password, or a recovery key's text) opens it.
    /// A passkey slot opens in a browser only.
    func open(with secret: String) -> [UInt8]? {
        switch kind {
        case .password(let salt, let iterations):
            guard !secret.isEmpty else { return nil }
            return KeyWrap.unwrap(wrapped, under: Self.passwordKEK(secret, salt: salt, iterations: iterations), label: kind.label)
        case .recovery(let salt):
            guard let recoveryKey = RecoveryKey(text: secret) else { return nil }
            return KeyWrap.unwrap(wrapped, under: Self.recoveryKEK(recoveryKey, salt: salt), label: kind.label)
        case .passkey:
            return nil
        }
    }

    static func passwordKEK(_ password: String, salt: [UInt8], iterations: Int) -> [UInt8] {
        KeyDerivation.pbkdf2(password: Array(password.precomposedStringWithCanonicalMapping.utf8), salt: salt,
                             iterations: iterations, byteCount: AESGCM.keyByteCount)
    }

    static func recoveryKEK(_ recoveryKey: RecoveryKey, salt: [UInt8]) -> [UInt8] {
        KeyDerivation.hkdf(from: recoveryKey.bytes, salt: salt, info: Array(Kind.recovery(salt: []).label.utf8), byteCount: AESGCM.keyByteCount)
    }

    /// A passkey slot's key-encryption key from the credential's PRF output (what the browser computes).
    static func passkeyKEK(prfOutput: [UInt8]) -> [UInt8] {
        KeyDerivation.hkdf(from: prfOutput, salt: [], info: Array(Kind.passkey(credential: [], salt: []).label.utf8),
                           byteCount: AESGCM.keyByteCount)
    }

    /// A new slot id, unlike every id in `taken`.
    static func newID(avoiding taken: [String]) throws -> String {
        while true {
            let id = try RandomBytes.make(idByteCount).map { String(format: "%02x", $0) }.joined()
            if !taken.contains(id) { return id }
        }
    }
}
