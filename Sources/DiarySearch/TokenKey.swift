import Foundation

/// A token compared and hashed by its UTF-8 bytes: the tokens are normalised already, so
/// `String`'s own comparison (canonical equivalence) would only cost time.
struct TokenKey: Hashable {
    var text: String

    init(_ text: String) { self.text = text }

    static func == (a: TokenKey, b: TokenKey) -> Bool { UTF8Order.equal(a.text, b.text) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Comparisons of strings by their UTF-8 bytes (which is the order of their Unicode scalars),
/// the order the index's files list keys and tokens in. Native strings are compared with
/// `memcmp`, far faster than the generic sequence algorithms.
enum UTF8Order {
    static func precedes(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    static func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && compare(a, b) == 0
    }

    private static func compare(_ a: String, _ b: String) -> Int {
        let result = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Int in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
                return order != 0 ? order : x.count - y.count
            }
        }
        if let result = result ?? nil { return result }
        if a.utf8.lexicographicallyPrecedes(b.utf8) { return -1 }
        return a.utf8.elementsEqual(b.utf8) ? 0 : 1
    }
}
