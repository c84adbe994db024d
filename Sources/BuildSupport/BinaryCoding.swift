/// A compact, versioned byte format for build state (the entry cache): little-endian integers,
/// length-prefixed UTF-8 strings. Far faster than JSON for tens of megabytes of entries.
public struct BinaryWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Makes room for `count` more bytes at once, where growing by doubling would hold a large
    /// buffer twice while it is copied.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    public mutating func write(_ value: Int) {
        withUnsafeBytes(of: UInt64(bitPattern: Int64(value)).littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func write(_ value: Double) { write(Int(Int64(bitPattern: value.bitPattern))) }

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
        #if _endian(little)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for value in values { write(value) }
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

    public mutating func int() -> Int? {
        guard position + 8 <= end else { return nil }
        let number = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self)) }
        position += 8
        return Int(Int64(bitPattern: number))
    }

    /// `count` integers as `write(ints:)` wrote them; nil when fewer are left.
    public mutating func ints(count: Int) -> [Int]? {
        guard count >= 0, count <= (end - position) / 8 else { return nil }
        defer { position += count * 8 }
        return bytes.withUnsafeBytes { buffer in
            #if _endian(little)
            [Int](unsafeUninitializedCapacity: count) { target, initialized in
                UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[position..<position + count * 8]))
                initialized = count
            }
            #else
            (0..<count).map { Int(Int64(bitPattern: UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: position + $0 * 8, as: UInt64.self)))) }
            #endif
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
        int().map { Double(bitPattern: UInt64(bitPattern: Int64($0))) }
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
}
