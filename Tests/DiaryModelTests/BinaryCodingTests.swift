import BuildSupport
import DiaryModel
import XCTest

/// Blocks of integers read back as they were written, among other values, and never past the end.
final class BinaryCodingTests: XCTestCase {
    func testABlockOfIntegersReadsBackAsWrittenAndNoFurther() throws {
        let numbers = [0, -1, 1, Int.max, Int.min, 42, -9_000_000_000, 1 << 40]
        var writer = BinaryWriter()
        writer.write("before")
        writer.write(ints: numbers)
        writer.write(7)
        writer.write(ints: [])

        var reader = BinaryReader(writer.bytes)
        XCTAssertEqual(reader.string(), "before")
        XCTAssertEqual(reader.ints(count: numbers.count), numbers)
        XCTAssertEqual(reader.int(), 7, "each integer of a block is written as one alone is")
        XCTAssertEqual(reader.ints(count: 0), [])
        XCTAssertTrue(reader.isAtEnd)

        var short = BinaryReader(Array(writer.bytes.dropLast(8)))
        XCTAssertEqual(short.string(), "before")
        XCTAssertNil(short.ints(count: numbers.count + 1), "more than are left")
        XCTAssertNil(short.ints(count: -1))
        XCTAssertEqual(short.ints(count: numbers.count), numbers)
    }

    func testAStringReadWithALikelyValueIsTheStringWrittenWhetherOrNotItIsThatValue() {
        let written = ["Content/2025/11/01/0740-first-snow.md", "Content/일기/하루.md", "", "short", "Content/2025/11/01/0740-first-snow.mx"]
        let likely = "Content/2025/11/01/0740-first-snow.md"
        var writer = BinaryWriter()
        for text in written { writer.write(text) }
        var reader = BinaryReader(writer.bytes)
        for text in written { XCTAssertEqual(reader.string(likely: likely), text) }
        XCTAssertTrue(reader.isAtEnd)
        var again = BinaryReader(writer.bytes)
        XCTAssertEqual(again.string(likely: ""), written[0])
        XCTAssertEqual(again.string(likely: "Content/일기/하루.md"), written[1])
        XCTAssertEqual(again.string(likely: "x"), "")
        var short = BinaryReader(Array(writer.bytes.prefix(12)))
        XCTAssertNil(short.string(likely: likely), "longer than what is left")
    }

    func testAUInt64ReadsBackAsWrittenAboveInt64MaxAndInTheBytesOfAnInt() {
        let values: [UInt64] = [0, 1, UInt64(Int64.max), UInt64(Int64.max) + 1, 0xDEAD_BEEF_CAFE_F00D, .max]
        var writer = BinaryWriter()
        for value in values { writer.write(value) }
        writer.write(optional: UInt64?.none)
        writer.write(optional: UInt64.max - 7)
        var reader = BinaryReader(writer.bytes)
        for value in values { XCTAssertEqual(reader.uint64(), value) }
        XCTAssertEqual(reader.optionalUInt64(), .some(nil))
        XCTAssertEqual(reader.optionalUInt64(), .some(UInt64.max - 7))
        XCTAssertNil(reader.uint64(), "nothing is read past the end")
        XCTAssertTrue(reader.isAtEnd)

        // Eight bytes either way: the same bytes read back as either kind of integer.
        var int = BinaryWriter()
        int.write(-1)
        var unsigned = BinaryWriter()
        unsigned.write(UInt64.max)
        XCTAssertEqual(int.bytes, unsigned.bytes)
        XCTAssertEqual(unsigned.bytes, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        var mixed = BinaryReader(unsigned.bytes + [1, 0, 0, 0, 0, 0, 0, 0x80])
        XCTAssertEqual(mixed.int(), -1)
        XCTAssertEqual(mixed.uint64(), (1 << 63) + 1, "little-endian")

        var short = BinaryReader(Array(writer.bytes.prefix(7)))
        XCTAssertNil(short.uint64())
        var cutOptional = BinaryReader([1, 0xFF, 0xFF])
        XCTAssertTrue(cutOptional.optionalUInt64() == .none, "present, but cut short")
    }

    func testBlocksOfFixedWidthNumbersReadBackInTheirOwnWidths() {
        let hashes: [UInt64] = [0, .max, UInt64(Int64.max) + 1, 42]
        let positions: [Int32] = [0, -1, .max, .min, 7]
        var writer = BinaryWriter()
        writer.write(numbers: hashes)
        writer.write(numbers: positions)
        XCTAssertEqual(writer.bytes.count, 4 * 8 + 5 * 4)
        XCTAssertEqual(Array(writer.bytes[32..<36]), [0, 0, 0, 0])
        XCTAssertEqual(Array(writer.bytes[36..<40]), [0xFF, 0xFF, 0xFF, 0xFF])

        var reader = BinaryReader(writer.bytes)
        XCTAssertEqual(reader.numbers(count: hashes.count, as: UInt64.self), hashes)
        XCTAssertEqual(reader.remainingCount, 20)
        XCTAssertNil(reader.numbers(count: positions.count + 1, as: Int32.self), "more than are left")
        XCTAssertNil(reader.numbers(count: -1, as: Int32.self))
        XCTAssertEqual(reader.numbers(count: positions.count, as: Int32.self), positions)
        XCTAssertTrue(reader.isAtEnd)
    }

    func testARecordDecodesOnlyFromExactlyTheBytesItWrote() {
        let record = MoodNote(day: 20_251_101, mood: "calm", stamp: .max - 1)
        let bytes = record.encoded()
        XCTAssertEqual(MoodNote(decoding: bytes), record)
        for count in 0..<bytes.count {
            XCTAssertNil(MoodNote(decoding: Array(bytes.prefix(count))), "cut to \(count) bytes")
        }
        XCTAssertNil(MoodNote(decoding: bytes + [0]), "a byte more than the record")
    }
}

/// A record made up for the tests: a day, a mood and a stamp above `Int64.max`.
private struct MoodNote: BinaryRecord, Equatable {
    var day: Int
    var mood: String
    var stamp: UInt64

    init(day: Int, mood: String, stamp: UInt64) {
        self.day = day
        self.mood = mood
        self.stamp = stamp
    }

    init?(reading reader: inout BinaryReader) {
        guard let day = reader.int(), let mood = reader.string(), let stamp = reader.uint64() else { return nil }
        self.init(day: day, mood: mood, stamp: stamp)
    }

    func write(into writer: inout BinaryWriter) {
        writer.write(day)
        writer.write(mood)
        writer.write(stamp)
    }
}
