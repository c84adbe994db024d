import CLibCrypto

/// libcrypto, opened when the first keys are made (CLibCrypto.h says why it is not linked).
enum LibCrypto {
    /// Nil once libcrypto's functions are found; otherwise why not. Evaluated once, on first use.
    static let loadFailure: String? = daybook_crypto_load().map { String(cString: $0) }

    /// Throws when libcrypto cannot be used; every public way to keys passes here first.
    static func require() throws {
        if let loadFailure { throw SiteEncryptionError.libcryptoUnavailable(loadFailure) }
    }

    /// For the internal calls, which only keys already made (or tests) reach.
    static func assumeLoaded() {
        precondition(loadFailure == nil, loadFailure ?? "")
    }
}
