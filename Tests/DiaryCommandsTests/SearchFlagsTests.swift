import DaybookTestSupport
@testable import DiaryCommands
import DiarySearch
import Foundation
import XCTest

/// How `daybook search` reads its command line and its day flags, without a process.
final class SearchFlagsTests: XCTestCase {
    private let options = SearchArguments.searchOptions

    private func arranged(_ words: String) -> String {
        SearchArguments.arranged(words.split(separator: " ").map(String.init), options: options).joined(separator: " ")
    }

    func testWordsStartingWithADashGoAfterTheOptionsInTheOrderGiven() {
        XCTAssertEqual(arranged("walk -rain"), "-- walk -rain")
        XCTAssertEqual(arranged("walk -rain -n 3 \"two -words\""), "--limit=3 -- walk -rain \"two -words\"")
        XCTAssertEqual(arranged("-rain --on 2025-10-20 walk --json"), "--on=2025-10-20 --json -- -rain walk")
        XCTAssertEqual(arranged("-C /diary -night"), "-C /diary -- -night")
        XCTAssertEqual(arranged("--tag walk --tag=rain"), "--tag=walk --tag=rain", "no words: no '--'")
        XCTAssertEqual(arranged("- -n"), "-n -- -", "a lone '-' is a word; an option without its value is left for the parser to name")
    }

    func testAValueStartingWithADashStaysWithItsOption() {
        XCTAssertEqual(arranged("--emotion -_- walk"), "--emotion=-_- -- walk")
        XCTAssertEqual(arranged("-n -3 walk"), "--limit=-3 -- walk", "the parser then says -n must be 1 or more")
        XCTAssertEqual(arranged("-C -diary walk"), "-C -diary -- walk")
    }

    func testAfterADoubleDashEveryWordIsAWordAndADoubleDashWordIsAnOption() {
        XCTAssertEqual(arranged("walk -- -n --json"), "-- walk -n --json")
        XCTAssertEqual(arranged("walk --form 2025"), "--form -- walk 2025")
        XCTAssertEqual(SearchArguments.unknownOptionMessage("--form=2025", options: options), "unknown option '--form'; did you mean '--from'?")
        XCTAssertEqual(SearchArguments.unknownOptionMessage("--zebra", options: options), "unknown option '--zebra'")
    }

    func testDaysAreReadByTheFrontMattersRule() throws {
        XCTAssertEqual(try SearchDays(from: "2021-01-01", to: "2021-12-31", on: nil).range, "2021-01-01"..."2021-12-31")
        XCTAssertEqual(try SearchDays(from: nil, to: nil, on: "2024-02-29").range, "2024-02-29"..."2024-02-29")
        XCTAssertEqual(try SearchDays(from: "2021-06-01", to: nil, on: nil).range, "2021-06-01"..."9999-12-31")
        XCTAssertNil(try SearchDays(from: nil, to: nil, on: nil).range)
        let problems: [(String?, String?, String?, String)] = [
            ("2022-01-01", "2021-01-01", nil, "--from 2022-01-01 is after --to 2021-01-01, so no day is in between; give the earlier day to --from"),
            (nil, nil, "2021-02-30", "--on: the date '2021-02-30' does not exist: February 2021 has 28 days"),
            ("2021-13-01", nil, nil, "--from: the date '2021-13-01' does not exist: there is no month 13"),
            (nil, "2100-02-29", nil, "--to: the date '2100-02-29' does not exist: February 2100 has 28 days"),
            (nil, nil, "2021-1-02", "--on expects a day as YYYY-MM-DD, such as 2025-10-20; found '2021-1-02'"),
            (nil, nil, "2021-01-02T10:00", "--on expects a day as YYYY-MM-DD, such as 2025-10-20; found '2021-01-02T10:00'"),
            ("2021-01-01", nil, "2021-01-02", "--on cannot be combined with --from or --to"),
        ]
        for (from, to, on, message) in problems {
            XCTAssertThrowsError(try SearchDays(from: from, to: to, on: on)) { error in
                XCTAssertEqual((error as? CommandError)?.message, message)
                XCTAssertEqual((error as? CommandError)?.isUsage, true)
            }
        }
    }
}
