import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
import DiaryReader
@testable import DiarySearch
import Foundation
import XCTest

/// Phrases, exclusions and Korean particles, against a plain search over every entry of a
/// three-year generated diary, and on real sentences.
final class QueryFeatureTests: XCTestCase {
    private func corpus() throws -> Diary {
        try generatedDiary(days: 1095, self)
    }

    private func engine(_ entries: [Entry], emotions: [Emotion] = Emotion.defaults) throws -> SearchEngine {
        try SearchEngine(files: SearchIndexBuilder(entries: entries, emotions: emotions, urls: URLMap(baseURL: "/")).files())
    }

    func testPhrasesExclusionsAndFiltersAnswerWhatAPlainSearchAnswers() throws {
        let diary = try corpus()
        let engine = try engine(diary.entries, emotions: diary.emotions)
        let emotions = Dictionary(diary.emotions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let texts = diary.entries.map { SearchText.normalize(SearchDocument(entry: $0, emotions: emotions, searchFields: []).searchableText) }
        let shown = diary.entries.map { [SearchText.normalize($0.title), SearchText.normalize($0.body.text)] }
        let cases: [(query: String, expected: (Int) -> Bool)] = [
            ("\"비가 와서\"", { shown[$0].contains { $0.contains("비가 와서") } }),
            ("\"walk in the rain\"", { shown[$0].contains { $0.contains("walk in the rain") } }),
            ("\"the city smelled\" 2024", { shown[$0].contains { $0.contains("the city smelled") } && diary.entries[$0].local.description.hasPrefix("2024") }),
            ("산책 -coffee", { texts[$0].contains("산책") && !texts[$0].contains("coffee") }),
            ("\"비가 와서\" -고양이 #cat", { shown[$0].contains { $0.contains("비가 와서") } && !texts[$0].contains("고양이")
                && diary.entries[$0].tags.contains("cat") }),
            ("rain -rain", { _ in false }),
        ]
        for (query, expected) in cases {
            let want = diary.entries.indices.reversed().filter(expected)
            XCTAssertEqual(try engine.entryNumbers(matching: query, options: SearchOptions(order: .date)), want, query)
        }
        XCTAssertFalse(try engine.entryNumbers(matching: "\"비가 와서\"").isEmpty)
        XCTAssertEqual(try engine.entryNumbers(matching: "\"와서 비가\""), [], "the words in another order")
        XCTAssertFalse(try engine.entryNumbers(matching: "와서 비가").isEmpty)
    }

    func testAQueryWordIsLookedUpAsItsStemOnlyWhenTheStemKeepsTwoSyllables() {
        func stem(_ word: String) -> String { SearchText.string(KoreanParticles.stem(of: Array(word.unicodeScalars))) }
        XCTAssertEqual(stem("가을은"), "가을")
        XCTAssertEqual(stem("공원에서"), "공원")
        XCTAssertEqual(stem("친구와"), "친구")
        XCTAssertEqual(stem("산책했다"), "산책")
        XCTAssertEqual(stem("이"), "이", "a particle alone stays")
        XCTAssertEqual(stem("사이"), "사이", "one syllable would be left")
        XCTAssertEqual(stem("나이"), "나이")
        XCTAssertEqual(stem("사이가"), "사이")
        XCTAssertEqual(stem("고양이가"), "고양이")
        XCTAssertEqual(stem("2025년에"), "2025년에", "the stem must end in two syllables")
        XCTAssertEqual(stem("walk에"), "walk에")
        XCTAssertEqual(SearchQuery("가을은 \"가을은\"").words.map { SearchText.string($0) }, ["가을", "가을은"], "a quoted word stays whole")
    }

    func testParticlesFindTheStemOnRealSentencesWithoutLosingPrecision() throws {
        let sentences = [
            "가을에 공원을 오래 걸었다.", "가을 하늘이 높았다.", "사이가 좋은 두 사람을 보았다.", "사과를 한 봉지 샀다.",
            "나이를 한 살 더 먹었다.", "나무 아래에서 쉬었다.", "고양이가 창가에서 잤다.", "고양시에 사는 친구를 만났다.",
            "이 길은 처음이다.", "친구와 카페에 갔다.",
        ]
        let entries = sentences.enumerated().map { makeEntry("2025-10-\(String(format: "%02d", $0.offset + 1)) 09:00", body: $0.element, path: "\($0.offset).md") }
        let engine = try engine(entries)
        func found(_ query: String) throws -> Set<String> {
            Set(try engine.entryNumbers(matching: query).map { sentences[$0] })
        }
        XCTAssertEqual(try found("가을은"), ["가을에 공원을 오래 걸었다.", "가을 하늘이 높았다."])
        XCTAssertEqual(try found("사이"), ["사이가 좋은 두 사람을 보았다."], "사이 does not lose its 이")
        XCTAssertEqual(try found("사이는"), ["사이가 좋은 두 사람을 보았다."])
        XCTAssertEqual(try found("나이"), ["나이를 한 살 더 먹었다."], "나이 does not find 나무")
        XCTAssertEqual(try found("이"), ["사이가 좋은 두 사람을 보았다.", "나이를 한 살 더 먹었다.", "고양이가 창가에서 잤다.", "이 길은 처음이다.",
                                        "가을 하늘이 높았다."],
                       "이 alone is a word, not stripped to nothing")
        XCTAssertEqual(try found("친구는"), ["고양시에 사는 친구를 만났다.", "친구와 카페에 갔다."])
        XCTAssertEqual(try found("고양이는"), ["고양이가 창가에서 잤다."], "stripped to 고양이, not 고양")
        // Where the last syllable only looks like a particle, the stem finds longer words too: the cost, measured here.
        XCTAssertEqual(try found("고양이"), ["고양이가 창가에서 잤다.", "고양시에 사는 친구를 만났다."])
    }

    func testParticlesOnlyAddEntriesThatHoldTheStem() throws {
        let diary = try corpus()
        let engine = try engine(diary.entries, emotions: diary.emotions)
        for (word, stem) in [("카페에서", "카페"), ("친구와", "친구"), ("회의가", "회의"), ("고양이가", "고양이"), ("산책을", "산책")] {
            let withParticle = try engine.entryNumbers(matching: word, options: SearchOptions(order: .date))
            XCTAssertEqual(withParticle, try engine.entryNumbers(matching: stem, options: SearchOptions(order: .date)), word)
            XCTAssertTrue(Set(withParticle).isSuperset(of: try engine.entryNumbers(matching: "\"\(word)\"")), word)
        }
    }
}
