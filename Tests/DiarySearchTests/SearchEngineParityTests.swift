import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
import DiaryReader
@testable import DiarySearch
import Foundation
import XCTest

/// The search page's engine (search.js, run by Node) and `daybook search`'s (Swift) give the same
/// entries in the same order, ranked and by date, for hundreds of queries over one generated
/// diary's index: words, phrases, exclusions, particles, initial consonants, tags, emotions and
/// dates. The browser tests then need only a few queries each, for what only a page shows.
final class SearchEngineParityTests: XCTestCase {
    func testThePagesEngineAndTheCommandsEngineAnswerEveryQueryAlike() throws {
        let node = try Requirement.node()
        let root = temporaryFolder(self)
        try CorpusGenerator(.init(days: 1095, entriesPerDay: 1)).write(to: root.appendingPathComponent("diary"))
        let read = DiaryReader(root: root.appendingPathComponent("diary")).read()
        XCTAssertFalse(read.hasErrors)
        let files = SearchIndexBuilder(entries: read.diary.entries, emotions: read.diary.emotions, urls: URLMap(baseURL: "/")).files()
        let site = root.appendingPathComponent("site")
        for (path, bytes) in files {
            let file = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        let queries = Self.queries(from: read.diary)
        XCTAssertGreaterThanOrEqual(queries.count, 300)
        let queryFile = root.appendingPathComponent("queries.json")
        try JSONSerialization.data(withJSONObject: queries).write(to: queryFile)

        let run = try runProcess(URL(fileURLWithPath: node), [packageRoot.appendingPathComponent("Tests/DiarySearchTests/Node/search_parity.js").path,
                                                              packageRoot.appendingPathComponent("Templates/assets/search.js").path,
                                                              site.path, queryFile.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        let page = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: [String: [Int]]])
        let engine = try SearchEngine(files: files)
        var matched = 0
        for query in queries {
            let ranked = try engine.entryNumbers(matching: query)
            let byDate = try engine.entryNumbers(matching: query, options: SearchOptions(order: .date))
            XCTAssertEqual(page[query]?["rank"], ranked, "ranked: \(query)")
            XCTAssertEqual(page[query]?["date"], byDate, "by date: \(query)")
            if !ranked.isEmpty { matched += 1 }
        }
        XCTAssertGreaterThan(matched, queries.count * 2 / 3, "most queries should find something")
    }

    /// The queries a diarist types, taken from the diary itself with a fixed seed: the browser
    /// tests' words and filters, then words of entries' titles and text, alone and in pairs, with
    /// Korean particles, as phrases of neighbouring words, excluded, and with filters beside them.
    static func queries(from diary: Diary) -> [String] {
        var random = SeededGenerator(seed: 20_251_020)
        let fixed = ["산책", "카페", "산책했다", "회의", "피곤", "친구", "고양이", "coffee", "Coffee", "rain", "the", "2 &", "zzzz",
                     "ㅅㅊ", "ㅅ책", "ㄱㅇㅇ", "#cat", "#잠", "#exercise 산책", "emotion:happy", "emotion:calm coffee", "2024",
                     "2024-10", "2025-03 ㅅㅊ", "#cat emotion:anxious 2023", "2023-13", "#nosuchtag", "친구와 카페에서",
                     "\"비가 와서\"", "coffee -rain", "walk 친구", "\"walked along the river\"", "\"the light come in\" \"비가 와서\"",
                     "가을은", "공원에서", "-coffee", "\"unclosed quote", "- -- #"]
        let texts = diary.entries.map { entry in (entry.title + " " + entry.body.text).split(whereSeparator: \.isWhitespace).map(String.init) }
        let tags = Array(Set(diary.entries.flatMap(\.tags))).sorted()
        let emotions = Array(Set(diary.entries.flatMap(\.emotionIDs))).sorted()
        var made: [String] = []
        func word() -> String {
            let text = texts[random.int(in: 0...(texts.count - 1))]
            return text.isEmpty ? "walk" : text[random.int(in: 0...(text.count - 1))]
                .trimmingCharacters(in: .punctuationCharacters)
        }
        for round in 0..<300 {
            switch round % 10 {
            case 0, 1: made.append(word())
            case 2: made.append("\(word()) \(word())")
            case 3:
                let text = texts[random.int(in: 0...(texts.count - 1))]
                if text.count > 3 {
                    let start = random.int(in: 0...(text.count - 3))
                    made.append("\"" + text[start...(start + 1)].joined(separator: " ") + "\"")
                }
            case 4: made.append("\(word()) -\(word())")
            case 5: made.append(word() + ["은", "는", "이", "가", "에서", "을"][random.int(in: 0...5)])
            case 6: made.append("#\(tags[random.int(in: 0...(tags.count - 1))]) \(word())")
            case 7: made.append("emotion:\(emotions[random.int(in: 0...(emotions.count - 1))]) \(word())")
            case 8: made.append("\(2023 + random.int(in: 0...2))-\(String(format: "%02d", random.int(in: 1...12))) \(word())")
            default: made.append(String(word().prefix(2)))
            }
        }
        var seen = Set<String>()
        return (fixed + made).filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
