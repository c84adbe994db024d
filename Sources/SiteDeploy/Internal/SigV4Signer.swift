import Foundation
import SiteEncryption

/// AWS Signature Version 4 (the header form): what S3 and every S3-compatible store check on each
/// request. A canonical form of the request is hashed, and the hash signed with a key derived from
/// the secret, the day, the region and the service; the secret itself never travels.
struct SigV4Signer {
    var accessKey: String
    var secretKey: String
    var region: String
    var service = "s3"

    /// One request as it is signed: `headers` are those signed (names in any case), `path` already
    /// URI-encoded, `query` not yet.
    struct Request {
        var method: String
        var path: String
        var query: [(name: String, value: String)] = []
        var headers: [String: String]
        var payloadHash: String
    }

    /// The `Authorization` header's value for `request` made at `amzDate` (`20150830T123600Z`).
    func authorization(for request: Request, amzDate: String) -> String {
        let scope = "\(amzDate.prefix(8))/\(region)/\(service)/aws4_request"
        return "AWS4-HMAC-SHA256 Credential=\(accessKey)/\(scope), SignedHeaders=\(Self.signedHeaders(request.headers)), "
            + "Signature=\(signature(for: request, amzDate: amzDate))"
    }

    func signature(for request: Request, amzDate: String) -> String {
        let day = String(amzDate.prefix(8))
        var key = Array("AWS4\(secretKey)".utf8)
        for part in [day, region, service, "aws4_request"] { key = HMACSHA256(key: key).code(Array(part.utf8)) }
        return FileDigest.hex(HMACSHA256(key: key).code(Array(stringToSign(for: request, amzDate: amzDate).utf8)))
    }

    func stringToSign(for request: Request, amzDate: String) -> String {
        let scope = "\(amzDate.prefix(8))/\(region)/\(service)/aws4_request"
        let hash = FileDigest.hex(HMACSHA256.sha256(Array(Self.canonicalRequest(request).utf8)))
        return "AWS4-HMAC-SHA256\n\(amzDate)\n\(scope)\n\(hash)"
    }

    static func canonicalRequest(_ request: Request) -> String {
        let headers = request.headers.map { (name: $0.key.lowercased(), value: trimmed($0.value)) }.sorted { $0.name < $1.name }
        return [request.method, request.path, canonicalQuery(request.query),
                headers.map { "\($0.name):\($0.value)\n" }.joined(), signedHeaders(request.headers), request.payloadHash]
            .joined(separator: "\n")
    }

    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        let encoded: [(name: String, value: String)] = query.map { (encode($0.name), encode($0.value)) }
        let sorted = encoded.sorted { first, second in
            first.name == second.name ? first.value < second.value : first.name < second.name
        }
        return sorted.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    static func signedHeaders(_ headers: [String: String]) -> String {
        headers.keys.map { $0.lowercased() }.sorted().joined(separator: ";")
    }

    /// A header's value with its ends trimmed and inner runs of spaces made one.
    private static func trimmed(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters (and `/` when `keepingSlashes`).
    static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: "/") where keepingSlashes:
                encoded.append("/")
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// `20150830T123600Z` for `date`.
    static func amzDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}
