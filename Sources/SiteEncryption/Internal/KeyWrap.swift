/// The site key wrapped in a slot: AES-256-GCM under the slot's key-encryption key,
///
///     wrapped = nonce (12 random bytes) ‖ AES-256-GCM(site key) (32) ‖ tag (16)    (60 bytes)
///
/// authenticated with the slot kind's label (`KeySlot.Kind.label`) as associated data. The nonce is
/// random: a slot is written once, when it is made, and each has its own key-encryption key.
enum KeyWrap {
    static let wrappedByteCount = AESGCM.nonceByteCount + SiteKeys.siteKeyByteCount + AESGCM.tagByteCount

    /// `siteKey` wrapped under `kek`; `nonce` is random unless a test gives one.
    static func wrap(_ siteKey: [UInt8], under kek: [UInt8], label: String, nonce: [UInt8]? = nil) throws -> [UInt8] {
        let nonce = try nonce ?? RandomBytes.make(AESGCM.nonceByteCount)
        var buffer = nonce + siteKey + [UInt8](repeating: 0, count: AESGCM.tagByteCount)
        AESGCM.seal(&buffer, AESGCM.nonceByteCount..<(AESGCM.nonceByteCount + siteKey.count), key: kek, nonce: nonce,
                    authenticating: Array(label.utf8))
        return buffer
    }

    /// The site key `wrapped` holds, or nil when `kek` (or the label) is not the one it was wrapped under.
    static func unwrap(_ wrapped: [UInt8], under kek: [UInt8], label: String) -> [UInt8]? {
        guard wrapped.count == wrappedByteCount else { return nil }
        var buffer = wrapped
        let sealed = AESGCM.nonceByteCount..<(wrapped.count - AESGCM.tagByteCount)
        guard AESGCM.open(&buffer, sealed, key: kek, nonce: Array(wrapped.prefix(AESGCM.nonceByteCount)),
                          authenticating: Array(label.utf8)) else { return nil }
        return Array(buffer[sealed])
    }
}
