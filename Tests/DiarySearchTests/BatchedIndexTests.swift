import DaybookTestSupport
import DiaryIndex
import DiaryModel
@testable import DiarySearch
import XCTest

/// A diary's index is built a batch of entries at a time and handed over a batch of files at a
/// time: whatever the batch size, it is the index built in one batch, byte for byte.
final class BatchedIndexTests: XCTestCase {
    private let emotions = [
        Emotion(id: "happy", label: "행복", emoji: "😊", color: "#f5c542"),
        Emotion(id: "calm", label: "Calm", emoji: "😌", color: "#3fb68b"),
    ]

    /// 40 entries whose words recur across batches (every fifth, every seventh, every entry),
    /// with Hangul for the initials keys and a long URL cut into pieces.
    private func diary() -> [Entry] {
        (0..<40).map { number in
            let day = Day(daysSinceEpoch: 18_262 + number / 2)
            let body = "Walked \(number % 5 == 0 ? "to the \"café\"" : "home"), 산책했다 word\(number) note\(number % 7)\n\n"
                + "https://example.com/photos/\(number % 3)/a-long-path-that-is-cut-into-pieces-\(number)\n"
            return makeEntry("\(day) \(number % 2 == 0 ? "08" : "20"):00", title: "Day \(number)", body: body,
                             emotions: number % 3 == 0 ? ["calm"] : ["happy"], tags: number % 4 == 0 ? ["walk"] : [],
                             path: "Content/\(number).md")
        }
    }

    private func builder(batchEntries: Int, keptRecordBytes: Int = 64_000_000) -> SearchIndexBuilder {
        var builder = SearchIndexBuilder(entries: diary(), emotions: emotions, urls: URLMap(baseURL: "/"))
        builder.batchEntries = batchEntries
        builder.keptRecordBytes = keptRecordBytes
        return builder
    }

    /// Records kept from the documents, made again for the chunk files, or kept until they grew
    /// too many: the same chunk files.
    func testChunkFilesAreTheSameWhetherTheRecordsAreKeptOrMadeAgain() throws {
        let kept = builder(batchEntries: 8).files()
        let oneRecordBytes = try XCTUnwrap(kept["search/chunks/0.json"]).count / 2
        for budget in [0, oneRecordBytes * 10] {
            let remade = builder(batchEntries: 8, keptRecordBytes: budget).files()
            XCTAssertEqual(remade.keys.sorted(), kept.keys.sorted())
            for path in kept.keys.sorted() where remade[path] != kept[path] {
                XCTFail("\(path) differs with records kept up to \(budget) bytes")
            }
        }
        XCTAssertTrue(String(decoding: try XCTUnwrap(kept["search/chunks/0.json"]), as: UTF8.self).contains(#"to the \"café\""#))
    }

    func testAnIndexBuiltInSmallBatchesIsTheIndexBuiltInOne() {
        let versions = (0..<40).map { UInt64($0 * 31) }
        let whole = builder(batchEntries: 4_096).index(context: 9, versions: versions)
        for size in [1, 3, 7, 16] {
            let batched = builder(batchEntries: size).index(context: 9, versions: versions)
            XCTAssertEqual(batched.files.keys.sorted(), whole.files.keys.sorted(), "batches of \(size)")
            for path in whole.files.keys.sorted() where batched.files[path] != whole.files[path] {
                XCTFail("\(path) differs in batches of \(size)")
            }
            XCTAssertEqual(batched.state.encoded(), whole.state.encoded(), "state in batches of \(size)")
        }
    }

    func testFilesAreHandedOverInBatchesEachOnceWithTheManifestsLast() {
        var handedOver: [[String]] = []
        _ = builder(batchEntries: 4).index { handedOver.append($0.keys.sorted()) }
        let paths = handedOver.flatMap { $0 }
        XCTAssertEqual(Set(paths).count, paths.count, "no file is handed over twice")
        XCTAssertEqual(Set(paths), Set(builder(batchEntries: 4_096).files().keys))
        XCTAssertGreaterThan(handedOver.filter { $0.contains { $0.hasPrefix("search/chunks/") } }.count, 1,
                             "the chunk files come a batch at a time")
        XCTAssertEqual(handedOver.last, ["search/index.json", "search/initials.json", "search/positions.json"])
    }
}
