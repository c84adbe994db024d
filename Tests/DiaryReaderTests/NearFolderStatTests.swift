import DaybookTestSupport
import DiaryFiles
import Foundation
import XCTest

/// Stats through the folder two levels down find what a stat from the top finds, and nothing
/// that is not there.
final class NearFolderStatTests: XCTestCase {
    private let paths = [
        "top.md", "2025/x.md", "2025/10", "2025/10/20/0930-walk.md", "2025/10/20/사진/1.png", "2025/10/21/b.md",
        "2025/11/01/c.md", "일기/하루/밤/꿈.md", "2026/01/01/d.md",
    ]

    func testEachPathIsFoundAsAStatFromTheTopFindsIt() throws {
        let diary = try TemporaryDiary(Dictionary(uniqueKeysWithValues: paths.filter { $0.hasSuffix(".md") || $0.hasSuffix(".png") }
            .enumerated().map { ("Content/" + $0.element, String(repeating: "x", count: $0.offset + 1)) }))
        addTeardownBlock { diary.remove() }
        let content = diary.root.appendingPathComponent("Content").path
        let base = open(content, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(base, 0)
        defer { close(base) }
        let openBefore = try openDescriptorCount()

        do {
            var near = NearFolderStat(base: base)
            for path in paths {
                var expected = stat()
                XCTAssertEqual(stat(content + "/" + path, &expected), 0, path)
                var found = stat()
                XCTAssertTrue(statNear(&near, path, into: &found), path)
                XCTAssertEqual(found.st_ino, expected.st_ino, path)
                XCTAssertEqual(found.st_size, expected.st_size, path)
            }
            var info = stat()
            XCTAssertFalse(statNear(&near, "2025/10/20/none.md", into: &info), "a file that is not there, under an open folder")
            XCTAssertFalse(statNear(&near, "2027/01/01/e.md", into: &info), "a file under a folder that is not there")
            XCTAssertFalse(statNear(&near, "2027/01/02/f.md", into: &info), "the same missing folder, not opened again")
            XCTAssertTrue(statNear(&near, "2025/11/01/c.md", into: &info), "a folder that is there after one that is not")
            // Removed after its folder was opened: gone all the same.
            try FileManager.default.removeItem(atPath: content + "/2025/11/01/c.md")
            XCTAssertFalse(statNear(&near, "2025/11/01/c.md", into: &info))
        }
        XCTAssertEqual(try openDescriptorCount(), openBefore, "the folders it opened are closed when it ends")
    }

    private func statNear(_ near: inout NearFolderStat, _ path: String, into info: inout stat) -> Bool {
        var bytes = Array(path.utf8)
        let count = bytes.count
        bytes.append(0)
        return bytes.withUnsafeBytes { raw in
            near.stat(raw.baseAddress!.assumingMemoryBound(to: CChar.self), bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(count)), into: &info)
        }
    }

    private func openDescriptorCount() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }
}
