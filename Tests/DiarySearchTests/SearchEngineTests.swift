import DaybookTestSupport
import DiaryIndex
import DiaryModel
import DiarySearch
import Foundation
import XCTest

final class SearchEngineTests: XCTestCase {
    private let emotions = [
        Emotion(id: "happy", label: "행복", emoji: "😊", color: "#f5c542"),
        Emotion(id: "calm", label: "Calm", emoji: "😌", color: "#3fb68b"),
        Emotion(id: "sad", label: "슬픔", emoji: "😢", color: "#5b8def"),
    ]

    private lazy var diary: [Entry] = [
        makeEntry("2025-10-18 08:00", title: "가을 산책", body: "아침에 공원을 **산책했다**. 낙엽이 예뻤다.\n",
                  emotions: ["happy"], tags: ["walk", "autumn"], path: "Content/2025/10/18/0800-walk.md"),
        makeEntry("2025-10-19 21:30", title: "Café Notes", body: "A long latte at the CAFÉ with [my sister](https://example.com/secret).\n",
                  emotions: ["calm", "happy"], tags: ["coffee"], path: "Content/2025/10/19/2130-cafe.md"),
        makeEntry("2025-10-20 07:15", title: "Rainy morning", body: "비가 와서 집에 있었다. Nothing to report.\n\n![창밖 풍경 & rain](https://example.com/x.png)\n",
                  emotions: ["sad"], tags: ["rain"], path: "Content/2025/10/20/0715-rain.md"),
        makeEntry("2025-10-20 22:00", title: "밤 산책", body: "Walked again at night; the walkway was empty.\n",
                  emotions: ["calm"], tags: ["Walk"], path: "Content/2025/10/20/2200-night.md"),
    ]

    private func engine(_ entries: [Entry]? = nil, baseURL: String = "/") throws -> SearchEngine {
        let files = SearchIndexBuilder(entries: entries ?? diary, emotions: emotions, urls: URLMap(baseURL: baseURL)).files()
        var engine = try SearchEngine(files: files)
        engine.sourcePaths = Dictionary(uniqueKeysWithValues: (entries ?? diary).map { ($0.id, $0.sourcePath) })
        return engine
    }

    func testThePublishedIndexNamesNoSourceFile() throws {
        let files = SearchIndexBuilder(entries: diary, emotions: emotions, urls: URLMap(baseURL: "/")).files()
        for (path, bytes) in files {
            XCTAssertNil(String(decoding: bytes, as: UTF8.self).range(of: "Content/"), "\(path) names a source file")
        }
        XCTAssertEqual(try SearchEngine(files: files).search("café").map(\.path), [""], "no path unless the caller supplies it")
    }

    private func titles(_ query: String) throws -> [String] {
        try engine().search(query).map(\.title)
    }

    func testEveryWordMustMatch() throws {
        XCTAssertEqual(Set(try titles("산책")), ["밤 산책", "가을 산책"])
        XCTAssertEqual(try titles("산책 낙엽"), ["가을 산책"])
        XCTAssertEqual(try titles("산책 낙엽 coffee"), [])
    }

    func testAWordMatchesInsideALongerWord() throws {
        XCTAssertEqual(try titles("walk"), ["밤 산책", "가을 산책"])
        XCTAssertEqual(try titles("alkwa"), ["밤 산책"])
        XCTAssertEqual(try titles("atte"), ["Café Notes"])
    }

    func testKoreanSubstringsMatchWithoutSpaces() throws {
        XCTAssertEqual(try titles("책했"), ["가을 산책"])
        XCTAssertEqual(try titles("산책했"), ["가을 산책"])
        XCTAssertEqual(Set(try titles("산책했다")), ["가을 산책", "밤 산책"], "했다 is an ending: the stem 산책 is looked up")
        XCTAssertEqual(try titles("공원을산책"), [])
    }

    func testCaseAndDiacriticsAreIgnored() throws {
        XCTAssertEqual(try titles("cafe"), ["Café Notes"])
        XCTAssertEqual(try titles("CAFÉ"), ["Café Notes"])
        XCTAssertEqual(try titles("ＲＡＩＮＹ"), ["Rainy morning"])
    }

    func testEmotionIDsAndLabelsMatchEveryListedEmotion() throws {
        XCTAssertEqual(Set(try titles("행복")), ["Café Notes", "가을 산책"])
        XCTAssertEqual(Set(try titles("happy")), ["Café Notes", "가을 산책"])
        XCTAssertEqual(Set(try titles("calm")), ["밤 산책", "Café Notes"])
        XCTAssertEqual(try titles("슬픔"), ["Rainy morning"])
    }

    func testTagsMatch() throws {
        XCTAssertEqual(try titles("autumn"), ["가을 산책"])
        XCTAssertEqual(try titles("coffee"), ["Café Notes"])
    }

    func testVisibleTextMatchesButURLsAndMarkupDoNot() throws {
        XCTAssertEqual(try titles("sister"), ["Café Notes"])
        XCTAssertEqual(try titles("example"), [])
        XCTAssertEqual(try titles("strong"), [])
        XCTAssertEqual(try titles("href"), [])
    }

    func testImageDescriptionsMatch() throws {
        XCTAssertEqual(try titles("풍경"), ["Rainy morning"])
        XCTAssertEqual(try titles("&"), ["Rainy morning"])
        XCTAssertEqual(try titles("amp"), [])
    }

    func testNoMatchAndEmptyQueriesGiveNothing() throws {
        XCTAssertEqual(try titles("zebra"), [])
        XCTAssertEqual(try titles(""), [])
        XCTAssertEqual(try titles("   \u{200B} "), [])
    }

    func testOneAndTwoCharacterWordsMatch() throws {
        XCTAssertEqual(try titles("밤"), ["밤 산책"])
        XCTAssertEqual(try titles("z"), [])
        XCTAssertEqual(try titles("é"), try titles("e"))
        XCTAssertEqual(try titles("k"), ["밤 산책", "가을 산책"])
        XCTAssertEqual(try titles("낙엽"), ["가을 산책"])
    }

    func testResultsSortedByDateAreNewestFirstWithTheirFields() throws {
        let results = try engine(baseURL: "/diary/").search("a", options: SearchOptions(order: .date))
        XCTAssertEqual(results.map(\.date), ["2025-10-20 22:00", "2025-10-20 07:15", "2025-10-19 21:30", "2025-10-18 08:00"])
        XCTAssertEqual(results[2], SearchResult(id: "2025-10-19-content-2025-10-19-2130-cafe-md",
                                                url: "/diary/2025/10/19/content-2025-10-19-2130-cafe-md/", title: "Café Notes",
                                                date: "2025-10-19 21:30", emotion: "calm", path: "Content/2025/10/19/2130-cafe.md"))
        XCTAssertEqual(results[2].line, "2025-10-19 21:30  calm  Café Notes  Content/2025/10/19/2130-cafe.md")
        XCTAssertEqual(try engine().search("a", options: SearchOptions(order: .date, limit: 1)).map(\.title), ["밤 산책"])
    }

    func testRepeatedWordsCountOnce() throws {
        XCTAssertEqual(try titles("산책 산책 SANCHAEK"), [])
        XCTAssertEqual(try titles("산책 산책"), try titles("산책"))
    }

    func testLongWordsAndLongTokensMatchAsSubstrings() throws {
        let long = "supercalifragilisticexpialidocious-and-even-longer-than-thirty-two-characters"
        let entries = diary + [makeEntry("2025-10-21 09:00", title: "Long", body: "x \(long) y", path: "Content/long.md")]
        let engine = try engine(entries)
        for word in ["fragilistic", "docious-and-even-longer", "even-longer-than-thirty-two", long, "THAN-THIRTY"] {
            XCTAssertEqual(try engine.search(word).map(\.title), ["Long"], word)
        }
        XCTAssertEqual(try engine.search(long + "s").map(\.title), [])
    }

    func testTheIndexIsTheSameOnEveryBuild() {
        let first = SearchIndexBuilder(entries: diary, emotions: emotions, urls: URLMap(baseURL: "/")).files()
        let second = SearchIndexBuilder(entries: diary, emotions: emotions, urls: URLMap(baseURL: "/")).files()
        XCTAssertEqual(first, second)
        XCTAssertNotNil(first["search/index.json"])
        XCTAssertEqual(first.keys.filter { $0.hasPrefix("search/chunks/") }, ["search/chunks/0.json"], "four short entries share a chunk")
    }

    func testEntriesAreGroupedIntoChunksOfConsecutiveEntries() throws {
        let long = String(repeating: "산책 했다 walk ", count: 200)
        let entries = (0..<10).map { day in
            makeEntry("2025-11-\(String(format: "%02d", day + 1)) 09:00", title: "Day \(day)", body: "\(long) day\(day)",
                      path: "Content/\(day).md")
        }
        let files = SearchIndexBuilder(entries: entries, emotions: emotions, urls: URLMap(baseURL: "/")).files()
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(files["search/index.json"]!)) as? [String: Any])
        let size = try XCTUnwrap(manifest["chunk"] as? Int)
        XCTAssertEqual(manifest["version"] as? Int, 9)
        let chunkPaths = files.keys.filter { $0.hasPrefix("search/chunks/") }
        XCTAssertEqual(chunkPaths.count, (10 + size - 1) / size)
        XCTAssertGreaterThan(chunkPaths.count, 1, "long entries: fewer of them to a chunk")
        XCTAssertTrue(size == 1 || files["search/chunks/0.json"]!.count <= SearchIndexBuilder.targetChunkBytes + size + 1,
                      "a chunk holds about the target, or a single entry")
        XCTAssertTrue(files.keys.allSatisfy { path in
            ["search/index.json", "search/initials.json", "search/facets.json", "search/positions.json"].contains(path)
                || ["search/chunks/", "search/shards/", "search/keys/", "search/initials/shards/", "search/initials/keys/",
                    "search/positions/shards/", "search/positions/keys/"].contains { path.hasPrefix($0) }
        })
        for chunk in 0..<chunkPaths.count {
            let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(files["search/chunks/\(chunk).json"]!)) as? [[String: Any]])
            XCTAssertEqual(records.map { $0["title"] as? String }, (chunk * size..<min(10, (chunk + 1) * size)).map { "Day \($0)" })
        }
        let engine = try SearchEngine(files: files)
        XCTAssertEqual(try engine.search("walk").map(\.title), (0..<10).reversed().map { "Day \($0)" })
        XCTAssertEqual(try engine.search("day7").map(\.title), ["Day 7"])
    }

    func testAnEmptyDiaryHasAnIndexThatMatchesNothing() throws {
        XCTAssertEqual(try engine([]).search("산책"), [])
    }

    func testAMissingFileIsAnError() throws {
        var files = SearchIndexBuilder(entries: diary, emotions: emotions, urls: URLMap(baseURL: "/")).files()
        files["search/chunks/0.json"] = nil
        let engine = try SearchEngine(files: files)
        XCTAssertThrowsError(try engine.search("밤")) { error in
            XCTAssertEqual("\(error)", "search/chunks/0.json: error: search index file is missing; build the site first")
        }
        XCTAssertThrowsError(try SearchEngine(files: [:]))
    }

    /// Random words drawn from the entries' own text always find the entries that contain them.
    func testEverySubstringOfAnEntryFindsThatEntry() throws {
        let engine = try engine()
        let texts = diary.map { entry in
            SearchText.normalize([entry.title, entry.body.text, entry.tags.joined(separator: " ")].joined(separator: " "))
        }
        for (number, text) in texts.enumerated() {
            for token in text.split(separator: " ") {
                let scalars = Array(token.unicodeScalars)
                for length in 1...min(4, scalars.count) {
                    let word = String(String.UnicodeScalarView(scalars[0..<length]))
                    XCTAssertTrue(try engine.entryNumbers(matching: word).contains(number), "\(word) in entry \(number)")
                }
            }
        }
    }
}
