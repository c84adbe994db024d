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
}
