/// A value saved in the binary coding (`BinaryWriter`) whose layout is written down once: the
/// type that writes it is the type that reads it back, so the two directions cannot drift apart.
public protocol BinaryRecord {
    /// Reads what `write(into:)` wrote at the reader's place; nil when it is damaged.
    init?(reading reader: inout BinaryReader)

    func write(into writer: inout BinaryWriter)
}

extension BinaryRecord {
    /// The record alone, as bytes.
    public func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        write(into: &writer)
        return writer.bytes
    }

    /// The record that fills `bytes` exactly; nil when they are damaged, cut short or go on past it.
    public init?(decoding bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        self.init(readingToEnd: &reader)
    }

    /// The record that fills the rest of `reader` exactly, as `init?(decoding:)` reads it.
    public init?(readingToEnd reader: inout BinaryReader) {
        guard let record = Self(reading: &reader), reader.isAtEnd else { return nil }
        self = record
    }
}
