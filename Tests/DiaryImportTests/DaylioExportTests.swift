import DaybookTestSupport
@testable import DiaryImport
import DiaryModel
import Foundation
import XCTest

/// Daylio's CSV export read into entries.
final class DaylioExportTests: XCTestCase {
    private func entries(_ csv: String) throws -> [ImportedEntry] {
        try DaylioExport.entries(fromCSV: csv, file: "daylio.csv")
    }

    func testTheSampleGivesMoodsActivitiesTitlesAndNotes() throws {
        let entries = try DaylioExport.entries(fromCSV: try String(contentsOf: Samples.daylio, encoding: .utf8), file: "daylio.csv")
        XCTAssertEqual(entries.map(\.local), ["2025-05-31 18:50", "2025-05-31 00:19", "2025-05-30 08:02", "2025-05-29 21:10",
                                              "2025-05-28 07:45"].map(LocalDateTime.init))
        XCTAssertEqual(entries.map(\.mood), ["rad", "meh", "average", "good", "awful"])
        XCTAssertEqual(entries[0].tags, ["friends", "good meal", "movies / tv"])
        XCTAssertEqual(entries[0].title, "Picnic")
        XCTAssertEqual(entries[0].body, "Sandwiches by the river\n\nWe stayed until **sunset** & it got cold.")
        XCTAssertEqual(entries[2].body, "Long meeting, then another one.")
        XCTAssertEqual(entries[3].title, "엄마 생신")
        XCTAssertEqual(entries[3].body, "케이크를 나눠 먹었다.\n\n다들 웃었다.")
        XCTAssertEqual(entries[3].label, "2025-05-29 21:10 \"엄마 생신\" (line 5)")
        XCTAssertEqual(entries[4].label, "2025-05-28 07:45 (line 7)")
        XCTAssertEqual(entries[0].extra, [.init("daylio_mood", .text("rad"))])
    }

    func testTwelveAndTwentyFourHourClocksAreRead() {
        XCTAssertTrue(DaylioExport.clockTime("12:19 am")! == (0, 19))
        XCTAssertTrue(DaylioExport.clockTime("12:05 PM")! == (12, 5))
        XCTAssertTrue(DaylioExport.clockTime("6:50 p.m.")! == (18, 50))
        XCTAssertTrue(DaylioExport.clockTime("18:50")! == (18, 50))
        XCTAssertTrue(DaylioExport.clockTime("오후 6:50")! == (18, 50))
        XCTAssertNil(DaylioExport.clockTime("13:00 pm"))
        XCTAssertNil(DaylioExport.clockTime("24:00"))
        XCTAssertNil(DaylioExport.clockTime("noon"))
    }

    func testEntriesInTheSameMinuteGetDistinctImportIDs() throws {
        let entries = try entries("""
            full_date,date,weekday,time,mood,activities,note
            2025-05-31,31 May,Saturday,6:50 pm,rad,,""
            2025-05-31,31 May,Saturday,6:50 pm,good,,""

            """)
        XCTAssertEqual(entries.map(\.importID), ["daylio:2025-05-31 18:50", "daylio:2025-05-31 18:50#2"])
    }

    func testAnOlderExportWithYearAndShortDateIsRead() throws {
        let entries = try entries("""
            year,date,weekday,time,mood,activities,note
            2018,18 May,Friday,11:54 pm,happy,"clean | cook | music","Went to a party"

            """)
        XCTAssertEqual(entries.map(\.local), [LocalDateTime("2018-05-18 23:54")])
        XCTAssertEqual(entries[0].tags, ["clean", "cook", "music"])
    }

    func testNoteHTMLBecomesMarkdownAndOtherTagsGo() {
        XCTAssertEqual(DaylioNote.markdown(fromHTML: "<p>One</p><p>Two <i>three</i> <s>four</s></p><ul><li>a</li><li>b</li></ul>"),
                       "One\n\nTwo *three* ~~four~~\n\n- a\n- b")
        XCTAssertEqual(DaylioNote.markdown(fromHTML: "first\r\nsecond<br/>third<br>\n\n\nfourth"), "first\n\nsecond\n\nthird\n\nfourth")
        XCTAssertEqual(DaylioNote.markdown(fromHTML: "I <3 you &amp; &#39;you&#x27; <span style=\"x\">too</span> &bogus;"),
                       "I <3 you & 'you' too &bogus;")
    }

    func testABrokenRowIsAnErrorAtItsLine() throws {
        XCTAssertThrowsError(try entries("""
            full_date,date,weekday,time,mood,activities,note
            2025-05-31,31 May,Saturday,6:50 pm,rad,,""
            2025-05-32,32 May,Sunday,7:00 pm,rad,,""

            """)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "daylio.csv:3:1: error: cannot read the date '2025-05-32'; Daylio writes it as 2025-10-20")
        }
        XCTAssertThrowsError(try entries("full_date,time,mood\n2025-05-31,7 o'clock,rad\n")) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "daylio.csv:2:1: error: cannot read the time '7 o'clock'; Daylio writes it as 6:50 pm or 18:50")
        }
        XCTAssertThrowsError(try entries("full_date,time,mood,note\n2025-05-31,7:00 pm,rad,\"never closed\n")) { error in
            XCTAssertEqual((error as? ImportError)?.description, "daylio.csv:2:1: error: a quote opened here is never closed")
        }
        XCTAssertThrowsError(try entries("name,when\nx,y\n")) { error in
            XCTAssertEqual((error as? ImportError)?.line, 1)
            XCTAssertTrue((error as? ImportError)?.message.hasPrefix("not a Daylio CSV export") == true)
        }
    }

    func testQuotedFieldsMayHoldCommasQuotesAndLineBreaks() throws {
        let table = try CSVTable(parsing: "\u{FEFF}a,b\r\n\"x, \"\"y\"\"\",\"line\nbreak\"\r\nlast,row")
        XCTAssertEqual(table.header, ["a", "b"])
        XCTAssertEqual(table.rows.map(\.fields), [["x, \"y\"", "line\nbreak"], ["last", "row"]])
        XCTAssertEqual(table.rows.map(\.line), [2, 4])
        XCTAssertEqual(try CSVTable(parsing: "a\r\n\"one\r\ntwo\"\r\n").rows.map(\.fields), [["one\ntwo"]])
    }
}
