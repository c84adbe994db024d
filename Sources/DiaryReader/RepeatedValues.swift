import BuildSupport
import DiaryModel
import Foundation

/// Values that many entries of a cache hold alike (emotion lists, tag lists, front-matter
/// extras, picture paths), decoded once and then shared: the same bytes decode to the same
/// value, so the next entry with them gets a copy of the first one's instead of new strings,
/// arrays and dictionaries. One table serves one segment, decoded on one core.
struct RepeatedValues<Value> {
    /// Each value decoded, with where its bytes lie and their hash.
    private var values: [(hash: UInt64, range: Range<Int>, value: Value)] = []
    /// An open-addressed table of positions in `values` (plus one; 0 is a free slot), at most
    /// half full. Found without Swift's `Hasher`, which costs more than the rest of a lookup.
    private var slots = [Int32](repeating: 0, count: 64)

    /// The value of the bytes at `range`: the one decoded from the same bytes before, or
    /// `decode`'s (nil when the bytes are damaged).
    mutating func value(at range: Range<Int>, in bytes: SharedBytes, decode: (Range<Int>) -> Value?) -> Value? {
        let (hash, slot, earlier) = bytes.withUnsafeBytes { all -> (UInt64, Int, Value?) in
            let start = all.baseAddress! + range.lowerBound
            let hash = ShortBytesHash.hash(UnsafeRawBufferPointer(start: start, count: range.count))
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                let known = values[Int(slots[slot]) - 1]
                if known.hash == hash, known.range.count == range.count,
                   memcmp(all.baseAddress! + known.range.lowerBound, start, range.count) == 0 {
                    return (hash, slot, known.value)
                }
                slot = (slot + 1) & mask
            }
            return (hash, slot, nil)
        }
        if let earlier { return earlier }
        guard let value = decode(range) else { return nil }
        values.append((hash, range, value))
        slots[slot] = Int32(values.count)
        if values.count * 2 > slots.count { grow() }
        return value
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (position, known) in values.enumerated() {
            var slot = Int(truncatingIfNeeded: known.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
        }
    }
}

/// The repeated values of one segment of the entry cache, by kind.
struct SegmentValues {
    var strings = RepeatedValues<String>()
    var lists = RepeatedValues<[String]>()
    var extras = RepeatedValues<[String: MetadataValue]>()

    /// The length-prefixed string next in `reader`, shared with an earlier one of the same bytes.
    mutating func string(_ reader: inout BinaryReader, in bytes: SharedBytes) -> String? {
        guard let range = reader.range() else { return nil }
        return strings.value(at: range, in: bytes) { bytes.string($0) }
    }

    /// The string next in `reader` if there is one (`write(optional:)`), shared as `string(_:in:)`.
    mutating func optionalString(_ reader: inout BinaryReader, in bytes: SharedBytes) -> String?? {
        guard let present = reader.bool() else { return nil }
        guard present else { return .some(nil) }
        return string(&reader, in: bytes).map { .some($0) }
    }

    /// The list of strings in the block next in `reader` (`BinaryWriter.write(block:)`), shared.
    mutating func list(_ reader: inout BinaryReader, in bytes: SharedBytes) -> [String]? {
        guard let range = reader.range() else { return nil }
        return lists.value(at: range, in: bytes) { range in
            var block = BinaryReader(bytes, window: range)
            guard let list = block.strings(), block.isAtEnd else { return nil }
            return list
        }
    }
}
