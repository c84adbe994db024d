@testable import DiaryModel
import XCTest

/// A picture's id names its published files and links: `<entry id>_image_<number>`, exactly.
final class EntryImageTests: XCTestCase {
    func testTheIdIsTheEntryIdThenImageThenTheNumber() {
        let entryIDs = ["2025-10-04-1030-autumn-walk", "a", "", "2025-11-01-0740-첫눈", "일기", String(repeating: "x", count: 300),
                        "e\u{301}-combining", "🙂-emoji"]
        for entryID in entryIDs {
            for number in [1, 2, 9, 10, 99, 100, 12_345, Int.max] {
                let image = EntryImage(number: number, entryID: entryID, sourcePath: "Content/p.png", fileExtension: "png",
                                       alt: "", caption: nil, origin: .body)
                XCTAssertEqual(image.id, entryID + "_image_" + String(number))
                XCTAssertEqual(image.id.utf8.count, entryID.utf8.count + 7 + String(number).utf8.count)
            }
        }
    }
}
