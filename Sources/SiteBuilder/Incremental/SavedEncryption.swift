import BuildSupport
import DiaryModel
import SiteEncryption
import SiteOutput

/// The file of the build cache that holds an encrypted site's salt and the password check of
/// its keys (the same value the unlock page publishes): never the password.
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
