/// Lists of entry numbers (ascending) as short JSON-safe strings, whichever form is shorter:
///
/// - gaps: each gap (the first number + 1, then the difference to the previous one) minus 1,
///   written in base 32, most significant digit first, with the alphabet's upper half
///   (`ALPHABET[32...]`) for every digit but the last, so `[0, 1, 2]` is `"000"` and `[40]` is `"x8"`;
/// - bitmap: `~` and then one character per six entries, bit `i` of character `k` standing for
///   entry `6k + i`, trailing empty characters left out.
///
/// A list whose entries carry ranking weights (`RankWeights`; every list but a filter key's)
/// is followed by a space and one character per entry, in order: the alphabet's character for
/// its weight, 1–63.
///
/// The same code is in search.js (`decodePostings`).
enum PostingsCoding {
    static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)
    static let bitmapMark = UInt8(ascii: "~")

    private static let digitValues: [Int8] = {
        var values = [Int8](repeating: -1, count: 128)
        for (value, character) in alphabet.enumerated() { values[Int(character)] = Int8(value) }
        return values
    }()

    static func encode(_ numbers: [Int]) -> [UInt8] {
        var list = GrowingList()
        for number in numbers { list.append(number) }
        return list.encoded()
    }

    /// A list built one number at a time, kept in the gaps form as it grows: about one byte per
    /// number for the lists of common keys (eight as `[Int]`), so a big diary's lists fit in
    /// memory while its index is built. `encoded()` is what `encode` gives for the whole list.
    struct GrowingList {
        private var gaps: [UInt8] = []
        /// The last number appended; -1 while the list is empty.
        private(set) var last = -1

        /// Appends `number`, which must be greater than `last`.
        mutating func append(_ number: Int) {
            appendDigits(of: number - last - 1, to: &gaps)
            last = number
        }

        /// The list in whichever form is shorter.
        func encoded() -> [UInt8] {
            guard last / 6 + 2 < gaps.count else { return gaps }
            var bitmap = [UInt8](repeating: 0, count: last / 6 + 1)
            // The gaps are this type's own: they always decode.
            try? PostingsCoding.forEachNumber(inGaps: gaps) { bitmap[$0 / 6] |= 1 << UInt8($0 % 6) }
            return [bitmapMark] + bitmap.map { alphabet[Int($0)] }
        }
    }

    /// `postings` (as `encode` writes them), then a space and `weights` when there are weights.
    static func weighted(_ postings: [UInt8], weights: [UInt8]?) -> [UInt8] {
        guard let weights else { return postings }
        return postings + [UInt8(ascii: " ")] + weights.map { alphabet[Int($0)] }
    }

    /// A list as `weighted(_:weights:)` writes it: its numbers, and its weights when it has them.
    static func decodeWeighted(_ text: String) throws -> (numbers: [Int], weights: [UInt8]?) {
        let bytes = Array(text.utf8)
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return (try decode(bytes[...]), nil) }
        let numbers = try decode(bytes[..<space])
        let weights = try bytes[(space + 1)...].map { UInt8(try digit($0)) }
        guard weights.count == numbers.count, !weights.contains(0) else { throw PostingsError() }
        return (numbers, weights)
    }

    /// The numbers of a list, weights left out.
    static func decode(_ text: String) throws -> [Int] {
        try decodeWeighted(text).numbers
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) throws -> [Int] {
        var numbers: [Int] = []
        if bytes.first == bitmapMark {
            for (position, byte) in bytes.dropFirst().enumerated() {
                let bits = try digit(byte)
                for bit in 0..<6 where bits & (1 << bit) != 0 { numbers.append(position * 6 + bit) }
            }
            return numbers
        }
        try forEachNumber(inGaps: bytes) { numbers.append($0) }
        return numbers
    }

    /// Calls `body` with each number of a list in the gaps form, in order.
    private static func forEachNumber(inGaps bytes: some Collection<UInt8>, _ body: (Int) -> Void) throws {
        var value = 0
        var previous = -1
        for byte in bytes {
            let digit = try digit(byte)
            value = value * 32 + (digit & 31)
            if digit < 32 {
                previous += value + 1
                body(previous)
                value = 0
            }
        }
        guard value == 0 else { throw PostingsError() }
    }

    private static func appendDigits(of value: Int, to output: inout [UInt8]) {
        var shift = 0
        while value >> (shift + 5) > 0 { shift += 5 }
        while shift > 0 {
            output.append(alphabet[32 + (value >> shift) & 31])
            shift -= 5
        }
        output.append(alphabet[value & 31])
    }

    private static func digit(_ byte: UInt8) throws -> Int {
        guard byte < 128, digitValues[Int(byte)] >= 0 else { throw PostingsError() }
        return Int(digitValues[Int(byte)])
    }

    struct PostingsError: Error {}
}
