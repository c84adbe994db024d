/// One, two or three characters (Unicode scalars) of a token, packed for hashing: the keys of
/// the index.
struct Gram: Hashable {
    var packed: UInt64
    var count: UInt8

    init(_ a: Unicode.Scalar) { packed = UInt64(a.value); count = 1 }
    init(_ a: Unicode.Scalar, _ b: Unicode.Scalar) { packed = UInt64(a.value) << 21 | UInt64(b.value); count = 2 }
    init(_ a: Unicode.Scalar, _ b: Unicode.Scalar, _ c: Unicode.Scalar) {
        packed = UInt64(a.value) << 42 | UInt64(b.value) << 21 | UInt64(c.value)
        count = 3
    }

    var string: String {
        SearchText.string((0..<Int(count)).reversed().map { Unicode.Scalar(UInt32(truncatingIfNeeded: packed >> (21 * UInt64($0))) & 0x1F_FFFF)! })
    }

    /// The distinct 1- and 2-character keys (`entries`) and 3-character keys (`triples`) of a token.
    static func grams(of token: String, entries: inout Set<Gram>, triples: inout Set<Gram>) {
        let scalars = Array(token.unicodeScalars)
        for offset in scalars.indices {
            entries.insert(Gram(scalars[offset]))
            guard offset + 1 < scalars.count else { continue }
            entries.insert(Gram(scalars[offset], scalars[offset + 1]))
            guard offset + 2 < scalars.count else { continue }
            triples.insert(Gram(scalars[offset], scalars[offset + 1], scalars[offset + 2]))
        }
    }
}
