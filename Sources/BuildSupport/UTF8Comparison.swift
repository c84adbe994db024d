import Foundation

/// A string's UTF-8 compared byte for byte, as a file system compares names. String's own
/// `hasPrefix`, `hasSuffix` and `==` compare characters under Unicode's rules, about ten times
/// the cost, and a build asks this of every path it knows (90,000 at 109,500 entries). Inlinable,
/// so that the closures are specialised where they are called.
extension String {
    @inlinable public func hasUTF8Prefix(_ prefix: String) -> Bool {
        withUTF8Pair(prefix) { text, prefix in text.count >= prefix.count && Self.same(text.baseAddress, prefix.baseAddress, prefix.count) }
    }

    @inlinable public func hasUTF8Suffix(_ suffix: String) -> Bool {
        withUTF8Pair(suffix) { text, suffix in
            text.count >= suffix.count && Self.same(text.baseAddress.map { $0 + (text.count - suffix.count) }, suffix.baseAddress, suffix.count)
        }
    }

    @inlinable public func isUTF8Equal(to other: String) -> Bool {
        withUTF8Pair(other) { a, b in a.count == b.count && Self.same(a.baseAddress, b.baseAddress, a.count) }
    }

    @inlinable func withUTF8Pair<Result>(_ other: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = self, other = other
        return text.withUTF8 { text in other.withUTF8 { body(text, $0) } }
    }

    @inlinable static func same(_ a: UnsafePointer<UInt8>?, _ b: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        guard count > 0, let a, let b else { return true }
        return memcmp(a, b, count) == 0
    }
}

/// Text compared and hashed by its UTF-8 bytes: far cheaper than `String`'s own comparison, which
/// treats canonically equivalent spellings as equal and so normalises text that is not ASCII.
public struct UTF8Key: Hashable, Sendable {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public static func == (a: UTF8Key, b: UTF8Key) -> Bool {
        a.text.isUTF8Equal(to: b.text)
    }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
