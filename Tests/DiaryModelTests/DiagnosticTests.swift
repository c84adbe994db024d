import DiaryModel
import XCTest

final class DiagnosticTests: XCTestCase {
    func testDiagnosticPrintsLikeACompiler() {
        let problem = Diagnostic.error(at: SourceLocation(path: "Content/a.md", line: 3, column: 10), "missing 'date'")
        XCTAssertEqual(problem.description, "Content/a.md:3:10: error: missing 'date'")
        XCTAssertEqual(problem.promotedToError.description, problem.description)
        let warning = Diagnostic.warning(at: SourceLocation(path: "daybook.yml", line: 2, column: 1), "unknown key 'x' is ignored")
        XCTAssertEqual(warning.description, "daybook.yml:2:1: warning: unknown key 'x' is ignored")
        XCTAssertEqual(warning.promotedToError.description, "daybook.yml:2:1: error: unknown key 'x' is ignored")
    }

    func testDiagnosticsSortByFileThenLineThenColumn() {
        let list = [
            Diagnostic.error(at: SourceLocation(path: "b.md", line: 1, column: 1), "4"),
            Diagnostic.error(at: SourceLocation(path: "a.md", line: 10, column: 1), "3"),
            Diagnostic.error(at: SourceLocation(path: "a.md", line: 2, column: 5), "2"),
            Diagnostic.warning(at: SourceLocation(path: "a.md", line: 2, column: 1), "1"),
        ]
        XCTAssertEqual(list.sortedByLocation().map(\.message), ["1", "2", "3", "4"])
        XCTAssertEqual(list.errorCount, 3)
        XCTAssertEqual(list.warningCount, 1)
    }
}
