import DaybookTestSupport
import Foundation
import SiteEncryption
import XCTest

/// A site built by `daybook build --encrypt` with the default theme, read in real Chromium:
/// its search page finds what `daybook search` finds and counts the results by emotion, tag and
/// year as the command does, its results lead to their entries, and its gallery's pictures decode.
final class EncryptedSearchBrowserTests: XCTestCase {
    func testTheEncryptedSearchPageFindsWhatTheCommandFinds() throws {
        let python = try Requirement.browserPython()
        let password = "봄 일기 password"
        let root = try builtFixture("seoul-diary", test: self, arguments: ["--encrypt"], environment: environment(password: password))
        let served = root.appendingPathComponent("Output")
        XCTAssertTrue(FileManager.default.fileExists(atPath: served.appendingPathComponent("unlock.js").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: served.appendingPathComponent("search/index.json").path),
                       "nothing of the plain site is published")
        XCTAssertFalse(FileManager.default.fileExists(atPath: served.appendingPathComponent("search/positions.json").path),
                       "nor of the phrases' positions")
        let server = try StaticServer(serving: served, readyPath: "/unlock.css")
        defer { server.stop() }

        let queries = ["산책", "SPRING", "평온", "family", "zebra", "ㅅㅊ", "\"rain and tea\"", "\"tea and rain\""]
        let queriesFile = temporaryFolder(self).appendingPathComponent("queries.json")
        try JSONSerialization.data(withJSONObject: queries).write(to: queriesFile)
        let answers = try runBrowserScript(python, "encrypted_search.py", ["\(server.origin)/", password, queriesFile.path])

        XCTAssertNil(answers["failed"])
        let shown = try XCTUnwrap(answers["queries"] as? [String: [String: Any]])
        for query in queries {
            let expected = try commandResults(root, query)
            let page = try XCTUnwrap(shown[query], query)
            XCTAssertEqual(page["links"] as? [String], expected.prefix(20).map { server.origin + $0 }, query)
            let status = page["status"] as? String ?? ""
            // The diary is Korean: so are the page's status lines (SPEC §10).
            XCTAssertEqual(status, expected.isEmpty ? "“\(query)”에 맞는 글이 없습니다." : "글 \(expected.count)편을 찾았습니다.", query)
        }
        XCTAssertFalse(try commandResults(root, "산책").isEmpty)
        // The counts by emotion, tag and year: the encrypted search/facets.json, read through the reader.
        let facets = try XCTUnwrap(answers["facets"] as? [[String: Any]])
        XCTAssertEqual(Set(facets.compactMap { $0["group"] as? String }), ["emotion", "tag", "year"])
        for item in facets {
            let filter = try XCTUnwrap(item["filter"] as? String)
            XCTAssertEqual(item["count"] as? Int, try commandResults(root, "산책 \(filter)").count, filter)
        }
        XCTAssertFalse(try commandResults(root, "ㅅㅊ").isEmpty, "initial consonants read the initials files through the reader too")
        let typing = try XCTUnwrap(answers["typing"] as? [String: Any])
        XCTAssertEqual(typing["links"] as? [String], (shown["산책"]?["links"] as? [String]))
        XCTAssertEqual(typing["page_url"] as? String, "\(server.origin)/search/?q=%EC%82%B0%EC%B1%85", "the query is kept")
        let typed = typing["address"] as? String ?? ""
        XCTAssertTrue(typed.hasPrefix("\(server.origin)/#") && !typed.contains("search") && !typed.contains("%EC"),
                      "after '#' an opaque id, not the query: \(typed)")
        XCTAssertEqual(answers["result_heading"] as? String, answers["result_title"] as? String, "a result leads to its entry")
        XCTAssertTrue((answers["result_page_url"] as? String ?? "").hasPrefix("\(server.origin)/20"))
        let resultAddress = answers["result_address"] as? String ?? ""
        XCTAssertTrue(resultAddress.hasPrefix("\(server.origin)/#") && !resultAddress.contains("/#/"), resultAddress)
        let policies = try XCTUnwrap(answers["policies"] as? [String: String])
        XCTAssertEqual(Set(policies.keys), ["unlock", "search", "entry", "gallery"])
        XCTAssertTrue(policies.values.allSatisfy { $0 == UnlockPage.contentSecurityPolicy }, "\(policies)")
        XCTAssertEqual(answers["violations"] as? [String], [], "no page breaks the policy")
        let gallery = try XCTUnwrap(answers["gallery"] as? [Int])
        XCTAssertFalse(gallery.isEmpty)
        XCTAssertTrue(gallery.allSatisfy { $0 > 0 }, "every picture decodes: \(gallery)")
        XCTAssertEqual(answers["errors"] as? [String], [], "no JavaScript errors")
    }
}
