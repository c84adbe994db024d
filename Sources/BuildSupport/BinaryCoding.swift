/// A compact byte format for build state (the entry cache): little-endian integers,
/// length-prefixed UTF-8 strings. Far faster than JSON for tens of megabytes of entries.
/// An `Int` and a `UInt64` take the same eight bytes; a hash is written as the `UInt64` it is.
public struct BinaryWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Makes room for `count` more bytes at once, where growing by doubling would hold a large
    /// buffer twice while it is copied.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    public mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func write(_ value: Int) { write(UInt64(truncatingIfNeeded: value)) }

    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func write(_ value: Double) { write(value.bitPattern) }

    public mutating func write(_ text: String) {
        var copy = text
        copy.withUTF8 { utf8 in
            write(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func write(_ texts: [String]) {
        write(texts.count)
        for text in texts { write(text) }
    }

    /// Integers as `write(_:)` writes each, in one copy: for arrays of hundreds of thousands.
    public mutating func write(ints values: [Int]) {
        write(numbers: values)
    }

    /// Fixed-width integers, each in its own width, little-endian, without their count (the
    /// reader knows it from elsewhere): on a little-endian machine, the array's bytes in one copy.
    public mutating func write<Number: FixedWidthInteger>(numbers values: [Number]) {
        #if _endian(little)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        #endif
    }

    /// Bytes as they are, after their count.
    public mutating func write(rawBytes: [UInt8]) {
        write(rawBytes.count)
        bytes.append(contentsOf: rawBytes)
    }

    /// Bytes as they are, after their count, read as `rawBytes()` reads them.
    public mutating func write(rawBytes: UnsafeRawBufferPointer) {
        write(rawBytes.count)
        bytes.append(contentsOf: UnsafeBufferPointer(start: rawBytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                     count: rawBytes.count))
    }

    /// What `content` writes, after its count of bytes, so that a reader can take it whole as a
    /// `range()` (to decode it once for every place the same bytes are found).
    public mutating func write(block content: (inout BinaryWriter) -> Void) {
        let start = bytes.count
        write(0)
        content(&self)
        let count = UInt64(bytes.count - start - 8).littleEndian
        withUnsafeBytes(of: count) { bytes.replaceSubrange(start..<start + 8, with: $0) }
    }

    /// Bytes as they are, without their count: the reader knows it from elsewhere.
    public mutating func append<Bytes: Collection>(_ content: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: content)
    }

    public mutating func write(optional text: String?) {
        write(text != nil)
        if let text { write(text) }
    }

    public mutating func write(optional number: Int?) {
        write(number != nil)
        if let number { write(number) }
    }

    public mutating func write(optional number: UInt64?) {
        write(number != nil)
        if let number { write(number) }
    }
}

/// Reads what `BinaryWriter` wrote; every read fails (returns nil) past the end, so a damaged
/// file is noticed instead of misread.
public struct BinaryReader {
    private let bytes: SharedBytes
    private var position = 0
    /// Where what is read ends: the end of the bytes, or of the window given.
    private let end: Int

    public init(_ bytes: [UInt8]) {
        self.init(SharedBytes(bytes), window: 0..<bytes.count)
    }

    /// Reads only `window` of shared bytes (a mapped file), so that a part of a large file needs
    /// no copy of its own.
    public init(_ bytes: SharedBytes, window: Range<Int>) {
        precondition(window.lowerBound >= 0 && window.upperBound <= bytes.count)
        self.bytes = bytes
        position = window.lowerBound
        end = window.upperBound
    }

    public var isAtEnd: Bool { position == end }

    /// How many bytes are left to read: a count read from damaged bytes is checked against it
    /// before anything is reserved for it.
    public var remainingCount: Int { end - position }

    public mutating func uint64() -> UInt64? {
        guard position + 8 <= end else { return nil }
        let number = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self)) }
        position += 8
        return number
    }

    public mutating func int() -> Int? {
        uint64().map { Int(truncatingIfNeeded: $0) }
    }

    /// `count` integers as `write(ints:)` wrote them; nil when fewer are left.
    public mutating func ints(count: Int) -> [Int]? {
        numbers(count: count, as: Int.self)
    }

    /// `count` integers of `type` as `write(numbers:)` wrote them; nil when fewer are left.
    public mutating func numbers<Number: FixedWidthInteger>(count: Int, as type: Number.Type) -> [Number]? {
        let size = MemoryLayout<Number>.size
        guard count >= 0, count <= (end - position) / size else { return nil }
        defer { position += count * size }
        return bytes.withUnsafeBytes { buffer in
            [Number](unsafeUninitializedCapacity: count) { target, initialized in
                UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[position..<position + count * size]))
                #if !_endian(little)
                for index in 0..<count { target[index] = Number(littleEndian: target[index]) }
                #endif
                initialized = count
            }
        }
    }

    public mutating func bool() -> Bool? {
        guard position < end else { return nil }
        let value = bytes.withUnsafeBytes { $0[position] }
        guard value <= 1 else { return nil }
        position += 1
        return value == 1
    }

    public mutating func double() -> Double? {
        uint64().map(Double.init(bitPattern:))
    }

    public mutating func string() -> String? {
        guard let count = int(), count >= 0, position + count <= end else { return nil }
        defer { position += count }
        return bytes.string(position..<position + count)
    }

    /// The next string, as `string()`; `likely` itself when the bytes are its UTF-8, which shares
    /// that string's storage instead of making (and validating) a copy.
    public mutating func string(likely: String) -> String? {
        guard let count = int(), count >= 0, position + count <= end else { return nil }
        defer { position += count }
        return bytes.bytes(position..<position + count, areUTF8Of: likely) ? likely : bytes.string(position..<position + count)
    }

    /// Where the bytes of the next length-prefixed string or raw bytes lie, without copying them.
    public mutating func range() -> Range<Int>? {
        guard let count = int(), count >= 0, position + count <= end else { return nil }
        defer { position += count }
        return position..<position + count
    }

    /// Where in the bytes the next read starts.
    public var offset: Int { position }

    /// What `write(rawBytes:)` wrote.
    public mutating func rawBytes() -> [UInt8]? {
        guard let count = int(), count >= 0, position + count <= end else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    public mutating func strings() -> [String]? {
        guard let count = int(), count >= 0, count <= end - position else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count {
            guard let text = string() else { return nil }
            texts.append(text)
        }
        return texts
    }

    public mutating func optionalString() -> String?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let text = string() else { return nil }
        return .some(text)
    }

    /// What `write(optional:)` wrote of a number.
    public mutating func optionalInt() -> Int?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let number = int() else { return nil }
        return .some(number)
    }

    /// What `write(optional:)` wrote of a `UInt64`.
    public mutating func optionalUInt64() -> UInt64?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let number = uint64() else { return nil }
        return .some(number)
    }
}
