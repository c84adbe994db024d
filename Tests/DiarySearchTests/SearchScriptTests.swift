import DaybookTestSupport
@testable import DiarySearch
import Foundation
import XCTest

/// search.js's pure parts, run by Node: its own unit tests (Node/search_unit.js), and the same
/// answers as the Swift twins for parsing queries and scoring.
final class SearchScriptTests: XCTestCase {
    private func run(queries: [String]) throws -> [String: Any] {
        let file = temporaryFolder(self).appendingPathComponent("queries.json")
        try JSONSerialization.data(withJSONObject: queries).write(to: file)
        let run = try runProcess(URL(fileURLWithPath: try Requirement.node()),
                                 [packageRoot.appendingPathComponent("Tests/DiarySearchTests/Node/search_unit.js").path,
                                  packageRoot.appendingPathComponent("Templates/assets/search.js").path, file.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        let data = Data(run.standardOutput.utf8)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testThePagesScriptPassesItsUnitTestsAndReadsQueriesAsSwiftDoes() throws {
        let queries = ["\"비가 와서\" 산책은", "가을은 사이 나이가 이", "-coffee walk -\"x\"", "\"walk in the rain\" #Walk emotion:happy 2025-10",
                       "친구와 카페에서", "산책했다 -산책을", "\"unclosed quote here", "ㅅㅊ \"ㅅㅊ 산책\"", "a\"b c\"d", "- -- #"]
        let answer = try run(queries: queries)
        XCTAssertEqual(answer["failures"] as? [String], [])
        let parsed = try XCTUnwrap(answer["parsed"] as? [String: [String: Any]])
        for query in queries {
            let swift = SearchQuery(query)
            let script = try XCTUnwrap(parsed[query], query)
            XCTAssertEqual(script["words"] as? [String], swift.words.map { SearchText.string($0) }, query)
            XCTAssertEqual(script["phrases"] as? [String], swift.phrases, query)
            XCTAssertEqual(script["excluded"] as? [String], swift.excluded.map { SearchText.string($0) }, query)
            XCTAssertEqual((script["filters"] as? [Any])?.count, swift.filters.count, query)
        }
        let expected = [(64, 1, 10), (1024, 3, 1095), (5000, 500, 1095), (82570, 10950, 10950), (700, 7, 10950)].map {
            RankWeights.PartScore(df: $0.1, count: $0.2).of(tf: $0.0)
        }
        XCTAssertEqual(answer["contributions"] as? [Int], expected)
    }
}
