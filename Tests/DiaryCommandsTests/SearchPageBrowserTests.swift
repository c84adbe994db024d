import DaybookTestSupport
import DiaryCorpus
import DiaryModel
import DiarySearch
import Foundation
import XCTest

/// The search page in real Chromium (selenium, headless), served by a static HTTP server on
/// 127.0.0.1, against `daybook search`: the page and the command must agree exactly.
final class SearchPageBrowserTests: XCTestCase {
    func testThePageFindsWhatTheCommandFindsFromASubPath() throws {
        let python = try Requirement.browserPython()
        let root = temporaryFolder(self).appendingPathComponent("diary")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/SiteBuilderTests/Fixtures/seoul-diary"),
                                         to: root)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("Expected"))
        try "\nbase_url: /diary/\n".appendToFile(root.appendingPathComponent("daybook.yml"))
        let queries = ["산책", "SPRING", "평온", "family", "plum 매화", "zebra"]
        let page = try searchPage(of: root, subPath: "diary/", queries: queries, python: python)

        for query in queries {
            let expected = try commandResults(root, query)
            let shown = try XCTUnwrap(page.queries[query], query)
            XCTAssertEqual(shown.links, expected.prefix(20).map { page.origin + $0 }, query)
            XCTAssertEqual(shown.count, expected.count, "\(query): \(shown.status)")
        }
        XCTAssertFalse(try commandResults(root, "산책").isEmpty, "Korean: 산책 finds 산책했다")
        XCTAssertEqual(page.queries["zebra"]?.status, "“zebra”에 맞는 글이 없습니다.", "a Korean site (SPEC §10)")
        XCTAssertEqual(page.typingFirst, page.queries["산책"]?.links, "typing gives the same results as ?q=")
        XCTAssertEqual(page.typingSecond, page.queries["SPRING"]?.links, "typing again replaces the results")
        XCTAssertNotEqual(page.typingFirst, page.typingSecond)
        XCTAssertTrue(page.address.hasSuffix("/diary/search/?q=SPRING"), page.address)
        XCTAssertEqual(page.errors, [], "no JavaScript errors")
    }

    func testAKoreanSitesSearchPageSpeaksKoreanOnly() throws {
        let python = try Requirement.browserPython()
        let root = temporaryFolder(self).appendingPathComponent("diary")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/SiteBuilderTests/Fixtures/seoul-diary"),
                                         to: root)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("Expected"))
        let page = try searchPage(of: root, subPath: "", queries: ["산책", "SPRING", "zebra"], python: python)
        XCTAssertEqual(page.queries["산책"]?.status, "글 1편을 찾았습니다.")
        XCTAssertEqual(page.queries["SPRING"]?.status, "글 1편을 찾았습니다.")
        XCTAssertEqual(page.queries["zebra"]?.status, "“zebra”에 맞는 글이 없습니다.")
        let english = Set(SiteStrings.table(for: "en_US").values).subtracting(SiteStrings.table(for: "ko_KR").values)
        // The English texts, and the fixed parts of those with a number or a query in them.
        let phrases = english.flatMap { $0.split(separator: "|") }
            .flatMap { $0.components(separatedBy: "{n}").flatMap { $0.components(separatedBy: "{q}") } }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)) }
            .filter { $0.count >= 4 }
        for (query, answer) in page.queries {
            XCTAssertFalse(answer.words.isEmpty, query)
            for text in answer.words {
                for phrase in phrases where text.contains(phrase) {
                    XCTFail("\(query): '\(text)' has the English '\(phrase)'")
                }
            }
        }
        XCTAssertEqual(page.errors, [])
    }

    /// A few queries of each kind (the engines themselves agree on hundreds: SearchEngineParityTests):
    /// words, a particle, a phrase checked from the index's positions and one checked against its
    /// records, exclusions, initial consonants, tags, emotions and dates as filters, and nothing found.
    func testThePageShowsWhatTheCommandsEngineFindsForEachKindOfQueryOfAThousandEntryDiary() throws {
        let python = try Requirement.browserPython()
        let (root, server) = try servedCorpus()
        let queries = ["산책", "coffee", "산책했다", "친구와 카페에서", "2 &", "zzzz", "ㅅㅊ", "#cat", "emotion:calm coffee", "2024-10",
                       "#cat emotion:anxious 2023", "#nosuchtag", "\"비가 와서\"", "coffee -rain", "\"walked along the river\"",
                       "\"the light come in\" \"비가 와서\""]
        let page = try searchPage(served: server, subPath: "", queries: queries, python: python)
        var matched = 0
        for query in queries {
            let expected = try engineResults(root, query).map(\.url)
            let shown = try XCTUnwrap(page.queries[query], query)
            XCTAssertEqual(shown.links, expected.prefix(20).map { page.origin + $0 }, query)
            XCTAssertEqual(shown.count, expected.count, "\(query): \(shown.status)")
            if !expected.isEmpty { matched += 1 }
        }
        XCTAssertGreaterThan(matched, 11, "most queries should match something")
        XCTAssertEqual(try engineResults(root, "#nosuchtag"), [])
        XCTAssertFalse(try engineResults(root, "ㅅㅊ").isEmpty, "ㅅㅊ finds 산책")
        XCTAssertFalse(try engineResults(root, "2024-10").isEmpty, "a month filter finds that month")
        XCTAssertEqual(page.errors, [])
    }

    // MARK: - Facets and sorting

    /// The counts by emotion, tag and year are what `daybook search` finds with each filter added;
    /// a click adds the filter to the box and the address and narrows the results to the command's;
    /// the facets file is fetched once, after the first results are shown.
    func testTheFacetsCountWhatTheCommandFindsAndAClickNarrowsTheResults() throws {
        let python = try Requirement.browserPython()
        let (root, server) = try servedCorpus()
        let query = "산책"
        let nextQuery = "coffee"
        let json = try runBrowserScript(python, "search_facets.py", ["\(server.origin)/", query, nextQuery])

        let first = try XCTUnwrap(json["first"] as? [String: Any])
        let records = try engineResults(root, query)
        XCTAssertEqual(first["count"] as? Int, records.count)
        let facets = try XCTUnwrap(first["facets"] as? [[String: Any]])
        let groups = Dictionary(grouping: facets) { $0["group"] as? String ?? "" }
        XCTAssertEqual(Set(groups.keys), ["emotion", "tag", "year"])
        XCTAssertLessThanOrEqual(groups["tag"]?.count ?? 0, 12)
        for item in facets {
            let filter = try XCTUnwrap(item["filter"] as? String)
            XCTAssertEqual(item["count"] as? Int, try engineResults(root, "\(query) \(filter)").count, filter)
        }
        for group in ["emotion", "tag"] {
            let counts = groups[group]!.compactMap { $0["count"] as? Int }
            XCTAssertEqual(counts, counts.sorted(by: >), "\(group): the most first")
        }
        XCTAssertTrue(groups["tag"]!.allSatisfy { ($0["label"] as? String)?.hasPrefix("#") == true })
        XCTAssertTrue(groups["emotion"]!.allSatisfy { ($0["filter"] as? String)?.hasPrefix("emotion:") == true })
        // Every year of the results, newest first, counted from the command's dates.
        XCTAssertEqual(groups["year"]!.map { "\($0["filter"] ?? "") \($0["count"] ?? "")" }, yearCounts(records))

        let clicked = try XCTUnwrap(json["clicked"] as? [String: Any])
        let filter = try XCTUnwrap(clicked["filter"] as? String)
        XCTAssertTrue(filter.hasPrefix("#"), "a tag was clicked: \(filter)")
        let narrowed = "\(query) \(filter)"
        XCTAssertEqual(clicked["input"] as? String, narrowed, "the filter is added to the box")
        let address = try XCTUnwrap(URLComponents(string: clicked["address"] as? String ?? ""))
        // The page writes the address as a form does: a space as '+' (a '+' itself as %2B).
        XCTAssertEqual(address.queryItems?.first { $0.name == "q" }?.value?.replacingOccurrences(of: "+", with: " "), narrowed,
                       "and to the address")
        let expected = try engineResults(root, narrowed).map(\.url)
        let answer = try XCTUnwrap(clicked["answer"] as? [String: Any])
        XCTAssertEqual(answer["count"] as? Int, expected.count)
        XCTAssertLessThan(expected.count, records.count, "the filter narrows the results")
        XCTAssertEqual(groups["tag"]!.first { $0["filter"] as? String == filter }?["count"] as? Int, expected.count)
        XCTAssertEqual(answer["links"] as? [String], expected.prefix(20).map { server.origin + $0 })
        let after = try XCTUnwrap(answer["facets"] as? [[String: Any]])
        XCTAssertFalse(after.contains { $0["filter"] as? String == filter }, "a filter in the query is not offered again")
        XCTAssertEqual(clicked["focus_in_facets"] as? Bool, true, "the focus stays in the facets")

        let next = try XCTUnwrap(json["next"] as? [String: Any])
        let nextRecords = try engineResults(root, nextQuery)
        XCTAssertEqual(next["count"] as? Int, nextRecords.count)
        let nextFacets = try XCTUnwrap(next["facets"] as? [[String: Any]])
        XCTAssertEqual(nextFacets.filter { $0["group"] as? String == "year" }.map { "\($0["filter"] ?? "") \($0["count"] ?? "")" },
                       yearCounts(nextRecords))
        for item in nextFacets.filter({ $0["group"] as? String == "emotion" }).prefix(3) {
            let filter = try XCTUnwrap(item["filter"] as? String)
            XCTAssertEqual(item["count"] as? Int, try engineResults(root, "\(nextQuery) \(filter)").count, filter)
        }
        XCTAssertEqual((json["nothing"] as? [String: Any])?["facets_hidden"] as? Bool, true, "no results, no facets")
        XCTAssertEqual(json["facets_fetches"] as? Int, 1, "the facets are fetched once a page session")
        XCTAssertEqual(json["facets_after_first_result"] as? Bool, true, "and only after the first results are shown")
        XCTAssertEqual((json["errors"] as? [Any])?.count, 0, "no JavaScript errors: \(json["errors"] ?? "")")
    }

    /// The sort control: best match first as the command ranks, newest first when switched to
    /// date as `--sort date` gives, kept in the address and after opening it again.
    func testTheSortControlOrdersByDateAndTheAddressKeepsIt() throws {
        let python = try Requirement.browserPython()
        let (root, server) = try servedCorpus()
        let query = "산책"
        let json = try runBrowserScript(python, "search_sort.py", ["\(server.origin)/", query])
        let ranked = try engineResults(root, query)
        let byDate = try engineResults(root, query, order: .date)
        let links = { (records: [SearchResult]) in records.prefix(20).map { server.origin + $0.url } }
        XCTAssertNotEqual(links(ranked), links(byDate), "the query's two orders differ")
        let dates = byDate.map(\.date)
        XCTAssertEqual(dates.count, byDate.count)
        XCTAssertEqual(dates, dates.sorted(by: >), "--sort date is newest first")

        let rank = try XCTUnwrap(json["rank"] as? [String: Any])
        XCTAssertEqual(rank["sort"] as? String, "rank", "best match by default")
        XCTAssertEqual(rank["links"] as? [String], links(ranked))
        XCTAssertEqual(rank["count"] as? Int, ranked.count)

        for name in ["date", "reloaded"] {
            let shown = try XCTUnwrap(json[name] as? [String: Any])
            XCTAssertEqual(shown["sort"] as? String, "date", name)
            XCTAssertEqual(shown["links"] as? [String], links(byDate), name)
            XCTAssertEqual(shown["count"] as? Int, byDate.count, name)
            let times = try XCTUnwrap(shown["times"] as? [String])
            XCTAssertFalse(times.isEmpty, name)
            XCTAssertEqual(times, times.sorted(by: >), "\(name): newest first on the page too")
        }
        let address = try XCTUnwrap(URLComponents(string: json["date_address"] as? String ?? ""))
        XCTAssertEqual(address.path, "/search/")
        XCTAssertEqual(address.queryItems?.first { $0.name == "sort" }?.value, "date")
        XCTAssertEqual(address.queryItems?.first { $0.name == "q" }?.value, query)
        XCTAssertEqual((json["errors"] as? [Any])?.count, 0, "no JavaScript errors: \(json["errors"] ?? "")")
    }

    // MARK: - Helpers

    /// The generated diary of 1,095 entries, built once for the class's tests and served at the root.
    private static var corpus: (root: URL, server: StaticServer)?

    override class func tearDown() {
        if let corpus {
            corpus.server.stop()
            try? FileManager.default.removeItem(at: corpus.root.deletingLastPathComponent())
        }
        corpus = nil
        super.tearDown()
    }

    private func servedCorpus() throws -> (root: URL, server: StaticServer) {
        if let corpus = Self.corpus { return corpus }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-search-page-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("diary")
        try CorpusGenerator(.init(days: 1095, entriesPerDay: 1)).write(to: root)
        let build = try runDaybook(["build", "-C", root.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: served.appendingPathComponent("site"), withDestinationURL: root.appendingPathComponent("Output"))
        let corpus = (root, try StaticServer(serving: served.appendingPathComponent("site"), readyPath: "/"))
        Self.corpus = corpus
        return corpus
    }

    /// `"<year> <count>"` for each year of `records`' dates, newest first.
    private func yearCounts(_ records: [SearchResult]) -> [String] {
        let years = Dictionary(grouping: records.map { $0.date.prefix(4) }, by: { String($0) })
        return years.keys.sorted(by: >).map { "\($0) \(years[$0]!.count)" }
    }

    private struct PageAnswers {
        struct Answer {
            var status: String
            /// The number of matches the status line reports (its `data-count`).
            var count: Int
            var links: [String]
            /// The site's own words the page shows: its visible text and labels, not the diary's.
            var words: [String]
        }
        var origin: String
        var queries: [String: Answer]
        var typingFirst: [String]
        var typingSecond: [String]
        var address: String
        var errors: [String]
    }

    /// Builds the diary, serves it on 127.0.0.1 under `subPath`, and opens the search page for each query.
    private func searchPage(of root: URL, subPath: String, queries: [String], python: String) throws -> PageAnswers {
        let build = try runDaybook(["build", "-C", root.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        let server = try StaticServer(site: root.appendingPathComponent("Output"), subPath: subPath, test: self)
        defer { server.stop() }
        return try searchPage(served: server, subPath: subPath, queries: queries, python: python)
    }

    /// Opens the search page of the site `server` serves under `subPath` for each query.
    private func searchPage(served server: StaticServer, subPath: String, queries: [String], python: String) throws -> PageAnswers {
        let origin = server.origin

        let queriesFile = temporaryFolder(self).appendingPathComponent("queries.json")
        try JSONSerialization.data(withJSONObject: queries).write(to: queriesFile)
        let json = try runBrowserScript(python, "search_page.py", ["\(origin)/\(subPath)", queriesFile.path])
        let rawQueries = try XCTUnwrap(json["queries"] as? [String: [String: Any]])
        let typing = try XCTUnwrap(json["typing"] as? [String: Any])
        return PageAnswers(
            origin: origin,
            queries: rawQueries.mapValues {
                .init(status: $0["status"] as? String ?? "", count: ($0["count"] as? NSNumber)?.intValue ?? -1,
                      links: $0["links"] as? [String] ?? [], words: $0["words"] as? [String] ?? [])
            },
            typingFirst: typing["first"] as? [String] ?? [],
            typingSecond: typing["second"] as? [String] ?? [],
            address: typing["address"] as? String ?? "",
            errors: (json["errors"] as? [[String: Any]] ?? []).map { "\($0["message"] ?? $0)" })
    }
}

private extension String {
    func appendToFile(_ url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(utf8))
    }
}
