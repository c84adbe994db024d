import BuildSupport
import DiaryModel
import Foundation

/// Distinct tokens in UTF-8, numbered in the order they were first inserted, their bytes back to
/// back in one buffer.
///
/// An index sees every token of every entry (two million on the 10,950-entry test diary): as a
/// `Set<String>` and a `[String: Int]`, making each token a `String` and hashing it twice took
/// more of the build than cutting the text into tokens. Here a token is hashed once, from its
/// bytes, and that hash goes with it from an entry's set into the index's (`insert(_:hash:)`).
struct TokenSet {
    /// The tokens' bytes, back to back.
    private(set) var bytes: [UInt8] = []
    /// Where each token ends in `bytes`; it starts where the one before it ends.
    private var ends: [Int] = []
    private(set) var hashes: [UInt64] = []
    /// Open addressing with linear probing: a token's number plus one, or 0 for a free slot.
    /// A power of two in size, at most half full.
    private var slots: [Int32]

    init(capacity: Int = 128) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        ends.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    var count: Int { ends.count }

    /// The bytes of token `number`.
    func token(_ number: Int) -> ArraySlice<UInt8> {
        bytes[(number == 0 ? 0 : ends[number - 1])..<ends[number]]
    }

    /// Token `number` as a string.
    func string(_ number: Int) -> String {
        String(decoding: token(number), as: UTF8.self)
    }

    /// Adds `token` unless it is in the set already.
    /// - Returns: the token's number, and whether this call added it.
    @discardableResult
    mutating func insert(_ token: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        insert(token, hash: Self.hash(token))
    }

    /// `insert(_:)` of a token whose `hash(_:)` is known (from another set).
    mutating func insert(_ token: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (number: Int, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, equals(number, token) { return (number, false) }
            slot = (slot + 1) & mask
        }
        let number = ends.count
        bytes.append(contentsOf: token)
        ends.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Int32(number + 1)
        if ends.count * 2 > slots.count { grow() }
        return (number, true)
    }

    private func equals(_ number: Int, _ token: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = number == 0 ? 0 : ends[number - 1]
        guard ends[number] - start == token.count else { return false }
        guard let base = token.baseAddress, !token.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, base, token.count) == 0 }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    /// `ShortBytesHash` of the token's bytes.
    static func hash(_ token: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ShortBytesHash.hash(UnsafeRawBufferPointer(token))
    }
}
