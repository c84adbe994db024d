import BuildSupport
import DiaryModel
import Foundation

/// Encrypts a site file by file: what `daybook build --encrypt` publishes instead of the plain site.
///
/// A file is known by its address, its path in the plain site (`2025/10/04/walk/index.html`,
/// `images/2025-10-04-1030-walk_image_1.jpg`, `search/chunks/3.json`). It is published as
///
///     x/<2 hex>/<30 hex>.bin = version 1 ‖ nonce (12) ‖ AES-256-GCM(content ‖ 0x80 ‖ 0…) ‖ tag (16)
///
/// - Name: the first 128 bits of HMAC-SHA256(name key, address) in hex. Without the key a name
///   says nothing about the address, not even which files belong to one day; 128 bits make a
///   collision between two addresses of one site as good as impossible. Two hex digits make a
///   folder level (256 folders): a 20,000-file diary puts about 80 files in each rather than
///   20,000 in one, which every static host accepts and file browsers and git tools list quickly.
/// - Size: the content is padded (`Padding`) so the whole file has one of a few sizes.
/// - Nonce: the first 96 bits of HMAC-SHA256(nonce key, address length ‖ address ‖ content).
///   AES-GCM fails only if one nonce is used for two different plaintexts under one key. A
///   nonce that is a keyed hash of everything encrypted repeats only when the address and the
///   content both repeat, and then the ciphertext is the same file anyway; for different inputs a
///   repeat is a 96-bit collision (for a million file versions under one key, a chance of about
///   1 in 10^17). The same construction is the SIV idea of RFC 5297 and AES-GCM-SIV. It also
///   makes encryption deterministic: an unchanged page encrypts to the same bytes, so a rebuild
///   rewrites only what changed; what that shows, that a file did not change, its unchanged
///   modification time already shows. A random nonce would rewrite every file on every build.
/// - Associated data: the version and the address, so a file moved to another name (a page served
///   as another page) fails to decrypt instead of showing the wrong page.
public struct SiteEncryptor: Sendable {
    /// The folder that holds every encrypted file.
    public static let encryptedFolder = "x"
    /// The format version, the first byte of every encrypted file.
    static let formatVersion: UInt8 = 1
    static let headerByteCount = 1 + AESGCM.nonceByteCount
    static let overheadByteCount = headerByteCount + AESGCM.tagByteCount

    public let keys: SiteKeys

    public init(keys: SiteKeys) {
        self.keys = keys
    }

    /// Where the file at `address` is published, relative to the output folder.
    public func publishedPath(of address: String) -> String {
        let hex = Self.hex(keys.nameKey.code(Array(address.utf8)).prefix(16))
        return "\(Self.encryptedFolder)/\(hex.prefix(2))/\(hex.dropFirst(2)).bin"
    }

    /// The size of the published file for content of `count` bytes (`Padding`).
    public static func publishedSize(ofContent count: Int) -> Int {
        Padding.paddedSize(for: count + 1 + overheadByteCount)
    }

    /// A keyed token that changes when the file at `address` changes (`fingerprint` identifies its
    /// plain content), for the offline list (`offline.json`): a reader's worker keeps each file it
    /// stores with its token, and a token says nothing of the content without the key.
    public func changeToken(of fingerprint: String, at address: String) -> String {
        let code = keys.nameKey.code(Array("daybook 1 offline token\u{0}".utf8), Array(address.utf8), [0], Array(fingerprint.utf8))
        return Self.hex(code.prefix(6))
    }

    /// The published bytes of the file at `address` whose content is `content`.
    public func encrypt(_ content: [UInt8], at address: String) -> [UInt8] {
        let addressBytes = Array(address.utf8)
        let nonce = Array(keys.nonceKey.code(Self.lengthPrefix(addressBytes.count), addressBytes, content)
            .prefix(AESGCM.nonceByteCount))
        let size = Padding.paddedSize(for: content.count + 1 + Self.overheadByteCount)
        var file: [UInt8] = []
        file.reserveCapacity(size)
        file.append(Self.formatVersion)
        file += nonce
        file += content
        file.append(Padding.marker)
        file += repeatElement(0, count: size - file.count)
        let sealed = Self.headerByteCount..<(size - AESGCM.tagByteCount)
        AESGCM.seal(&file, sealed, key: keys.contentKey, nonce: nonce, authenticating: Self.associatedData(addressBytes))
        return file
    }

    /// The content of a published file, given the address it was published for.
    public func decrypt(_ file: [UInt8], at address: String) throws -> [UInt8] {
        guard file.count >= Self.overheadByteCount + 1, file[0] == Self.formatVersion else {
            throw SiteEncryptionError.malformed(address: address)
        }
        var plain = file
        let nonce = Array(file[1..<Self.headerByteCount])
        let sealed = Self.headerByteCount..<(file.count - AESGCM.tagByteCount)
        guard AESGCM.open(&plain, sealed, key: keys.contentKey, nonce: nonce,
                          authenticating: Self.associatedData(Array(address.utf8))) else {
            throw SiteEncryptionError.notAuthentic(address: address)
        }
        guard let length = Padding.contentLength(of: plain, in: sealed) else {
            throw SiteEncryptionError.malformed(address: address)
        }
        return Array(plain[Self.headerByteCount..<(Self.headerByteCount + length)])
    }

    /// The published site for a plain one (address → content): every file encrypted under its
    /// published path, plus the public files (`UnlockPage`). `baseURL` is the site's `base_url`;
    /// `readableAddresses` is `encrypt_addresses: readable`.
    public func encryptSite(_ files: [String: [UInt8]], baseURL: String, readableAddresses: Bool = false) -> [String: [UInt8]] {
        let addresses = files.keys.sorted()
        let encrypted = ParallelMap.map(addresses, chunkSize: 16) { address in
            (publishedPath(of: address), encrypt(files[address]!, at: address))
        }
        var site = UnlockPage(keys: keys, baseURL: baseURL, readableAddresses: readableAddresses).files
        for (path, bytes) in encrypted { site[path] = bytes }
        return site
    }

    private static func associatedData(_ address: [UInt8]) -> [UInt8] {
        [formatVersion] + address
    }

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] }
        return String(decoding: text, as: UTF8.self)
    }

    private static func lengthPrefix(_ count: Int) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(count) >> (8 * UInt64($0))) }
    }
}
