import BuildSupport
import DiaryModel
import DiaryReader
import Foundation
import SiteEncryption
import SiteOutput

extension SiteBuilder {
    /// Whether daybook.yml asks for an encrypted site (`encrypt: true`).
    public var configuredToEncrypt: Bool {
        ConfigFile.load(root: root).config.encrypt
    }

    /// Whether this diary has published an encrypted site: it keeps a salt in its build cache,
    /// or its output folder holds one (`output`, default Output/). `daybook serve` then builds
    /// its plain preview elsewhere than Output/.
    public func hasEncryptedSite(output: URL? = nil) -> Bool {
        configuredToEncrypt || BuildCache(root: root, output: root).status(of: .encryption) != nil
            || OutputFolder(url: outputFolder(.init(output: output))).holdsEncryptedSite
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
    ///
    /// A cache without a salt (deleted, or a fresh clone) takes the salt, rounds and check that
    /// the unlock page in `output` (default Output/) publishes, with the same refusal.
    public func encryptionKeys(from source: PasswordSource, newPassword: Bool = false, output: URL? = nil) throws -> SiteKeys {
        let cache = BuildCache(root: root, output: root)
        let saved = newPassword ? nil : cache.read(SavedEncryption.self)
        let published = newPassword || saved != nil ? nil : try publishedSettings(in: output)
        let known = saved.map { UnlockSettings(salt: $0.salt, iterations: SiteKeys.iterations, check: $0.check) } ?? published
        let password = try source.password(confirming: known == nil)
        let keys = try known.map { try SiteKeys(password: password, published: $0) }
            ?? SiteKeys(password: password, salt: try SiteKeys.randomSalt())
        if let known, known.check != keys.passwordCheck { throw BuildError.wrongPassword }
        // The cache keeps no round count: published keys of other rounds are taken from the page each time.
        if saved == nil, keys.iterations == SiteKeys.iterations { try save(keys, in: cache) }
        return keys
    }

    /// The settings the output folder's unlock page publishes, if any.
    private func publishedSettings(in output: URL?) throws -> UnlockSettings? {
        do {
            return try OutputFolder(url: outputFolder(.init(output: output))).publishedUnlockSettings(root: root)
        } catch let problem as Diagnostic {
            throw BuildError.unreadableUnlockPage(problem)
        }
    }

    private func save(_ keys: SiteKeys, in cache: BuildCache) throws {
        do {
            try cache.write(SavedEncryption(salt: keys.salt, check: keys.passwordCheck))
        } catch {
            throw BuildError.writeFailed(cache.path(of: .encryption), error.localizedDescription)
        }
    }
}
