import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
@testable import DiarySearch
import XCTest

/// Phrases checked from the index's positions answer exactly what the text of each entry's
/// title and visible text answers, and what the records answer.
final class PhrasePositionsTests: XCTestCase {
    private func engines(_ diary: Diary) throws -> [PhraseCheck.Method: SearchEngine] {
        let files = SearchIndexBuilder(entries: diary.entries, emotions: diary.emotions, urls: URLMap(baseURL: "/")).files()
        var engines: [PhraseCheck.Method: SearchEngine] = [:]
        for method in [PhraseCheck.Method.cheaper, .positions, .records] {
            var engine = try SearchEngine(files: files)
            engine.phraseCheck = method
            engines[method] = engine
        }
        return engines
    }

    /// Entries (newest first) whose normalised title or visible text holds `phrase`, byte for byte.
    private func plainSearch(_ phrase: String, in shown: [[[UInt8]]]) -> [Int] {
        let needle = Array(SearchText.normalize(phrase).utf8)
        return shown.indices.reversed().filter { shown[$0].contains { SearchEngine.contains($0, needle) } }
    }

    func testPhrasesFromTheIndexAnswerWhatThePlainTextAnswers() throws {
        let diary = try generatedDiary(days: 1095, self)
        let engines = try engines(diary)
        let shown = diary.entries.map { [$0.title, $0.body.text].map { Array(SearchText.normalize($0).utf8) } }
        let tokens = diary.entries.map { [$0.title, $0.body.text].map(SearchText.tokens(of:)) }
        var random = SeededGenerator(seed: 11)
        var phrases: [String] = ["비가 와서", "walk in the rain", "오늘은 조용히", "오늘은 아침 일찍", "the light come in", "call mom",
                                 "오늘의 한 줄", "와서 비가", "river walked", "산책했다 공원을", "rice, soup", "1 < 2", "s 2", "다. 오", "a walk"]
        for round in 0..<240 {
            let field = tokens.randomElement(using: &random)![round % 5 == 0 ? 0 : 1]
            guard field.count >= 2 else { continue }
            let count = Int.random(in: 2...min(4, field.count), using: &random)
            let start = Int.random(in: 0...(field.count - count), using: &random)
            var words = Array(field[start..<start + count])
            // The first word may be the end of its token, the last the start of its.
            let first = Array(words[0].unicodeScalars)
            words[0] = SearchText.string(first.suffix(Int.random(in: 1...first.count, using: &random)))
            let last = Array(words[count - 1].unicodeScalars)
            words[count - 1] = SearchText.string(last.prefix(Int.random(in: 1...last.count, using: &random)))
            switch round % 4 {
            case 1: words.reverse()                                                   // another order
            case 2 where start + count < field.count: words[count - 1] = field[start + count]   // words apart
            default: break
            }
            // A double quote would end the phrase.
            if !words.contains(where: { $0.contains("\"") }) { phrases.append(words.joined(separator: " ")) }
        }
        var found = 0
        for phrase in phrases {
            let expected = plainSearch(phrase, in: shown)
            if !expected.isEmpty { found += 1 }
            for (method, engine) in engines {
                XCTAssertEqual(try engine.entryNumbers(matching: "\"\(phrase)\"", options: SearchOptions(order: .date)), expected,
                               "\"\(phrase)\" checked by \(method)")
            }
        }
        XCTAssertGreaterThan(found, 100, "most phrases are found")
        XCTAssertLessThan(found, phrases.count - 40, "many are near misses")
    }

    func testAPhraseDoesNotSpanTheTitleAndTheText() throws {
        let entries = [makeEntry("2025-10-20 09:30", title: "A quiet walk", body: "in the rain today."),
                       makeEntry("2025-10-21 09:30", title: "Rain", body: "A quiet walk in the rain today.")]
        let engines = try engines(Diary(config: DiaryConfig(), entries: entries, emotions: Emotion.defaults))
        for (method, engine) in engines {
            XCTAssertEqual(try engine.entryNumbers(matching: "\"walk in the rain\""), [1], "\(method)")
            XCTAssertEqual(try engine.entryNumbers(matching: "\"quiet walk\"", options: SearchOptions(order: .date)), [1, 0], "\(method)")
            XCTAssertEqual(try engine.entryNumbers(matching: "\"uiet wal\"", options: SearchOptions(order: .date)), [1, 0], "the first word ends a token, the last starts one: \(method)")
            XCTAssertEqual(try engine.entryNumbers(matching: "\"quiet alk\""), [], "\(method)")
            XCTAssertEqual(try engine.entryNumbers(matching: "\"qu walk\""), [], "\(method)")
            XCTAssertEqual(try engine.entryNumbers(matching: "\"walk in the rain\" \"today\""), [1], "\(method)")
            XCTAssertEqual(try engine.entryNumbers(matching: "\"rain today\" \"a quiet\"", options: SearchOptions(order: .date)), [1, 0],
                           "each phrase in a field of its own: \(method)")
        }
    }

    func testPositionsValuesReadBackAsWritten() throws {
        let items = PhrasePositions.items(title: "Rain, rain", text: "rain falls on rain and RAIN")
        XCTAssertEqual(items.map(\.token), ["and", "falls", "on", "rain", "rain,"])
        let rain = try PhrasePositions.places(inItem: items[3].item)
        XCTAssertEqual(rain, PhrasePositions.Places(body: [0, 3, 5], title: [1]))
        let value = PhrasePositions.tokenValue([(3, items[3].item), (40, items[0].item)])
        var reader = JSONReader(bytes: value)
        let decoded = try PhrasePositions.entries(inTokenValue: XCTUnwrap(reader.string()))
        XCTAssertEqual(decoded.map(\.entry), [3, 40])
        XCTAssertEqual(decoded.map(\.item), [items[3].item, items[0].item])
        XCTAssertEqual(PhrasePositions.affixKeys(of: "rain"), ["> r", "< n", "> ra", "< in"])
        let affix = PhrasePositions.affixValue([("rain", 2), ("rainy", 15)])
        XCTAssertEqual(String(decoding: affix, as: UTF8.self), #"["rain","2","rainy","15"]"#)
        XCTAssertEqual(PhrasePositions.tokens(inAffixValue: affix)?.map(\.count), [2, 15])
    }
}
