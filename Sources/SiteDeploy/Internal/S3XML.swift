import Foundation

/// What S3 answers in XML, read without an XML library (which every start of `daybook` would
/// then load): the few elements a deploy needs, found by their tags.
enum S3XML {
    /// The text of each `<tag>…</tag>` in `xml`, in order, unescaped.
    static func values(of tag: String, in xml: Substring) -> [String] {
        var found: [String] = []
        var rest = xml
        while let open = rest.range(of: "<\(tag)>"), let close = rest.range(of: "</\(tag)>", range: open.upperBound..<rest.endIndex) {
            found.append(unescape(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    static func value(of tag: String, in xml: String) -> String? {
        values(of: tag, in: xml[...]).first
    }

    static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&#34;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// One page of a ListObjectsV2 answer.
struct S3ListPage {
    /// Key → ETag without its quotes.
    var objects: [(key: String, etag: String)] = []
    var nextToken: String?

    init(xml: String) {
        for contents in S3XML.values(of: "Contents", in: xml[...]) {
            guard let key = S3XML.value(of: "Key", in: contents) else { continue }
            let etag = S3XML.value(of: "ETag", in: contents) ?? ""
            objects.append((key, etag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
        }
        if S3XML.value(of: "IsTruncated", in: xml) == "true" { nextToken = S3XML.value(of: "NextContinuationToken", in: xml) }
    }
}

/// A request S3 refused: its HTTP status and, from the XML body, S3's error code and message.
struct S3Failure: Error, CustomStringConvertible {
    var status: Int
    var code: String?
    var message: String?

    init(answer: S3Client.Answer) {
        status = answer.status
        let xml = String(decoding: answer.body, as: UTF8.self)
        code = S3XML.value(of: "Code", in: xml)
        message = S3XML.value(of: "Message", in: xml)
    }

    /// `HTTP 403 SignatureDoesNotMatch: The request signature we calculated does not match…`.
    var description: String {
        "HTTP \(status)" + (code.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
    }
}
