import DaybookTestSupport
@testable import DiaryImport
import DiaryModel
import DiaryReader
import Foundation
import XCTest

/// The text and place of a new entry file, shared by `daybook new` and the importers.
final class EntryFileTests: XCTestCase {
    func testTextReadsBackExactlyAsGiven() throws {
        let diary = try TemporaryDiary(self)
        let text = EntryFileText(title: "no", date: LocalDateTime("2025-10-20 09:30:05"), emotion: "happy",
                                 tags: ["2025", "a: b", "가을 \"산책\""], images: [],
                                 extra: [.init("weather", .text("yes")), .init("starred", .flag(true)), .init("note", .text("tab\tand\\"))],
                                 body: "# Not the title\n\nBody.\n\n\n")
        try diary.write(text.rendered, to: "Content/2025/10/20/0930.md")
        let result = diary.read()
        XCTAssertEqual(result.diagnostics, [])
        let entry = try XCTUnwrap(result.diary.entries.first)
        XCTAssertEqual(entry.title, "no")
        XCTAssertEqual(entry.tags, ["2025", "a: b", "가을 \"산책\""])
        XCTAssertEqual(entry.local, LocalDateTime("2025-10-20 09:30:05"))
        XCTAssertEqual(entry.extra["weather"], .string("yes"))
        XCTAssertEqual(entry.extra["starred"], .bool(true))
        XCTAssertEqual(entry.extra["note"], .string("tab\tand\\"))
        XCTAssertTrue(text.rendered.hasSuffix("---\n\n# Not the title\n\nBody.\n"), text.rendered)
    }

    func testAnEntryWithoutLettersInItsTitleIsNamedByItsTime() {
        let at = LocalDateTime("2025-10-20 08:10")
        var taken = Set<String>()
        for title in [nil, "🎉", "!!!", "🎉"] {
            taken.insert(EntryFilePlacement.first(at: at, title: title, isTaken: taken.contains).entryPath)
        }
        XCTAssertEqual(taken.sorted(), ["Content/2025/10/20/0810-2.md", "Content/2025/10/20/0810-3.md",
                                        "Content/2025/10/20/0810-4.md", "Content/2025/10/20/0810.md"])
    }

    func testPicturesSitBesideTheEntryAndATakenPictureNameMovesTheWholeEntry() {
        let at = LocalDateTime("2025-10-20 09:30")
        let first = EntryFilePlacement.first(at: at, title: "가을 산책", pictureExtensions: ["jpeg", "png"]) { _ in false }
        XCTAssertEqual(first, EntryFilePlacement(entryPath: "Content/2025/10/20/0930-가을-산책.md",
                                                 picturePaths: ["Content/2025/10/20/0930-가을-산책-1.jpeg", "Content/2025/10/20/0930-가을-산책-2.png"]))
        let moved = EntryFilePlacement.first(at: at, title: "가을 산책", pictureExtensions: ["jpeg"]) {
            $0 == "Content/2025/10/20/0930-가을-산책-1.jpeg"
        }
        XCTAssertEqual(moved.entryPath, "Content/2025/10/20/0930-가을-산책-2.md")
        XCTAssertEqual(moved.picturePaths, ["Content/2025/10/20/0930-가을-산책-2-1.jpeg"])
    }

    func testALongTitleIsCutAtAWord() {
        let placement = EntryFilePlacement.first(at: LocalDateTime("2025-10-20 09:30"),
                                                 title: "A very long first line that goes on and on about the whole afternoon") { _ in false }
        XCTAssertEqual(placement.entryPath, "Content/2025/10/20/0930-a-very-long-first-line-that-goes-on-and-on-about.md")
    }
}
