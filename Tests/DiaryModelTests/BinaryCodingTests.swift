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
}
