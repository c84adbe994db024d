import Foundation

/// The keys of one encrypted site: a random 256-bit site key, the keys derived from it, and the
/// key slots that publish it wrapped.
///
/// The site key is made once per site (`newSite`) and changes only when the diarist asks
/// (`rotated`, `daybook keys rotate`). HKDF-SHA256 (empty salt) expands it into independent keys,
/// one per job, so that no key serves two algorithms: AES-256-GCM for the files' content, HMAC for
/// the files' names, HMAC for the nonces, and the browser's keys for opaque page ids. The browser
/// derives the same keys with WebCrypto (`UnlockScript`), so every label here is part of the
/// format. The site key itself is never published and never stored: only wrapped, in slots
/// (`KeySlot`) that a password, a recovery key or a passkey opens. So ways in are added and
/// removed by rewriting the slots alone, while every file keeps its bytes.
public struct SiteKeys: Sendable {
    /// PBKDF2 rounds of a password slot: OWASP's 2023 figure for PBKDF2-HMAC-SHA256.
    public static let iterations = 600_000
    /// Bytes of random salt of a password slot.
    public static let saltByteCount = KeySlot.saltByteCount
    static let siteKeyByteCount = 32
    static let keyIDByteCount = 16

    /// The site key's id, published: the first 16 bytes of HKDF(site key, "daybook 2 site key id").
    /// It tells a reader's device, and a build, which site key published slots and kept copies
    /// wrap; it lets a guessed site key be checked, which 256 random bits make hopeless.
    public let keyID: [UInt8]
    /// The slots the unlock page publishes.
    public let slots: [KeySlot]
    let siteKey: [UInt8]
    let contentKey: [UInt8]
    let nameKey: HMACSHA256
    let nonceKey: HMACSHA256

    /// The keys of `siteKey`, published in `slots`.
    init(siteKey: [UInt8], slots: [KeySlot]) {
        precondition(siteKey.count == Self.siteKeyByteCount)
        func expand(_ label: String, _ byteCount: Int) -> [UInt8] {
            KeyDerivation.hkdf(from: siteKey, salt: [], info: Array(label.utf8), byteCount: byteCount)
        }
        self.siteKey = siteKey
        self.slots = slots
        keyID = expand(Label.keyID, Self.keyIDByteCount)
        contentKey = expand(Label.content, AESGCM.keyByteCount)
        nameKey = HMACSHA256(key: expand(Label.names, 32))
        nonceKey = HMACSHA256(key: expand(Label.nonces, 32))
    }

    /// The slots as the unlock page publishes them, with the site key's id.
    public var published: KeySlots { KeySlots(keyID: keyID, slots: slots) }

    // MARK: - A new site

    /// A new site: a random site key in one password slot.
    public static func newSite(password: String) throws -> SiteKeys {
        try SiteKeys(password: password, salt: RandomBytes.make(saltByteCount))
    }

    /// A new site whose password slot has this salt (and a random site key).
    public init(password: String, salt: [UInt8]) throws {
        try self.init(password: password, salt: salt, iterations: Self.iterations)
    }

    /// The same with another number of rounds: for tests, which need not pay 600,000 each time.
    init(password: String, salt: [UInt8], iterations: Int) throws {
        try LibCrypto.require()
        let siteKey = try RandomBytes.make(Self.siteKeyByteCount)
        let slot = try KeySlot.password(password, wrapping: siteKey, id: KeySlot.newID(avoiding: []), iterations: iterations, salt: salt)
        self.init(siteKey: siteKey, slots: [slot])
    }

    // MARK: - Opening a site

    /// The keys published `slots` hold, and the slot that opened, if `secret` (a password, or a
    /// recovery key's text) opens one of them; nil when none opens, or the key it opens is not the
    /// one their id names.
    public static func opening(_ published: KeySlots, with secret: String) throws -> (keys: SiteKeys, slot: KeySlot)? {
        try LibCrypto.require()
        // A recovery key is checked first: it costs no rounds, and a password that reads as one is a recovery key.
        let order = published.slots.filter { if case .recovery = $0.kind { return true } else { return false } }
            + published.slots.filter { if case .password = $0.kind { return true } else { return false } }
        for slot in order {
            guard let siteKey = slot.open(with: secret) else { continue }
            let keys = SiteKeys(siteKey: siteKey, slots: published.slots)
            return keys.keyID == published.keyID ? (keys, slot) : nil
        }
        return nil
    }

    // MARK: - Changing the slots

    /// The same site key with `password` in a new password slot in place of every password slot
    /// (the first one's id is kept), or added when there is none.
    public func changingPassword(to password: String) throws -> SiteKeys {
        let current = slots.first { if case .password = $0.kind { return true } else { return false } }
        let slot = try KeySlot.password(password, wrapping: siteKey, id: current?.id ?? KeySlot.newID(avoiding: slots.map(\.id)))
        var changed: [KeySlot] = []
        for old in slots {
            if case .password = old.kind {
                if old.id == slot.id { changed.append(slot) }
            } else {
                changed.append(old)
            }
        }
        if current == nil { changed.append(slot) }
        return SiteKeys(siteKey: siteKey, slots: changed)
    }

    /// The same site key with a new recovery slot, and the key that opens it.
    public func addingRecoveryKey() throws -> (keys: SiteKeys, recoveryKey: RecoveryKey, slotID: String) {
        let recoveryKey = try RecoveryKey.random()
        let slot = try KeySlot.recovery(recoveryKey, wrapping: siteKey, id: KeySlot.newID(avoiding: slots.map(\.id)))
        return (SiteKeys(siteKey: siteKey, slots: slots + [slot]), recoveryKey, slot.id)
    }

    /// The same site key with a passkey slot made from a reader's code.
    public func adding(_ code: PasskeyCode) throws -> (keys: SiteKeys, slotID: String) {
        guard code.keyID == keyID else { throw SiteEncryptionError.passkeyForAnotherKey }
        for slot in slots {
            if case .passkey(let credential, _) = slot.kind, credential == code.credential {
                throw SiteEncryptionError.passkeyAlreadyAdded(slotID: slot.id)
            }
        }
        let slot = KeySlot(id: try KeySlot.newID(avoiding: slots.map(\.id)), kind: .passkey(credential: code.credential, salt: code.salt),
                           wrapped: code.wrapped)
        return (SiteKeys(siteKey: siteKey, slots: slots + [slot]), slot.id)
    }

    /// The same site key without the slot `id`. A build opens the site with a password or a
    /// recovery key, so the last slot of those two kinds stays.
    public func removing(slot id: String) throws -> SiteKeys {
        guard slots.contains(where: { $0.id == id }) else { throw SiteEncryptionError.noSuchSlot(id, known: slots.map(\.id)) }
        let left = slots.filter { $0.id != id }
        guard left.contains(where: Self.opensABuild) else { throw SiteEncryptionError.lastSlotABuildOpens(id) }
        return SiteKeys(siteKey: siteKey, slots: left)
    }

    /// A new random site key published in one password slot for `password` (keeping the id of
    /// the current password slot): every file changes, and no slot, kept copy or key of the old
    /// site key opens the new one.
    public func rotated(password: String) throws -> SiteKeys {
        let siteKey = try RandomBytes.make(Self.siteKeyByteCount)
        let current = slots.first { if case .password = $0.kind { return true } else { return false } }
        let slot = try KeySlot.password(password, wrapping: siteKey, id: current?.id ?? KeySlot.newID(avoiding: []))
        return SiteKeys(siteKey: siteKey, slots: [slot])
    }

    /// Whether a build can open a slot of this kind (a passkey opens in a browser only).
    static func opensABuild(_ slot: KeySlot) -> Bool {
        if case .passkey = slot.kind { return false }
        return true
    }

    /// HKDF `info` labels; the browser uses the same strings.
    enum Label {
        static let keyID = "daybook 2 site key id"
        static let content = "daybook 1 content key"
        static let names = "daybook 1 name key"
        static let nonces = "daybook 1 nonce key"
        /// The browser's key (AES-256-CTR) for the opaque page ids it shows after '#'; no file is
        /// encrypted with it, but an id bookmarked under one build must open under the next.
        static let addresses = "daybook 1 address key"
        /// The browser's key (HMAC-SHA256) for an opaque page id's tag, its synthetic IV.
        static let addressTags = "daybook 1 address tag key"
    }
}
