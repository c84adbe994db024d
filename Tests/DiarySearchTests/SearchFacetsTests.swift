import DaybookTestSupport
import DiaryIndex
import DiaryModel
import DiaryReader
@testable import DiarySearch
import Foundation
import XCTest

/// `search/facets.json`, what the search page counts its results by: exactly each emotion's,
/// year's and most used tag's entries, as counted by hand and as their filters find them.
final class SearchFacetsTests: XCTestCase {
    /// The facets file read back: entry numbers by emotion id, by tag slug (with the label), by year.
    private struct ReadFacets {
        var emotions: [String: [Int]] = [:]
        var tags: [String: (label: String, entries: [Int])] = [:]
        var years: [String: [Int]] = [:]
        /// The years written as a range rather than a list.
        var rangedYears: Set<String> = []
    }

    private func read(_ bytes: [UInt8]?) throws -> ReadFacets {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(bytes, "search/facets.json is written"))) as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["emotions", "tags", "years"])
        var facets = ReadFacets()
        for (id, list) in try XCTUnwrap(json["emotions"] as? [String: String]) { facets.emotions[id] = try PostingsCoding.decode(list) }
        for (slug, value) in try XCTUnwrap(json["tags"] as? [String: [String]]) {
            XCTAssertEqual(value.count, 2, slug)
            facets.tags[slug] = (value[0], try PostingsCoding.decode(value[1]))
        }
        for (year, value) in try XCTUnwrap(json["years"] as? [String: Any]) {
            if let range = value as? [Int] {
                XCTAssertEqual(range.count, 2, year)
                XCTAssertLessThan(range[0], range[1], year)
                facets.years[year] = Array(range[0]..<range[1])
                facets.rangedYears.insert(year)
            } else {
                facets.years[year] = try PostingsCoding.decode(try XCTUnwrap(value as? String, year))
            }
        }
        return facets
    }

    func testTheFacetsOfAGeneratedDiaryAreABruteForceCountOfItsEntries() throws {
        let diary = try generatedDiary(days: 800, perDay: 2, self)
        let files = SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: "/")).files()
        let facets = try read(files["search/facets.json"])

        var emotions: [String: [Int]] = [:]
        var tags: [String: [Int]] = [:]
        var labels: [String: String] = [:]
        var years: [String: [Int]] = [:]
        for (number, entry) in diary.entries.enumerated() {
            for id in Set(entry.emotionIDs) { emotions[id, default: []].append(number) }
            for tag in entry.tags {
                let slug = Slug.make(from: tag)
                if labels[slug] == nil { labels[slug] = tag }
                if tags[slug]?.last != number { tags[slug, default: []].append(number) }
            }
            years[String(format: "%04d", entry.day.year), default: []].append(number)
        }
        XCTAssertEqual(facets.emotions, emotions)
        XCTAssertEqual(facets.years, years)
        XCTAssertEqual(Set(years.keys), ["2023", "2024", "2025"])
        XCTAssertEqual(facets.rangedYears, Set(years.keys), "a diary read from files has each year's entries together")

        XCTAssertGreaterThan(tags.count, SearchFacets.tagLimit, "the diary has more tags than are listed")
        let mostUsed = tags.keys.sorted { a, b in
            tags[a]!.count != tags[b]!.count ? tags[a]!.count > tags[b]!.count : Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }.prefix(SearchFacets.tagLimit)
        XCTAssertEqual(Set(facets.tags.keys), Set(mostUsed))
        for slug in mostUsed {
            XCTAssertEqual(facets.tags[slug]?.entries, tags[slug], slug)
            XCTAssertEqual(facets.tags[slug]?.label, labels[slug], "\(slug): the oldest spelling, as the tag's page names it")
        }

        // Each count is what its filter narrows a query to.
        let engine = try SearchEngine(files: files)
        let byDate = SearchOptions(order: .date)
        for (id, numbers) in facets.emotions {
            XCTAssertEqual(try engine.entryNumbers(matching: "emotion:\(id)", options: byDate), numbers.reversed(), id)
        }
        for (slug, tag) in facets.tags {
            XCTAssertEqual(try engine.entryNumbers(matching: "#\(slug)", options: byDate), tag.entries.reversed(), slug)
        }
        for (year, numbers) in facets.years {
            XCTAssertEqual(try engine.entryNumbers(matching: year, options: byDate), numbers.reversed(), year)
        }
    }

    /// Entries are numbered by moment and their year is the diary's wall clock at that moment, so a
    /// year's entries are together even when entries were written in other time zones around New Year.
    func testEntriesDatedInOtherTimeZonesAroundNewYearKeepEachYearTogether() throws {
        let root = temporaryFolder(self)
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "timezone: Asia/Seoul\n".write(to: root.appendingPathComponent("daybook.yml"), atomically: true, encoding: .utf8)
        // New York's evening of Dec 31 is Seoul's afternoon of Jan 1, after Seoul's morning.
        let dates = ["2024-12-31 22:00", "2024-12-31T23:30:00-05:00", "2025-01-01T09:00:00+09:00", "2024-12-31T15:30:00Z",
                     "2024-12-31T14:59:00Z", "2025-01-01 00:10"]
        for (number, date) in dates.enumerated() {
            try "---\ndate: \(date)\nemotion: calm\n---\nEntry \(number).\n"
                .write(to: content.appendingPathComponent("entry-\(number).md"), atomically: true, encoding: .utf8)
        }
        let reading = DiaryReader(root: root).read()
        XCTAssertFalse(reading.hasErrors, reading.diagnostics.map(\.description).joined(separator: "\n"))
        let years = reading.diary.entries.map { $0.day.year }
        XCTAssertEqual(years, [2024, 2024, 2025, 2025, 2025, 2025])
        let facets = try read(SearchIndexBuilder(entries: reading.diary.entries, emotions: reading.diary.emotions, urls: URLMap(baseURL: "/"))
            .files()["search/facets.json"])
        XCTAssertEqual(facets.years, ["2024": [0, 1], "2025": [2, 3, 4, 5]])
        XCTAssertEqual(facets.rangedYears, ["2024", "2025"])
    }

    /// Entries made in code can be dated anyhow: a year whose entries are not together is written
    /// as its list, and the counts stay exact.
    func testAYearWhoseEntriesAreApartIsWrittenAsItsList() throws {
        let moments = [("2024-12-30 10:00", 0), ("2025-01-01 00:30", 100), ("2024-12-31 23:50", 200), ("2025-01-02 09:00", 300)]
        let entries = moments.map { time, seconds in
            let entry = makeEntry(time, tags: ["walk"])
            return Entry(id: entry.id, slug: entry.slug, sourcePath: entry.sourcePath, title: entry.title,
                         instant: Date(timeIntervalSince1970: TimeInterval(1_735_000_000 + seconds)), local: entry.local,
                         emotionIDs: entry.emotionIDs, tags: entry.tags, images: [], body: entry.body, isDraft: false, extra: [:])
        }
        let files = SearchIndexBuilder(entries: entries, emotions: [], urls: URLMap(baseURL: "/")).files()
        let facets = try read(files["search/facets.json"])
        XCTAssertEqual(facets.years, ["2024": [0, 2], "2025": [1, 3]])
        XCTAssertEqual(facets.rangedYears, [])
        XCTAssertEqual(facets.emotions, ["happy": [0, 1, 2, 3]])
        XCTAssertEqual(facets.tags["walk"]?.entries, [0, 1, 2, 3])
        let engine = try SearchEngine(files: files)
        XCTAssertEqual(try engine.entryNumbers(matching: "2024", options: SearchOptions(order: .date)), [2, 0])
    }

    func testTheFileIsDeterministicJSONWithSortedKeys() throws {
        let entries = [makeEntry("2025-10-20 09:30", emotions: ["calm", "happy"], tags: ["Walk", "산책", "a \"quoted\" tag"]),
                       makeEntry("2025-10-21 09:30", emotions: ["happy"], tags: ["walk"])]
        let bytes = try XCTUnwrap(SearchIndexBuilder(entries: entries, emotions: [], urls: URLMap(baseURL: "/")).files()["search/facets.json"])
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), """
            {"emotions":{"calm":"0","happy":"00"},"tags":{"a-quoted-tag":["a \\"quoted\\" tag","0"],"walk":["Walk","00"],\
            "산책":["산책","0"]},"years":{"2025":[0,2]}}
            """)
    }
}
