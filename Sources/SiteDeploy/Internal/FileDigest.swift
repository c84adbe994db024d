import CLibCrypto
import Foundation

/// The digests a deploy compares files by: MD5, which S3 reports as a single-part upload's ETag,
/// and git's blob id (SHA-1 of `blob <size>\0` and the bytes). Neither guards a secret here; they
/// only tell whether two copies of a file are the same. A digest that cannot be computed is nil,
/// never a made-up value: one wrong digest would judge a changed file unchanged and leave the
/// target stale without a word.
enum FileDigest {
    /// Throws unless libcrypto, which computes both digests, can be used: a deploy checks this
    /// before it plans, so that it stops with what to install rather than with every file unknown.
    static func requireLibrary() throws {
        if let failure = daybook_crypto_load() {
            throw DeployError.Reason.library("a deploy compares files by their MD5 and SHA-1 digests, which need OpenSSL's libcrypto: "
                                             + String(cString: failure) + "; nothing was sent")
        }
    }

    static func md5(_ bytes: [UInt8]) -> String? {
        var digest = [UInt8](repeating: 0, count: 16)
        guard MD5(bytes, bytes.count, &digest) != nil else { return nil }
        return hex(digest)
    }

    static func gitBlobID(_ bytes: [UInt8]) -> String? {
        let whole = Array("blob \(bytes.count)\0".utf8) + bytes
        var digest = [UInt8](repeating: 0, count: 20)
        guard SHA1(whole, whole.count, &digest) != nil else { return nil }
        return hex(digest)
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
