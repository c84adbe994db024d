import DaybookTestSupport
import DiaryCorpus
import DiaryModel
import DiaryReader
import Foundation
import XCTest

/// An entry at `time` ("2025-10-20 09:30") whose body is the Markdown `body`; entries need no files here.
func makeEntry(_ time: String, title: String? = nil, body: String = "", emotions: [String] = ["happy"],
               tags: [String] = [], path: String? = nil) -> Entry {
    let parts = time.split(separator: " ")
    let date = parts[0].split(separator: "-").map { Int($0)! }
    let clock = parts[1].split(separator: ":").map { Int($0)! }
    let local = LocalDateTime(day: Day(year: date[0], month: date[1], day: date[2]), hour: clock[0], minute: clock[1])
    let slug = Slug.make(from: path ?? time)
    return Entry(id: "\(local.day)-\(slug)", slug: slug, sourcePath: path ?? "Content/\(slug).md", title: title ?? time,
                 instant: Date(timeIntervalSince1970: TimeInterval(local.wallClockSeconds)), local: local,
                 emotionIDs: emotions, tags: tags, images: [], body: readBody(body), isDraft: false, extra: [:])
}

/// The body of an entry written in Markdown, as the reader reads it.
func readBody(_ markdown: String) -> EntryBody {
    let parser = EntryParser(config: DiaryConfig(), files: ContentFiles(paths: []))
    let read = parser.parse("---\ndate: 2025-01-01\nemotion: happy\n---\n" + markdown, path: "Content/entry.md")
    guard let entry = read.entry else { fatalError("the test body does not read: \(read.diagnostics)") }
    return entry.body
}

/// The project's generated diary of `days` days with `perDay` entries each, written to a fresh folder and read back.
func generatedDiary(days: Int, perDay: Int = 1, _ test: XCTestCase) throws -> Diary {
    let root = temporaryFolder(test)
    try CorpusGenerator(.init(days: days, entriesPerDay: perDay)).write(to: root)
    let read = DiaryReader(root: root).read()
    XCTAssertFalse(read.hasErrors, read.diagnostics.map(\.description).joined(separator: "\n"))
    return read.diary
}
