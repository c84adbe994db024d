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

    /// Whether this diary has published an encrypted site: it keeps a record of key slots (or an
    /// earlier release's salt) in its build cache, or its output folder holds one (`output`,
    /// default Output/). `daybook serve` then builds its plain preview elsewhere than Output/.
    public func hasEncryptedSite(output: URL? = nil) -> Bool {
        let cache = BuildCache(root: root, output: root)
        return configuredToEncrypt || cache.status(of: .keySlots) != nil || cache.status(of: .encryption) != nil
            || OutputFolder(url: outputFolder(.init(output: output))).holdsEncryptedSite
    }

    /// Where `daybook serve` builds the unlocked site of an encrypted diary: in the build cache,
    /// which is never published.
    public static func previewFolder(root: URL) -> URL {
        root.appendingPathComponent(BuildCache.folderName).appendingPathComponent("preview").standardizedFileURL
    }

    /// The keys of this diary's encrypted site, for `Options.encryption`: its site key, opened
    /// from a key slot with the password `source` gives, or stops (`BuildError.wrongPassword`),
    /// so that a typo never re-encrypts the site under a key nobody can open.
    ///
    /// The slots come from `.daybook/key-slots.bin`, else from the unlock page in `output`
    /// (default Output/). A site of an earlier release, whose keys came from the password (its
    /// salt in `.daybook/encryption.bin` or its version 1 unlock page), has the password checked
    /// against its published check, then moves to a new random site key in a password slot:
    /// once, saying so through `report`. A diary with no encrypted site yet gets a new site key
    /// (the password asked twice), as does `newPassword`, which drops every slot and so rewrites
    /// every published file. An output folder with encrypted files but no slots to check the
    /// password against is refused, unless `newPassword`.
    public func encryptionKeys(from source: PasswordSource, newPassword: Bool = false, output: URL? = nil,
                               report: (String) -> Void = { _ in }) throws -> SiteKeys {
        let store = KeySlotStore(root: root)
        if newPassword { return try store.startNewSite(password: source.password(confirming: true)) }
        switch try knownKeys(output: output) {
        case .slots(let record, let readBack):
            guard let keys = try SiteKeys.opening(record.published, with: source.password(confirming: false))?.keys else {
                throw BuildError.wrongPassword
            }
            // A record read back from the unlock page is kept, so that the next build needs no page.
            if readBack { try store.save(record) }
            return keys
        case .passwordDerived(let settings):
            let password = try source.password(confirming: false)
            guard try settings.accepts(password) else { throw BuildError.wrongPassword }
            let keys = try store.startNewSite(password: password)
            report("The encrypted site moves to key slots: a new random site key, opened by the same password "
                   + "(`daybook keys` adds a recovery key or a passkey). This build rewrites every published file, once.")
            return keys
        case .unverifiable(let folder):
            throw BuildError.unverifiableEncryptedSite(folder)
        case .none:
            return try store.startNewSite(password: source.password(confirming: true))
        }
    }

    /// What this diary knows of its encrypted site's keys, for `encryptionKeys`.
    enum KnownKeys {
        /// Key slots, from `.daybook/` or read back from the unlock page (`readBack`).
        case slots(KeySlotRecord, readBack: Bool)
        /// An earlier release's salt and password check.
        case passwordDerived(PasswordDerivedSettings)
        /// Encrypted files in the output folder (its path as shown) and nothing to check a password against.
        case unverifiable(String)
        /// No encrypted site.
        case none
    }

    func knownKeys(output: URL?) throws -> KnownKeys {
        let cache = BuildCache(root: root, output: root)
        if let record = cache.read(KeySlotRecord.self) { return .slots(record, readBack: false) }
        if let saved = cache.read(SavedEncryption.self) {
            return .passwordDerived(PasswordDerivedSettings(salt: saved.salt, iterations: SiteKeys.iterations, check: saved.check))
        }
        let folder = OutputFolder(url: outputFolder(.init(output: output)))
        switch try publishedSettings(in: folder) {
        case .slots(let slots)?: return .slots(KeySlotRecord(readBack: slots), readBack: true)
        case .passwordDerived(let settings)?: return .passwordDerived(settings)
        case nil: return folder.holdsEncryptedFiles ? .unverifiable(folder.displayPath(root: root)) : .none
        }
    }

    /// The settings the output folder's unlock page publishes, if any.
    private func publishedSettings(in folder: OutputFolder) throws -> UnlockSettings? {
        do {
            return try folder.publishedUnlockSettings(root: root)
        } catch let problem as Diagnostic {
            throw BuildError.unreadableUnlockPage(problem)
        }
    }
}

/// Where the diary keeps the record of its key slots (`KeySlotRecord`), in its build cache.
struct KeySlotStore {
    let cache: BuildCache

    init(root: URL) {
        cache = BuildCache(root: root, output: root)
    }

    /// A new random site key in one password slot, recorded; an earlier release's salt is removed.
    func startNewSite(password: String, now: Date = Date()) throws -> SiteKeys {
        let keys = try SiteKeys.newSite(password: password)
        let slot = keys.slots[0]
        try save(KeySlotRecord(published: keys.published, notes: [slot.id: .init(label: slot.kind.name, added: Int(now.timeIntervalSince1970))]))
        cache.remove(.encryption)
        return keys
    }

    func save(_ record: KeySlotRecord) throws {
        do {
            try cache.write(record)
        } catch {
            throw BuildError.writeFailed(cache.path(of: .keySlots), error.localizedDescription)
        }
    }
}
