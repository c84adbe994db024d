import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
import DiaryReader
@testable import DiarySearch
import Foundation
import XCTest

/// Ranking (`RankWeights`): checked against BM25 computed from each entry's text the slow way,
/// and on hand-made cases.
final class RankingTests: XCTestCase {
    private func corpus() throws -> Diary {
        try generatedDiary(days: 1095, self)
    }

    /// BM25 over an entry's fields with boosts, from its text: for each word, the overlapping
    /// occurrences in each field's tokens times the field's boost, over the entry's length
    /// normalisation (`b = 3/4`, the pivot length); `idf` from the entries the word occurs in.
    private struct Reference {
        /// Per entry, per field: the field's boost and its normalised tokens in UTF-8.
        let fields: [[(boost: Double, tokens: [[UInt8]])]]
        let norms: [Double]

        init(_ diary: Diary) {
            let emotions = Dictionary(diary.emotions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let documents = diary.entries.map { SearchDocument(entry: $0, emotions: emotions, searchFields: []) }
            fields = documents.map { document in
                document.fields.weighted.map { (Double($0.field.boost) / 2, SearchText.tokens(of: $0.text).map { Array($0.utf8) }) }
            }
            let pivot = Double(SearchIndexBuilder.pivot(of: diary.entries))
            norms = diary.entries.map { 0.25 + 0.75 * Double($0.body.textUTF8.count) / pivot }
        }

        func tf(_ word: [UInt8], entry: Int) -> Double {
            fields[entry].reduce(0) { sum, field in
                sum + field.boost * Double(field.tokens.reduce(0) { $0 + RankWeights.occurrences(of: word, in: $1) })
            } / norms[entry]
        }

        /// Every entry's score for `words` (nil where a word does not occur).
        func scores(_ words: [String]) -> [Double?] {
            var scores = [Double?](repeating: 0, count: fields.count)
            for word in words.map({ Array($0.utf8) }) {
                let tfs = fields.indices.map { tf(word, entry: $0) }
                let df = Double(tfs.filter { $0 > 0 }.count)
                let idf = log(1 + (Double(fields.count) - df + 0.5) / (df + 0.5))
                for (entry, tf) in tfs.enumerated() {
                    scores[entry] = tf > 0 ? scores[entry].map { $0 + idf * tf * 2.2 / (tf + 1.2) } : nil
                }
            }
            return scores
        }
    }

    func testTheOrderIsBM25OverTheFieldsUpToTheWeightsRounding() throws {
        let diary = try corpus()
        let reference = Reference(diary)
        let engine = try SearchEngine(files: SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: "/")).files())
        let queries = ["산책", "coffee", "비", "walk 친구", "카페 latte", "피곤", "rain", "고양이", "the", "happy", "행복 산책", "meeting 회의"]
        var topAgrees = 0
        for query in queries {
            let words = SearchQuery(query).words.map { SearchText.string($0) }
            let scores = reference.scores(words)
            let ranked = try engine.entryNumbers(matching: query)
            XCTAssertEqual(Set(ranked), Set(scores.indices.filter { scores[$0] != nil }), query)
            XCTAssertFalse(ranked.isEmpty, query)
            // Frequencies are kept to within 6 % (`RankWeights.quantised`), scores to within about
            // 4 %: an entry may pass another whose score is up to twice that higher, never more.
            for (better, worse) in zip(ranked, ranked.dropFirst()) {
                XCTAssertGreaterThanOrEqual(scores[better]! * 1.09, scores[worse]!, "\(query): entry \(better) before \(worse)")
            }
            let best = scores.indices.filter { scores[$0] != nil }.max { scores[$0]! < scores[$1]! }!
            if ranked.prefix(3).contains(best) { topAgrees += 1 }
        }
        XCTAssertGreaterThanOrEqual(topAgrees, queries.count - 1, "the reference's best entry is among the top three")
    }

    private let emotions = [Emotion(id: "happy", label: "행복", emoji: "😊", color: "#f5c542")]

    private func titles(_ query: String, _ entries: [Entry]) throws -> [String] {
        let engine = try SearchEngine(files: SearchIndexBuilder(entries: entries, emotions: emotions, urls: URLMap(baseURL: "/")).files())
        return try engine.search(query).map(\.title)
    }

    func testATitleMatchComesFirst() throws {
        let entries = [
            makeEntry("2025-10-18 08:00", title: "Lantern festival", body: "We walked by the river until late at night.", path: "a.md"),
            makeEntry("2025-10-19 08:00", title: "River walk", body: "A paper lantern floated by the river tonight.", path: "b.md"),
            makeEntry("2025-10-20 08:00", title: "Evening", body: "The lantern light on the river was warm and calm.", path: "c.md"),
        ]
        XCTAssertEqual(try titles("lantern", entries).first, "Lantern festival")
        XCTAssertEqual(try titles("river", entries).first, "River walk")
    }

    func testAWordSaidThreeTimesComesBeforeOneSaidOnceInBodiesOfTheSameLength() throws {
        let entries = [
            makeEntry("2025-10-18 08:00", title: "Three", body: "tea today, tea tonight, and tea again.", path: "a.md"),
            makeEntry("2025-10-19 08:00", title: "Once", body: "cup today, tea tonight, and cup again.", path: "b.md"),
        ]
        XCTAssertEqual(entries[0].body.textUTF8.count, entries[1].body.textUTF8.count)
        XCTAssertEqual(try titles("tea", entries), ["Three", "Once"])
        XCTAssertEqual(try titles("tea", entries.reversed()), ["Three", "Once"])
    }

    func testTagsAndEmotionsCountAboveTheBodyAndRecencyBreaksTies() throws {
        let entries = [
            makeEntry("2025-10-17 08:00", title: "Body", body: "a quiet walk in the park", path: "a.md"),
            makeEntry("2025-10-18 08:00", title: "Tagged", body: "a quiet stroll in the park", tags: ["walk"], path: "b.md"),
            makeEntry("2025-10-19 08:00", title: "Same", body: "an ordinary day", path: "c.md"),
            makeEntry("2025-10-20 08:00", title: "Same", body: "an ordinary day", path: "d.md"),
        ]
        XCTAssertEqual(try titles("walk", entries), ["Tagged", "Body"])
        let engine = try SearchEngine(files: SearchIndexBuilder(entries: entries, emotions: emotions, urls: URLMap(baseURL: "/")).files())
        XCTAssertEqual(try engine.entryNumbers(matching: "ordinary"), [3, 2], "equal scores: the newer first")
        XCTAssertEqual(try engine.entryNumbers(matching: "park", options: SearchOptions(order: .date)), [1, 0])
    }

    func testWeightsRoundTripWithinTheirStep() {
        XCTAssertEqual(RankWeights.quantised(0), 1)
        XCTAssertEqual(RankWeights.quantised(1 << 30), 63)
        for q in 1...63 {
            XCTAssertEqual(RankWeights.quantised(RankWeights.dequantised[q]), UInt8(q), "\(q)")
        }
    }
}
