import BuildSupport
import DiaryModel

/// The signature of the inputs each page of a build was rendered from, by a hash of the page's
/// path (`key(of:)`). Every page is looked up in it on every build, and a large site's table is
/// loaded and saved on every build too: numbers alone make that cheap, with no string of each
/// of hundreds of thousands of paths. Two paths with one hash would share a slot; a page then
/// finds the other's signature, which differs from its own, and is rendered again.
struct PageSignatureTable: Equatable, BinaryRecord {
    private(set) var byKey: [UInt64: UInt64] = [:]

    static func key(of path: String) -> UInt64 {
        StableHasher.hash(path)
    }

    var count: Int { byKey.count }

    subscript(path: String) -> UInt64? {
        get { byKey[Self.key(of: path)] }
        set { byKey[Self.key(of: path)] = newValue }
    }

    /// Whether a page whose path has the hash `key` (`key(of:)`) has a signature.
    func contains(key: UInt64) -> Bool {
        byKey[key] != nil
    }

    mutating func reserveCapacity(_ count: Int) {
        byKey.reserveCapacity(count)
    }

    func write(into writer: inout BinaryWriter) {
        writer.write(byKey.count)
        // In no particular order, like the manifest: only looked up, never compared.
        for (key, signature) in byKey {
            writer.write(key)
            writer.write(signature)
        }
    }

    /// The table `write` wrote at the reader's place; nil when damaged.
    init?(reading reader: inout BinaryReader) {
        guard let count = reader.int(), count >= 0, count <= reader.remainingCount / 16 else { return nil }
        byKey.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = reader.uint64(), let signature = reader.uint64() else { return nil }
            byKey[key] = signature
        }
    }

    init() {}
}
