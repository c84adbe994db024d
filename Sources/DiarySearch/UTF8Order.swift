import Foundation

/// Comparisons of strings by their UTF-8 bytes (which is the order of their Unicode scalars):
/// the order the search index lists keys and tokens in. Native strings are compared with
/// `memcmp`, far faster than the generic sequence algorithms and than `String`'s own comparison
/// (canonical equivalence), which normalised text does not need.
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
