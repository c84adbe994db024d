import DiaryModel
import SiteEncryption
import SitePages

/// The encryption stage of `daybook build --encrypt`, which the writer applies to the site's
/// files as it writes them.
///
/// Everything before the writer works on the plain site: pages are planned, signed and rendered
/// as for a plain build, and a file's fingerprint is that of its plain bytes. Only a file that
/// the writer finds changed is encrypted, under its published path (`SiteEncryptor`); the public
/// files (`UnlockPage`) are written in the clear beside them.
///
/// The build cache records what the output folder holds by published path (so the writer
/// removes stale encrypted files as it removes stale plain ones), and each published path's
/// address, so that the next build can look up a page or a search file by its address.
package struct OutputEncryption: Sendable {
    package let encryptor: SiteEncryptor

    package init(keys: SiteKeys) {
        encryptor = SiteEncryptor(keys: keys)
    }

    /// Identifies the keys: the site key's published id (the same whatever the slots).
    var keyID: [UInt8] { encryptor.keys.keyID }

    package func publishedPath(of address: String) -> String {
        encryptor.publishedPath(of: address)
    }

    package func encrypt(_ content: [UInt8], at address: String) -> [UInt8] {
        encryptor.encrypt(content, at: address)
    }

    /// The files published in the clear, for the site's configuration (in the site's language).
    package func publicFiles(for config: DiaryConfig) -> [OutputFile] {
        UnlockPage(keys: encryptor.keys, config: config).files.sorted { $0.key < $1.key }
            .map { OutputFile(path: $0.key, content: .bytes($0.value)) }
    }

    /// The last build's manifest and missing files by address, from the same by published path
    /// and the addresses the last build recorded (`saveAddresses`). Files published under other
    /// keys, or in the clear, have no address here: to this build they do not exist.
    func siteView(of manifest: ManifestView?, missing: Set<String>, cache: BuildCache)
        -> (manifest: ManifestView?, missing: Set<String>) {
        guard let manifest else { return (nil, []) }
        let addresses = loadAddresses(from: cache)
        var byAddress: [String: String] = [:]
        byAddress.reserveCapacity(addresses.count)
        var missingAddresses = Set<String>()
        for (published, fingerprint) in manifest.entries {
            guard let address = addresses[published] else { continue }
            byAddress[address] = fingerprint
            if missing.contains(published) { missingAddresses.insert(address) }
        }
        return (ManifestView(byAddress), missingAddresses)
    }

    /// Saves published path → address for the files the output folder holds, with the key they
    /// were published under.
    package func saveAddresses(_ addresses: [String: String], to cache: BuildCache) throws {
        try cache.write(PublishedAddresses(keyID: keyID, byPublishedPath: addresses))
    }

    /// The saved addresses, when they were saved under these keys; empty otherwise.
    private func loadAddresses(from cache: BuildCache) -> [String: String] {
        guard let saved = cache.read(PublishedAddresses.self), saved.keyID == keyID else { return [:] }
        return saved.byPublishedPath
    }
}
