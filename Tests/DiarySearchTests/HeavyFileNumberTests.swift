import DaybookTestSupport
import DiaryModel
@testable import DiarySearch
import XCTest

/// Heavy keys' file numbers come from their keys alone, so that a key keeps its file while others come and go.
final class HeavyFileNumberTests: XCTestCase {
    private func sizes(_ keys: [String]) -> [SearchIndexState.KeySize] {
        keys.sorted { UTF8Order.precedes($0, $1) }.map { SearchIndexState.KeySize(key: $0, bytes: 5_000) }
    }

    func testAKeyKeepsItsNumberWhateverKeysComeBeforeIt() {
        let alone = SearchIndexLayout.heavyFileNumbers(of: sizes(["산책"]))
        let withOthers = SearchIndexLayout.heavyFileNumbers(of: sizes(["ing", "가나", "산책", "초 ᄀᄋ"]))
        XCTAssertEqual(withOthers[sizes(["ing", "가나", "산책", "초 ᄀᄋ"]).firstIndex { $0.key == "산책" }!], alone[0])
        XCTAssertTrue(withOthers.allSatisfy { SearchIndexLayout.heavyFileNumberRange.contains($0) && String($0).count == 7 })
    }

    func testKeysWithTheSameNumberAreToldApartInUTF8Order() throws {
        // Two keys whose hashes give the same number, found among a few thousand.
        var byNumber: [Int: String] = [:]
        var pair: (String, String)?
        for number in 0..<20_000 where pair == nil {
            let key = "k\(number)"
            let fileNumber = SearchIndexLayout.heavyFileNumbers(of: sizes([key]))[0]
            if let other = byNumber[fileNumber] { pair = (other, key) } else { byNumber[fileNumber] = key }
        }
        let (a, b) = try XCTUnwrap(pair)
        let (first, second) = UTF8Order.precedes(a, b) ? (a, b) : (b, a)
        let single = SearchIndexLayout.heavyFileNumbers(of: sizes([first]))[0]
        let range = SearchIndexLayout.heavyFileNumberRange
        let next = single + 1 == range.upperBound ? range.lowerBound : single + 1
        XCTAssertEqual(SearchIndexLayout.heavyFileNumbers(of: sizes([first, second])), [single, next])
        XCTAssertEqual(SearchIndexLayout.heavyFileNumbers(of: sizes([second])), [single], "alone, the second has the number itself")
    }
}
