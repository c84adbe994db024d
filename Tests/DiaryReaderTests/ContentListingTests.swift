import DiaryFiles
@testable import DiaryReader
import Foundation
import XCTest

/// Listing Content/: every visible file once, in path order, and found by its path.
final class ContentListingTests: XCTestCase {
    /// Names that sort differently from the paths they begin, at every depth, with Hangul.
    private let paths = [
        "Content/a.md", "Content/a/x.md", "Content/a-b.md", "Content/a/b/c.md", "Content/Z.md",
        "Content/2025/10/20/0930-walk.md", "Content/2025/10/20.md", "Content/2025/10/20-x/note.md",
        "Content/2025/10/2/z.md", "Content/2025/1/a.md", "Content/2025/10/20/사진/1.png", "Content/2025/10/20/사진.md",
        "Content/일기/하루.md", "Content/일기.md", "Content/일기-둘/밤.md", "Content/2025.md",
    ]

    func testEveryVisibleFileIsListedOnceInPathOrder() throws {
        let diary = try TemporaryDiary(Dictionary(uniqueKeysWithValues: (paths + ["Content/.hidden.md", "Content/2025/.drafts/x.md"]).map { ($0, "x\n") }))
        addTeardownBlock { diary.remove() }
        let listing = try XCTUnwrap(FileStatus.list(diary.root.appendingPathComponent("Content").path))
        XCTAssertEqual(listing.map { "Content/" + $0.path }, paths.sorted())
        XCTAssertEqual(listing.map(\.size), Array(repeating: 2, count: paths.count))
    }

    func testTheFilesAreFoundByPathAndTheEntriesKeepTheirStatuses() throws {
        let diary = try TemporaryDiary(Dictionary(uniqueKeysWithValues: paths.map { ($0, "x\n") }))
        addTeardownBlock { diary.remove() }
        try diary.write("a longer text\n", to: "Content/2025/10/20.md")
        let files = try ContentFiles.list(root: diary.root)
        for path in paths { XCTAssertTrue(files.contains(path), path) }
        for path in ["Content/a", "Content/2025/10", "Content/b.md", "Content/2025/10/20/사진", "a.md", ""] {
            XCTAssertFalse(files.contains(path), path)
        }
        XCTAssertEqual(files.entryPaths, paths.filter { $0.hasSuffix(".md") }.sorted())
        XCTAssertEqual(files.entryStatuses.map(\.size), files.entryPaths.map { $0 == "Content/2025/10/20.md" ? 14 : 2 })
        XCTAssertEqual(ContentFiles(paths: paths).entryPaths, files.entryPaths)
        XCTAssertEqual(ContentFiles(paths: paths).pathsHash, files.pathsHash)
    }
}
