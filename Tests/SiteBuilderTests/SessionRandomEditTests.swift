import DaybookTestSupport
import DiaryCorpus
import Foundation
@testable import SiteBuilder
import XCTest

/// `daybook serve` builds again and again in one process, told by its watcher which files
/// changed: after any edit, its output must be exactly what a full build gives.
final class SessionRandomEditTests: XCTestCase {
    func testSessionBuildsFromTheWatchersPathsAfterRandomEditsGiveTheSameSiteAsAFullBuild() throws {
        // DAYBOOK_EDIT_SEED replays another series of edits; every failure names its seed.
        let seed = ProcessInfo.processInfo.environment["DAYBOOK_EDIT_SEED"].flatMap { UInt64($0) } ?? 23
        var random = SeededGenerator(seed: seed)
        let root = try copyOfFixture("seoul-diary", test: self)
        let builder = SiteBuilder(root: root)
        let session = BuildSession()
        try builder.build(.init(), session: session, changedPaths: nil)
        var watched = try WatchedFiles(root: root)
        var applied: [String] = []
        for step in 1...16 {
            let edit = DiaryEdit.allCases[random.int(in: 0...DiaryEdit.allCases.count - 1)]
            applied.append("\(edit)")
            let what = "seed \(seed), after \(applied)"
            do {
                try edit.apply(to: root, step: step, random: &random)
                let seen = try WatchedFiles(root: root)
                let report = try builder.build(.init(), session: session, changedPaths: seen.changedPaths(since: watched))
                watched = seen
                XCTAssertFalse(report.hasErrors, "\(what): \(report.diagnostics)")
                // Serve saves the build cache once the diary has been quiet for a moment, not after every build.
                if random.chance(30) { try session.saveState() }

                let fresh = try freshCopy(of: root, test: self)
                let full = try SiteBuilder(root: fresh).build(.init())
                XCTAssertEqual(report.diagnostics.map(\.description), full.diagnostics.map(\.description), what)
                let expected = try filesBelow(fresh.appendingPathComponent("Output"))
                let actual = try filesBelow(root.appendingPathComponent("Output"))
                XCTAssertEqual(Set(actual.keys).subtracting(expected.keys).sorted(), [], "stale files, \(what)")
                XCTAssertEqual(Set(expected.keys).subtracting(actual.keys).sorted(), [], "missing files, \(what)")
                for path in expected.keys.sorted() where expected[path] != actual[path] {
                    XCTFail("\(path) differs from a full build, \(what)")
                }
            } catch {
                XCTFail("\(what): \(error)")
                throw error
            }
        }
    }
}
