/// Why a site could not be encrypted, or a published file not decrypted.
public enum SiteEncryptionError: Error, Equatable, CustomStringConvertible {
    /// The salt read from the diary's state is not 16 bytes.
    case badSalt(byteCount: Int)
    case emptyPassword
    /// Neither `DAYBOOK_PASSWORD` nor a terminal to ask on.
    case noPassword
    /// Neither `DAYBOOK_NEW_PASSWORD` nor a terminal to ask the new password on.
    case noNewPassword
    /// The password typed twice was not the same.
    case passwordsDiffer
    /// A published file failed its authentication: another site key, another address,
    /// or bytes changed since the build.
    case notAuthentic(address: String)
    /// A published file too short, of an unknown format version, or with broken padding.
    case malformed(address: String)
    /// OpenSSL's libcrypto could not be opened, or lacks a function Daybook calls.
    case libcryptoUnavailable(String)
    /// A passkey code made for another site key (before a rotation, or for another site).
    case passkeyForAnotherKey
    /// A passkey code whose credential a slot already holds.
    case passkeyAlreadyAdded(slotID: String)
    /// No slot has this id.
    case noSuchSlot(String, known: [String])
    /// Removing this slot would leave none that a build can open (password or recovery key).
    case lastSlotABuildOpens(String)

    public var description: String {
        switch self {
        case .badSalt(let count): return "the encryption salt must be 16 bytes, not \(count)"
        case .emptyPassword: return "the password is empty"
        case .noPassword: return "no password for the encrypted site: set DAYBOOK_PASSWORD or run on a terminal"
        case .noNewPassword: return "no new password: set DAYBOOK_NEW_PASSWORD or run on a terminal"
        case .passwordsDiffer: return "the two passwords differ; nothing was encrypted"
        case .notAuthentic(let address): return "'\(address)' does not decrypt: another site key, or the file was changed"
        case .malformed(let address): return "'\(address)' is not a file of an encrypted Daybook site"
        case .libcryptoUnavailable(let reason): return "encrypted sites need OpenSSL's libcrypto: \(reason)"
        case .passkeyForAnotherKey:
            return "this passkey code was made for another site key (before `daybook keys rotate`, or for another site); "
                + "unlock the site in the browser and make the passkey again"
        case .passkeyAlreadyAdded(let id): return "this passkey is published already, in key slot \(id)"
        case .noSuchSlot(let id, let known):
            return "no key slot has the id '\(id)' (the slots: \(known.joined(separator: ", "))); `daybook keys list` shows them"
        case .lastSlotABuildOpens(let id):
            return "key slot \(id) is the last password or recovery key slot, and a build needs one to open the site key; "
                + "add another first (`daybook keys recovery`), or change the password with `daybook keys password`"
        }
    }
}
