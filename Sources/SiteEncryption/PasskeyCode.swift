import Foundation

/// What the reader's page shows after a passkey was made for the diary on a device, for
/// `daybook keys passkey CODE` to publish as a passkey slot: then the same passkey, synced to
/// another device, opens the site there too.
///
///     daybook-passkey:<base64url of: site key id (16) ‖ PRF salt (32) ‖ wrapped site key (60) ‖ credential id>
///
/// The wrapped site key is made in the browser, under the key the credential's PRF output gives
/// (`KeySlot.passkeyKEK`), so nothing here opens the site without the authenticator: the code can
/// be copied through any channel. The site key id says which site key it wraps, so that a code
/// made before `daybook keys rotate` is refused rather than published as a slot that opens nothing.
public struct PasskeyCode: Equatable, Sendable {
    public static let prefix = "daybook-passkey:"

    public var keyID: [UInt8]
    public var credential: [UInt8]
    public var salt: [UInt8]
    public var wrapped: [UInt8]

    public init(keyID: [UInt8], credential: [UInt8], salt: [UInt8], wrapped: [UInt8]) {
        self.keyID = keyID
        self.credential = credential
        self.salt = salt
        self.wrapped = wrapped
    }

    /// The code's fields; nil when `text` is not a code of this form.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(Self.prefix) else { return nil }
        var base64 = trimmed.dropFirst(Self.prefix.count).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        let bytes = [UInt8](data)
        let fixed = SiteKeys.keyIDByteCount + KeySlot.passkeySaltByteCount + KeyWrap.wrappedByteCount
        guard bytes.count > fixed, bytes.count - fixed <= KeySlots.longestCredential else { return nil }
        var rest = bytes[...]
        func take(_ count: Int) -> [UInt8] {
            defer { rest = rest.dropFirst(count) }
            return Array(rest.prefix(count))
        }
        keyID = take(SiteKeys.keyIDByteCount)
        salt = take(KeySlot.passkeySaltByteCount)
        wrapped = take(KeyWrap.wrappedByteCount)
        credential = Array(rest)
    }

    /// The code's text (the reader's page makes the same).
    public var text: String {
        let base64 = Data(keyID + salt + wrapped + credential).base64EncodedString()
        return Self.prefix + base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
