/// Why a site could not be encrypted, or a published file not decrypted.
public enum SiteEncryptionError: Error, Equatable, CustomStringConvertible {
    /// The salt read from the diary's state is not 16 bytes.
    case badSalt(byteCount: Int)
    case emptyPassword
    /// Neither `DAYBOOK_PASSWORD` nor a terminal to ask on.
    case noPassword
    /// The password typed twice was not the same.
    case passwordsDiffer
    /// A published file failed its authentication: another password or salt, another address,
    /// or bytes changed since the build.
    case notAuthentic(address: String)
    /// A published file too short, of an unknown format version, or with broken padding.
    case malformed(address: String)
    /// OpenSSL's libcrypto could not be opened, or lacks a function Daybook calls.
    case libcryptoUnavailable(String)

    public var description: String {
        switch self {
        case .badSalt(let count): return "the encryption salt must be 16 bytes, not \(count)"
        case .emptyPassword: return "the password is empty"
        case .noPassword: return "no password for the encrypted site: set DAYBOOK_PASSWORD or run on a terminal"
        case .passwordsDiffer: return "the two passwords differ; nothing was encrypted"
        case .notAuthentic(let address): return "'\(address)' does not decrypt: another password, or the file was changed"
        case .malformed(let address): return "'\(address)' is not a file of an encrypted Daybook site"
        case .libcryptoUnavailable(let reason): return "encrypted sites need OpenSSL's libcrypto: \(reason)"
        }
    }
}
