import DiaryModel
import DiaryReader
import Foundation
import SiteEncryption

extension SiteBuilder {
    /// Whether daybook.yml asks for an encrypted site (`encrypt: true`).
    public var configuredToEncrypt: Bool {
        ConfigFile.load(root: root).config.encrypt
    }

    /// Whether this diary has published an encrypted site: it keeps a salt in its build cache.
    /// `daybook serve` then builds its plain preview elsewhere than Output/.
    public var hasEncryptedSite: Bool {
        configuredToEncrypt || BuildCache(root: root, output: root).status(of: .encryption) != nil
    }

    /// Where `daybook serve` builds the unlocked site of an encrypted diary: in the build cache,
    /// which is never published.
    public static func previewFolder(root: URL) -> URL {
        root.appendingPathComponent(BuildCache.folderName).appendingPathComponent("preview").standardizedFileURL
    }

    /// The keys of this diary's encrypted site, for `Options.encryption`.
    ///
    /// The salt is made on first use (or with `newPassword`) and kept in the build cache with the
    /// password check of the keys: the password is then asked twice. Later builds ask once and
    /// refuse a password whose keys do not match that check, which a typo would otherwise turn
    /// into a site re-encrypted under a password nobody knows. `newPassword` starts over with a
    /// new salt, so every published file changes.
    public func encryptionKeys(from source: PasswordSource, newPassword: Bool = false) throws -> SiteKeys {
        let cache = BuildCache(root: root, output: root)
        let saved = newPassword ? nil : cache.read(.encryption).flatMap(SavedEncryption.init(bytes:))
        let password = try source.password(confirming: saved == nil)
        let keys = try SiteKeys(password: password, salt: saved?.salt ?? (try SiteKeys.randomSalt()))
        if let saved {
            guard saved.check == keys.passwordCheck else { throw BuildError.wrongPassword }
            return keys
        }
        var writer = BinaryWriter()
        writer.write(rawBytes: keys.salt)
        writer.write(rawBytes: keys.passwordCheck)
        do {
            try cache.write(.encryption, writer.bytes)
        } catch {
            throw BuildError.writeFailed(cache.path(of: .encryption), error.localizedDescription)
        }
        return keys
    }

    /// The salt and password check kept in the build cache.
    private struct SavedEncryption {
        var salt: [UInt8]
        var check: [UInt8]

        init?(bytes: [UInt8]) {
            var reader = BinaryReader(bytes)
            guard let salt = reader.rawBytes(), salt.count == SiteKeys.saltByteCount,
                  let check = reader.rawBytes(), reader.isAtEnd else { return nil }
            self.salt = salt
            self.check = check
        }
    }
}
