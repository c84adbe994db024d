import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
import DiaryReader
@testable import DiarySearch
import Foundation
import XCTest

/// Filters (`#tag`, `emotion:`, years and months), Korean initial consonants and `search.fields`,
/// checked against a plain search over every entry of a three-year generated diary.
final class QuerySyntaxTests: XCTestCase {
    private func corpus() throws -> Diary {
        try generatedDiary(days: 1095, self)
    }

    /// Whether a normalised query word matches a normalised text by the initials rule, the slow way.
    private func plainMatch(_ word: [Unicode.Scalar], in text: [Unicode.Scalar]) -> Bool {
        guard word.count <= text.count else { return false }
        return (0...(text.count - word.count)).contains { start in
            word.indices.allSatisfy { offset in
                let found = text[start + offset]
                let wanted = word[offset]
                return wanted == found || ((0x1100...0x1112).contains(wanted.value) && (0xAC00...0xD7A3).contains(found.value)
                    && 0x1100 + (found.value - 0xAC00) / 588 == wanted.value)
            }
        }
    }

    func testFiltersAndInitialsAnswerWhatAPlainSearchOverEveryEntryAnswers() throws {
        let diary = try corpus()
        let emotions = Dictionary(diary.emotions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let texts = diary.entries.map { Array(SearchText.normalize(SearchDocument(entry: $0, emotions: emotions, searchFields: []).searchableText).unicodeScalars) }
        let engine = try SearchEngine(files: SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: "/")).files())
        let catalog = EmotionCatalog(diary.emotions)
        let tags = Array(Set(diary.entries.flatMap(\.tags))).sorted().prefix(6)
        let queries = ["ㅅㅊ", "ㅅ책", "산ㅊ", "ㅎㄷ", "ㄱ", "ㅋ", "ㅅㅊ 2024", "2025-03", "2024", "2023-12 ㄱ"]
            + tags.map { "#\($0.uppercased())" } + tags.map { "#\($0) 2024-06" }
            + ["emotion:happy", "emotion:Joy ㅅ", "emotion:\(diary.emotions[1].label) 2025", "emotion:nobody"]
        var nonEmpty = 0
        for query in queries {
            let parsed = SearchQuery(query)
            let expected = diary.entries.indices.reversed().filter { number in
                let entry = diary.entries[number]
                return parsed.words.allSatisfy { plainMatch($0, in: texts[number]) } && parsed.filters.allSatisfy { filter in
                    switch filter {
                    case .tag(let slug): return entry.tags.contains { Slug.make(from: $0) == slug }
                    case .period(let period): return entry.local.description.hasPrefix(period)
                    case .emotion(let name): return catalog.emotion(named: name).map { entry.emotionIDs.contains($0.id) } ?? false
                    }
                }
            }
            XCTAssertEqual(try engine.entryNumbers(matching: query, options: SearchOptions(order: .date)), expected, query)
            if !expected.isEmpty { nonEmpty += 1 }
        }
        XCTAssertGreaterThan(nonEmpty, queries.count - 3, "most queries should find something")
    }

    /// The initials keys have files of their own: a query without an initial consonant reads none
    /// of them, so they cost it nothing, and one with an initial still finds what the rule finds.
    func testOnlyAQueryWithAnInitialConsonantReadsTheInitialsFiles() throws {
        let diary = try corpus()
        let emotions = Dictionary(diary.emotions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let texts = diary.entries.map { Array(SearchText.normalize(SearchDocument(entry: $0, emotions: emotions, searchFields: []).searchableText).unicodeScalars) }
        let files = SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: "/")).files()
        let initialsManifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(files["search/initials.json"]))) as? [String: Any])
        XCTAssertFalse((initialsManifest["heavy"] as? [String] ?? []).isEmpty, "some initials keys are heavy")
        let manifest = String(decoding: try XCTUnwrap(files["search/index.json"]), as: UTF8.self)
        XCTAssertNil(manifest.range(of: SearchIndexLayout.initialsPrefix), "search/index.json names no initials key")
        let shards = files.filter { $0.key.hasPrefix("search/shards/") || $0.key.hasPrefix("search/keys/") }
        XCTAssertFalse(shards.isEmpty)
        for (path, bytes) in shards {
            XCTAssertNil(String(decoding: bytes, as: UTF8.self).range(of: "\"\(SearchIndexLayout.initialsPrefix)"), "\(path) holds an initials key")
        }

        for query in ["산책", "coffee", "했다", "walk 친구", "#cat", "2023-10", "emotion:happy 산책", "zzzqx"] {
            let read = try pathsRead(for: query, from: files)
            XCTAssertTrue(read.contains("search/index.json"), query)
            XCTAssertEqual(read.filter { $0.hasPrefix("search/initials") }, [], "\(query) reads initials files")
        }
        for query in ["ㅅㅊ", "ㅅ책", "ㄱㅇㅇ", "ㅎ", "ㅅㅊ 2023-06", "산책 ㅎㄷ"] {
            let read = try pathsRead(for: query, from: files)
            XCTAssertTrue(read.contains("search/initials.json"), query)
            XCTAssertTrue(read.contains { $0.hasPrefix("search/initials/") }, query)
            let parsed = SearchQuery(query)
            let expected = diary.entries.indices.reversed().filter { number in
                parsed.words.allSatisfy { plainMatch($0, in: texts[number]) } && parsed.filters.allSatisfy { filter in
                    guard case .period(let period) = filter else { return false }
                    return diary.entries[number].local.description.hasPrefix(period)
                }
            }
            XCTAssertFalse(expected.isEmpty, query)
            XCTAssertEqual(try SearchEngine(files: files).entryNumbers(matching: query, options: SearchOptions(order: .date)), expected, query)
        }
    }

    /// The paths of the files a search for `query` reads, in the order it reads them.
    private func pathsRead(for query: String, from files: [String: [UInt8]]) throws -> [String] {
        var read: [String] = []
        let engine = try SearchEngine { path in
            read.append(path)
            return files[path]
        }
        _ = try engine.search(query, limit: 20)
        return read
    }

    func testAYearOrMonthIsADateFilterAndOtherNumbersAreWords() {
        XCTAssertEqual(SearchQuery("2025 2025-10").filters, [.period("2025"), .period("2025-10")])
        XCTAssertEqual(SearchQuery("2025-13 202 2025년").words.map { SearchText.string($0) }, ["2025-13", "202", "2025년"])
        XCTAssertEqual(SearchQuery("#Morning-Walk EMOTION:Joy #").filters, [.tag("morning-walk"), .emotion("Joy")])
        XCTAssertEqual(SearchQuery("#").words.map { SearchText.string($0) }, ["#"])
    }

    func testSearchFieldsMakeFrontMatterValuesSearchable() throws {
        var entry = makeEntry("2025-10-20 09:30", body: "평범한 하루")
        entry = Entry(id: entry.id, slug: entry.slug, sourcePath: entry.sourcePath, title: entry.title, instant: entry.instant,
                      local: entry.local, emotionIDs: entry.emotionIDs, tags: [], images: [], body: entry.body, isDraft: false,
                      extra: ["weather": .string("맑음"), "place": .list([.string("Seoul"), .int(42)])])
        let withFields = try SearchEngine(files: SearchIndexBuilder(entries: [entry], emotions: Emotion.defaults, urls: URLMap(baseURL: "/"),
                                                                    searchFields: ["weather", "place"]).files())
        XCTAssertEqual(try withFields.entryNumbers(matching: "맑"), [0])
        XCTAssertEqual(try withFields.entryNumbers(matching: "seoul 42"), [0])
        let without = try SearchEngine(files: SearchIndexBuilder(entries: [entry], emotions: Emotion.defaults, urls: URLMap(baseURL: "/")).files())
        XCTAssertEqual(try without.entryNumbers(matching: "맑음"), [])
    }
}
