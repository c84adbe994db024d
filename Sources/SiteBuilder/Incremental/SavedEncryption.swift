import BuildSupport
import DiaryModel
import SiteEncryption
import SiteOutput

/// The file of the build cache in which releases before key slots kept an encrypted site's salt and
/// the password check of its keys (the same value their unlock page published): never the password.
/// Read once, to check the password before the site moves to key slots, then removed.
struct SavedEncryption: CacheRecord, Equatable {
    static var file: BuildCache.File { .encryption }

    var salt: [UInt8]
    var check: [UInt8]

    init(salt: [UInt8], check: [UInt8]) {
        self.salt = salt
        self.check = check
    }

    func write(into writer: inout BinaryWriter) {
        writer.write(rawBytes: salt)
        writer.write(rawBytes: check)
    }

    init?(reading reader: inout BinaryReader) {
        guard let salt = reader.rawBytes(), salt.count == SiteKeys.saltByteCount, let check = reader.rawBytes() else { return nil }
        self.init(salt: salt, check: check)
    }
}
