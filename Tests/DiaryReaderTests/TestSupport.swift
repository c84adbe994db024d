import DaybookTestSupport
import DiaryIndex
import DiaryModel
@testable import DiaryReader
import Foundation
import XCTest

/// A diary folder in a temporary directory, made from a map of path → text.
struct TemporaryDiary {
    let root: URL

    init(_ files: [String: String], config: String? = "timezone: Asia/Seoul\n") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        if let config { try write(config, to: "daybook.yml") }
        for (path, text) in files { try write(text, to: path) }
    }

    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func read(drafts: Bool = false, strict: Bool = false) -> DiaryReadResult {
        DiaryReader(root: root).read(.init(includeDrafts: drafts, strict: strict))
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// An entry file with the given front-matter lines and body.
func entryText(_ frontMatter: String, body: String = "Body text.\n") -> String {
    "---\n\(frontMatter)\n---\n\(body)"
}

/// Reads a diary of the given files and returns the printed diagnostics.
func diagnostics(of files: [String: String], config: String? = "timezone: Asia/Seoul\n", strict: Bool = false,
                 file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
    let diary = try TemporaryDiary(files, config: config)
    defer { diary.remove() }
    return diary.read(strict: strict).diagnostics.map(\.description)
}

/// Reads one entry that must be valid.
/// `warnings`: the diagnostics it must have, printed.
func singleEntry(_ text: String, path: String = "Content/2025/10/20/0930-walk.md", extraFiles: [String: String] = [:],
                 config: String = "timezone: Asia/Seoul\n", warnings: [String] = [],
                 file: StaticString = #filePath, line: UInt = #line) throws -> Entry {
    let diary = try TemporaryDiary(extraFiles.merging([path: text]) { $1 }, config: config)
    defer { diary.remove() }
    let result = diary.read(drafts: true)
    XCTAssertEqual(result.diagnostics.map(\.description), warnings, file: file, line: line)
    return try XCTUnwrap(result.diary.entries.first, file: file, line: line)
}

/// A tiny valid PNG's bytes are not needed: the reader only checks that the file exists.
let pictureBytes = "not really a picture"

/// A body's picture at the address of a display version named with its source's extension.
func sourceNamed(_ image: EntryImage) -> (place: URLMap.Place, attributes: String) {
    (.picture(id: image.id, width: nil, fileExtension: image.fileExtension), "")
}
