/// `s3://bucket/prefix`: the bucket and the key prefix ("" or ending in "/").
public struct S3Address: Sendable, Equatable {
    public var bucket: String
    public var prefix: String

    public init?(_ url: String) {
        guard url.hasPrefix("s3://") else { return nil }
        let rest = url.dropFirst(5)
        let bucket = rest.prefix { $0 != "/" }
        guard !bucket.isEmpty, bucket.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else { return nil }
        let path = rest.dropFirst(bucket.count).drop { $0 == "/" }
        self.bucket = String(bucket)
        prefix = path.isEmpty ? "" : (path.hasSuffix("/") ? String(path) : String(path) + "/")
    }
}
