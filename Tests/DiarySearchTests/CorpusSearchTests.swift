import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
import DiaryReader
@testable import DiarySearch
import Foundation
import XCTest

/// Whole synthetic diaries: exact answers, and downloads that do not grow with the diary.
final class CorpusSearchTests: XCTestCase {
    private func readCorpus(days: Int, perDay: Int) throws -> Diary {
        let root = temporaryFolder(self)
        try CorpusGenerator(.init(days: days, entriesPerDay: perDay)).write(to: root)
        let read = DiaryReader(root: root).read()
        XCTAssertFalse(read.hasErrors, read.diagnostics.map(\.description).joined(separator: "\n"))
        return read.diary
    }

    /// What the search page downloads for `query`: the manifest, the files its words look up,
    /// and the chunk files that hold the first page of results (20).
    private func bytesFetched(for query: String, from files: [String: [UInt8]]) throws -> Int {
        var fetched: [String: Int] = [:]
        let engine = try SearchEngine { path in
            fetched[path] = files[path]?.count
            return files[path]
        }
        _ = try engine.search(query, limit: 20)
        return fetched.values.reduce(0, +)
    }

    func testWhatAQueryDownloadsGrowsMuchSlowerThanTheIndex() throws {
        // One-word Korean and English, common and rare (a picture's name: its newest matches are
        // spread over the diary, each in a chunk of its own), and two-word queries.
        let queries = ["산책", "coffee", "walk", "했다", "가", "latte plan", "happy 산책", "cafe-05", "sky-04"]
        var totals: [Int] = []
        var fetches: [Int] = []
        for days in [73, 730] {
            let diary = try readCorpus(days: days, perDay: 5)
            let files = SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: "/")).files()
            totals.append(files.values.reduce(0) { $0 + $1.count })
            let chunks = files.keys.filter { $0.hasPrefix("search/chunks/") }
            XCTAssertLessThanOrEqual(chunks.count, diary.entries.count, "no more chunk files than entries")
            let largest = try queries.map { try bytesFetched(for: $0, from: files) }.max()!
            // At most 20 chunks of about 2.5 KB, the manifest and the words' files.
            XCTAssertLessThan(largest, 200_000, "\(diary.entries.count) entries")
            fetches.append(largest)
        }
        let indexGrowth = Double(totals[1]) / Double(totals[0])
        let fetchGrowth = Double(fetches[1]) / Double(fetches[0])
        XCTAssertGreaterThan(indexGrowth, 8, "the bigger diary's index should be about ten times as big")
        XCTAssertLessThan(fetchGrowth, 2, "a query downloads \(fetches) bytes for indexes of \(totals) bytes")
        print("search index: \(totals) bytes; the heaviest query fetches \(fetches) bytes")
    }

    /// The index answers exactly what a plain substring search over each entry's normalised text
    /// answers (newest first when sorted by date; the same entries ranked).
    func testAnswersMatchAPlainSubstringSearch() throws {
        let diary = try readCorpus(days: 40, perDay: 4)
        let emotions = Dictionary(diary.emotions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let texts = diary.entries.map { Array(SearchText.normalize(SearchDocument(entry: $0, emotions: emotions, searchFields: []).searchableText).unicodeScalars) }
        let engine = try SearchEngine(files: SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: "/")).files())
        var random = SeededGenerator(seed: 7)
        var nonEmpty = 0
        for round in 0..<300 {
            var words: [String] = []
            for _ in 0..<(1 + round % 3) {
                let text = texts.randomElement(using: &random)!
                let length = Int.random(in: 1...(round % 7 == 0 ? 17 : 6), using: &random)
                let start = Int.random(in: 0...max(0, text.count - length), using: &random)
                let word = SearchText.string(text[start..<min(text.count, start + length)]).split(separator: " ").first.map(String.init) ?? "x"
                words.append(round % 5 == 0 ? word.uppercased() : word)
            }
            let query = words.joined(separator: " ")
            let parsed = SearchQuery(query)
            guard parsed.excluded.isEmpty, parsed.phrases.isEmpty else { continue }
            // Words ending in a Korean particle are looked up as their stems (`KoreanParticles`).
            let needles = parsed.words.map { Array(SearchText.string($0).utf8) }
            let expected = texts.indices.reversed().filter { number in
                let haystack = Array(SearchText.string(texts[number]).utf8)
                return needles.allSatisfy { SearchEngine.contains(haystack, $0) }
            }
            XCTAssertEqual(try engine.entryNumbers(matching: query, options: SearchOptions(order: .date)), expected, query)
            XCTAssertEqual(Set(try engine.entryNumbers(matching: query)), Set(expected), query)
            if !expected.isEmpty { nonEmpty += 1 }
        }
        XCTAssertGreaterThan(nonEmpty, 250)
    }
}
