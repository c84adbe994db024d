import DaybookTestSupport
@testable import DiaryImport
import DiaryModel
import Foundation
import XCTest

/// jrnl's JSON export read into entries.
final class JrnlExportTests: XCTestCase {
    private func entries(_ json: String) throws -> [ImportedEntry] {
        try JrnlExport.entries(fromJSON: Data(json.utf8), file: "journal.json")
    }

    func testEntriesKeepTitleBodyAndTagsWithoutTheTagSymbol() throws {
        let entries = try JrnlExport.entries(fromJSON: try Data(contentsOf: Samples.jrnl), file: "journal.json")
        XCTAssertEqual(entries.count, 3)
        let evening = entries[1]
        XCTAssertEqual(evening.title, "조용한 저녁.")
        XCTAssertEqual(evening.body, "엄마와 통화했다. 차를 마시며 창밖을 봤다. @가족 @calm")
        XCTAssertEqual(evening.tags, ["가족", "calm"])
        XCTAssertEqual(evening.local, LocalDateTime("2025-03-03 21:30"))
        XCTAssertEqual(evening.extra, [.init("starred", .flag(true))])
        XCTAssertEqual(entries[0].extra, [])
    }

    func testEntriesWithTheSameTimeAndTitleGetDistinctImportIDs() throws {
        let entries = try entries("""
            {"entries": [
              {"title": "Lunch.", "body": "a", "date": "2025-03-03", "time": "12:00", "tags": []},
              {"title": "Lunch.", "body": "b", "date": "2025-03-03", "time": "12:00", "tags": []},
              {"title": "Dinner.", "body": "c", "date": "2025-03-03", "time": "12:00", "tags": []},
              {"title": "Tea.", "body": "d", "date": "2025-03-03", "time": "15:00", "tags": [], "uuid": "9F8E"}
            ]}
            """)
        let ids = entries.map(\.importID)
        XCTAssertEqual(Set(ids).count, 4, "\(ids)")
        XCTAssertEqual(ids[1], ids[0] + "#2")
        XCTAssertEqual(ids[3], "jrnl:9F8E")
        // The same export read again gives the same ids: that is what makes a second import add nothing.
        XCTAssertEqual(try self.entries("""
            {"entries": [{"title": "Lunch.", "body": "changed", "date": "2025-03-03", "time": "12:00", "tags": []}]}
            """)[0].importID, ids[0])
    }

    func testAOneEntryFileIsTheEntryItself() throws {
        let entries = try entries("""
            {"title": "Alone.", "body": "Just me.", "date": "2025-03-05", "time": "07:15", "tags": ["@solo"], "starred": false}
            """)
        XCTAssertEqual(entries.map(\.title), ["Alone."])
        XCTAssertEqual(entries[0].tags, ["solo"])
    }

    func testABadDateIsAnErrorNamingTheEntry() throws {
        XCTAssertThrowsError(try entries("""
            {"entries": [
              {"title": "Fine.", "body": "", "date": "2025-02-28", "time": "09:00", "tags": []},
              {"title": "Leap?", "body": "", "date": "2025-02-29", "time": "09:00", "tags": []}
            ]}
            """)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "journal.json: error: entry 2: the date '2025-02-29 09:00' does not exist: February 2025 has 28 days")
        }
        XCTAssertThrowsError(try entries("{\"entries\": [{\"title\": \"x\", \"body\": \"\", \"time\": \"09:00\"}]}")) { error in
            XCTAssertEqual((error as? ImportError)?.message, "entry 1: 'date' is missing")
        }
        XCTAssertThrowsError(try entries("[1, 2]")) { error in
            XCTAssertEqual((error as? ImportError)?.message, "expected an object with 'entries', as 'jrnl --export json' writes")
        }
    }
}
