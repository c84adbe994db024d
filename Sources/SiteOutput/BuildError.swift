import DiaryModel

/// A build that could not write its site. `refusedOutput` is a usage error (exit 2).
public enum BuildError: Error, CustomStringConvertible, Equatable {
    case refusedOutput(String)
    case writeFailed(String, String)
    /// The password opens none of the encrypted site's key slots.
    case wrongPassword
    /// The output folder (its path as shown) holds an encrypted site whose key slots cannot be
    /// read (no unlock page, and no record in `.daybook/`): the password cannot be checked.
    case unverifiableEncryptedSite(String)
    /// A plain build into a folder (its path as shown) that holds an encrypted site, without `--no-encrypt`.
    case plainOverEncrypted(String)
    /// The output folder's unlock page publishes settings that cannot be used.
    case unreadableUnlockPage(Diagnostic)

    public var description: String {
        switch self {
        case .refusedOutput(let message): return message
        case .writeFailed(let path, let reason): return "cannot write \(path): \(reason)"
        case .wrongPassword:
            return "this password opens none of the encrypted site's key slots (nor is it a recovery key of it); to encrypt the site "
                + "under a new site key and password, so that every published file changes, build with --new-password"
        case .unverifiableEncryptedSite(let folder):
            return "\(folder) holds an encrypted site whose key slots cannot be read (its unlock page index.html is missing or replaced, "
                + "and .daybook/ keeps no record of them), so this password cannot be checked; to encrypt the site under a new site key "
                + "and password, so that every published file changes, build with --new-password"
        case .plainOverEncrypted(let folder):
            return "\(folder) holds an encrypted site, and this build would replace it with one anyone can read; "
                + "build with --encrypt to keep it encrypted, or with --no-encrypt to publish it readable on purpose"
        case .unreadableUnlockPage(let diagnostic):
            return diagnostic.description
        }
    }

    /// Where the problem is, when it is in a file (`Output/index.html:5:59`).
    public var location: String? {
        if case .unreadableUnlockPage(let diagnostic) = self { return diagnostic.location.description }
        return nil
    }

    /// What is wrong, without the location.
    public var message: String {
        if case .unreadableUnlockPage(let diagnostic) = self { return diagnostic.message }
        return description
    }

    public var isUsage: Bool {
        if case .refusedOutput = self { return true }
        return false
    }
}
