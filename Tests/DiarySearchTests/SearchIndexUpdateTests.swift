import DiaryCorpus
import DiaryModel
@testable import DiarySearch
import Foundation
import XCTest

/// An updated index must be byte for byte the index built from scratch, or the update must give up.
final class SearchIndexUpdateTests: XCTestCase {
    private let emotions = [
        Emotion(id: "happy", label: "행복", emoji: "😊", color: "#f5c542"),
        Emotion(id: "calm", label: "Calm", emoji: "😌", color: "#3fb68b"),
    ]
    private let context: UInt64 = 42
    /// The limits the index is laid out by: the defaults unless a test lowers them.
    private var limits = SearchIndexLimits()

    /// 600 entries; each has a token `kkk<n>`, so the 3-character key `kkk` lists 600 tokens and
    /// is heavy; entries below 270 have a token `mmm<n>`, which leaves `mmm` just short of heavy.
    private func diary(count: Int = 600) -> [Entry] {
        (0..<count).map { number in
            let extra = number < 270 ? " mmm\(number)" : ""
            return entry(number, body: "<p>Walked to the café, 산책했다. kkk\(number)\(extra) note\(number % 7)</p>\n")
        }
    }

    /// Every entry also has the same long paragraph, so that records are about 1 KB and a chunk
    /// holds 5 whatever the edits below do to the average.
    private func entry(_ number: Int, body: String, tags: [String] = ["walk"]) -> Entry {
        let day = Day(daysSinceEpoch: 18_262 + number / 2)
        let filler = "<p>" + String(repeating: "The quiet morning walk by the river. ", count: 24) + "</p>\n"
        return makeEntry("\(day) \(number % 2 == 0 ? "08" : "20"):00", title: "Day \(number)", body: filler + body,
                         emotions: number % 3 == 0 ? ["calm"] : ["happy"], tags: tags, path: "Content/\(number).md")
    }

    private func versions(_ entries: [Entry]) -> [UInt64] {
        entries.map { entry in
            var hasher = StableHasher()
            for part in [entry.id, entry.sourcePath, entry.title, entry.bodyHTML, entry.tags.joined(separator: "\n"),
                         entry.emotionIDs.joined(separator: "\n"), entry.local.description] { hasher.combine(part) }
            return hasher.value
        }
    }

    private func builder(_ entries: [Entry]) -> SearchIndexBuilder {
        var builder = SearchIndexBuilder(entries: entries, emotions: emotions, baseURL: "/")
        builder.limits = limits
        return builder
    }

    private func fullIndex(_ entries: [Entry]) -> SearchIndex {
        builder(entries).index(context: context, versions: versions(entries))
    }

    /// Updates `previous` to `entries`; when the update does not give up, checks that the files it
    /// changes and keeps are exactly a full build's, and its state too, and returns the result.
    private func update(_ previous: SearchIndex, to entries: [Entry], loadFile: ((String) -> [UInt8]?)? = nil,
                        file: StaticString = #filePath, line: UInt = #line) -> SearchIndex? {
        guard let outcome = SearchIndexUpdate(builder: builder(entries), previous: previous.state)
            .update(context: context, versions: versions(entries), loadFile: loadFile ?? { previous.files[$0] }) else { return nil }
        let full = fullIndex(entries)
        var files: [String: [UInt8]] = [:]
        for path in outcome.unchanged { files[path] = previous.files[path] }
        for (path, bytes) in outcome.changed {
            XCTAssertTrue(previous.files[path] != bytes, "\(path) is handed over although it did not change", file: file, line: line)
            files[path] = bytes
        }
        XCTAssertEqual(files.keys.sorted(), full.files.keys.sorted(), file: file, line: line)
        for path in full.files.keys.sorted() where files[path] != full.files[path] {
            XCTFail("\(path) differs from a full build", file: file, line: line)
        }
        XCTAssertEqual(outcome.state.encoded(), full.state.encoded(), "state", file: file, line: line)
        return SearchIndex(files: files, state: outcome.state)
    }

    func testBodyEditsThatAddAndRemoveWordsGiveAFullBuildsIndex() throws {
        var entries = diary()
        var index = fullIndex(entries)
        XCTAssertNotNil(String(decoding: index.files["search/index.json"]!, as: UTF8.self).range(of: "\"kkk\":["), "kkk is heavy")
        XCTAssertEqual(index.state.chunkEntries, 5)
        let edits: [(Int, String)] = [
            (10, "<p>A brand new zebra and a quokka, kkk10 kept.</p>\n"),   // new words, the diary's only quokka
            (10, "<p>Only the zebra stayed. kkk10</p>\n"),                   // quokka vanishes from the diary
            (300, "<p>kkk300x and kkk300y, walked.</p>\n"),                  // the heavy key's value changes
            (599, "<p>Ünïcödé “quotes” \\ back\\slash \u{1} and a verylongtokenthatkeepsgoingwellpastthirtytwocharacters</p>\n"),
            (0, "<p></p>\n"),                                                // every word of an entry goes
        ]
        for (number, body) in edits {
            entries[number] = entry(number, body: body)
            index = try XCTUnwrap(update(index, to: entries), "body edit of entry \(number) should update in place")
        }
        let body42 = "<p>kkk42 mmm42</p>\n"
        entries[42] = entry(42, body: body42, tags: ["walk", "rain", "새 태그"])
        index = try XCTUnwrap(update(index, to: entries), "a tag edit should update in place")
        entries[42] = entry(42, body: body42)
        _ = try XCTUnwrap(update(index, to: entries), "removing tags should update in place")
    }

    func testAppendingNewestEntriesUpdatesInPlace() throws {
        var entries = diary()
        var index = fullIndex(entries)
        for number in 600..<604 {
            entries.append(entry(number, body: "<p>Newest entry \(number), kkk\(number) and a fresh word appended\(number).</p>\n"))
            index = try XCTUnwrap(update(index, to: entries), "appending entry \(number)")
        }
    }

    func testChangesToTheChunkSizeOrNumberingGiveUp() {
        let entries = diary()
        let index = fullIndex(entries)
        var longer = entries
        longer[5] = entry(5, body: "<p>" + String(repeating: "A much longer entry. ", count: 10_000) + "</p>\n")
        XCTAssertNil(update(index, to: longer), "the records' average size changes the chunk size: every chunk changes")
        XCTAssertNil(update(index, to: Array(entries.dropLast())), "an entry was deleted")
        XCTAssertNil(update(index, to: [entry(1000, body: "<p>first</p>\n")] + entries.dropFirst()), "an entry took another's place")
        var edited = entries
        edited[7] = entry(7, body: "<p>changed</p>\n")
        XCTAssertNil(SearchIndexUpdate(builder: builder(edited), previous: index.state)
            .update(context: context + 1, versions: versions(edited), loadFile: { index.files[$0] }), "the configuration changed")
        limits.maxHeavyKeys = 1
        XCTAssertNil(update(index, to: edited), "the limits the index was laid out by changed")
    }

    func testAFileThatDisagreesWithTheStateGivesUp() {
        var entries = diary()
        let index = fullIndex(entries)
        entries[10] = entry(10, body: "<p>A brand new zebra.</p>\n")
        XCTAssertNotNil(update(index, to: entries))
        XCTAssertNil(update(index, to: entries, loadFile: { path in path.hasPrefix("search/shards/") ? nil : index.files[path] }),
                     "a missing shard")
        XCTAssertNil(update(index, to: entries, loadFile: { path in
            path.hasPrefix("search/shards/") ? Array(#"{"zzz":"0"}"#.utf8) : index.files[path]
        }), "shards that do not list the entry's old keys")
        XCTAssertNil(SearchIndexState(decoding: Array(index.state.encoded().dropLast())), "a cut-off state")
    }

    func testRandomEditsAlwaysGiveAFullBuildsIndex() throws {
        var random = SeededGenerator(seed: 11)
        var entries = diary(count: 120)
        var index = fullIndex(entries)
        let words = ["rain", "tea", "산책", "zebra", "quokka", "café", "kkk7", "mmm3", "naïve", "밤하늘", "x", "yy", "longer-word"]
        var updated = 0
        for step in 0..<40 {
            if random.int(in: 0...9) == 0 {
                entries.append(entry(entries.count, body: "<p>appended \(step) \(random.pick(words))</p>\n"))
            } else {
                let number = random.int(in: 0...entries.count - 1)
                let body = (0..<random.int(in: 0...6)).map { _ in random.pick(words) }.joined(separator: " ")
                entries[number] = entry(number, body: "<p>\(body)</p>\n", tags: random.int(in: 0...1) == 0 ? [] : [random.pick(words)])
            }
            if let next = update(index, to: entries) {
                index = next
                updated += 1
            } else {
                index = fullIndex(entries)
            }
        }
        XCTAssertGreaterThan(updated, 30, "most edits update in place")
    }

    // MARK: - The layout follows the edits

    /// Limits under which the test diary's biggest keys compete for four files of their own:
    /// `kkk` and `mmm`, then `kk1`…`kk5`, `mm1` and `mm2` (about 110 tokens each) for the last two.
    private let crowdedLimits = SearchIndexLimits(targetShardBytes: 8_000, heavyKeyBytes: 1_000, maxHeavyKeys: 4)

    private func heavyKeys(_ index: SearchIndex) -> [String] { index.state.heavy.map(\.key) }

    /// Entry `number` with a hundred more tokens that contain `key`, which makes `key`'s value about 1.5 KB bigger.
    private func entryFeeding(_ key: String, number: Int) -> Entry {
        entry(number, body: "<p>kkk\(number) " + (0..<100).map { "\(key)q\($0)" }.joined(separator: " ") + "</p>\n")
    }

    func testAKeyThatBecomesHeavyLeavesItsShardAndTheHeavyFilesAreNumberedAgain() throws {
        limits = crowdedLimits
        var entries = diary()
        let original = entries[301]
        var index = fullIndex(entries)
        XCTAssertEqual(index.state.heavy.count, 4)
        let before = heavyKeys(index)
        // The biggest key left in a shard, which sorts before most heavy keys, so that they move up a file.
        let challenger = try XCTUnwrap(index.state.nearlyHeavy.first?.key)
        XCTAssertTrue(before.contains { UTF8Order.precedes(challenger, $0) }, "\(challenger) sorts before a heavy key")

        entries[301] = entryFeeding(challenger, number: 301)
        index = try XCTUnwrap(update(index, to: entries), "\(challenger) becomes heavy in place")
        let after = heavyKeys(index)
        XCTAssertTrue(after.contains(challenger), "\(challenger) is heavy now")
        XCTAssertEqual(Set(before).subtracting(after).count, 1, "one key made room")
        let shardOfChallenger = SearchIndexLayout.shardPath(SearchIndexLayout.shard(of: challenger, shardCount: index.state.shardCount))
        XCTAssertNil(String(decoding: index.files[shardOfChallenger]!, as: UTF8.self).range(of: "\"\(challenger)\":"), "it left its shard")

        entries[301] = original
        index = try XCTUnwrap(update(index, to: entries), "\(challenger) goes back to its shard in place")
        XCTAssertEqual(heavyKeys(index), before)
        XCTAssertNotNil(String(decoding: index.files[shardOfChallenger]!, as: UTF8.self).range(of: "\"\(challenger)\":"), "it is back in its shard")
    }

    func testHeavyFilesComeAndGoWithKeysThatCrossTheSizeLimit() throws {
        limits = SearchIndexLimits(targetShardBytes: 8_000, heavyKeyBytes: 4_000, maxHeavyKeys: 256)
        var entries = diary()
        var index = fullIndex(entries)
        XCTAssertEqual(heavyKeys(index), ["kkk"], "mmm is just short of heavy")
        entries[5] = entryFeeding("mmm", number: 5)
        index = try XCTUnwrap(update(index, to: entries), "mmm becomes heavy in place")
        XCTAssertEqual(heavyKeys(index), ["kkk", "mmm"])
        XCTAssertNotNil(index.files["search/keys/1.json"], "mmm has a file of its own")
        entries[5] = entry(5, body: "<p>kkk5</p>\n")
        index = try XCTUnwrap(update(index, to: entries), "mmm stops being heavy in place")
        XCTAssertEqual(heavyKeys(index), ["kkk"])
        XCTAssertNil(index.files["search/keys/1.json"], "its file is gone")
    }

    func testAnEditThatChangesTheShardCountDealsTheKeysIntoTheNewShards() throws {
        let entries = diary()
        // A shard size at which the diary's light keys just fill 8 shards: one more word makes 16.
        let lightBytes = fullIndex(entries).state.lightBytes
        limits.targetShardBytes = (lightBytes + 7) / 8
        var index = fullIndex(entries)
        XCTAssertEqual(index.state.shardCount, 8)
        var edited = entries
        edited[10] = entry(10, body: "<p>Walked to the café, 산책했다. kkk10 mmm10 note3 and a wholly new word: quokka</p>\n")
        index = try XCTUnwrap(update(index, to: edited), "the shards are dealt again in place")
        XCTAssertEqual(index.state.shardCount, 16)
        index = try XCTUnwrap(update(index, to: entries), "and dealt back")
        XCTAssertEqual(index.state.shardCount, 8)
    }

    func testRandomEditsThatShiftTheHeavyKeysAndShardsAlwaysGiveAFullBuildsIndex() throws {
        // Five words with many numbered forms: their 3-character keys (`aaa`, `bbb`, …) are about
        // the same size and compete for three files of their own as the edits go.
        let stems = ["aaa", "bbb", "ccc", "ddd", "eee"]
        let others = ["rain", "산책", "산책했다", "café", "x"]
        var random = SeededGenerator(seed: 16)
        func body() -> String {
            let words = (0..<random.int(in: 0...12)).map { _ in
                random.chance(80) ? random.pick(stems) + String(random.int(in: 0...99)) : random.pick(others)
            }
            return "<p>\(words.joined(separator: " "))</p>\n"
        }
        var entries = (0..<150).map { entry($0, body: body()) }
        limits = SearchIndexLimits(targetShardBytes: 2_000, heavyKeyBytes: 300, maxHeavyKeys: 3)
        // A shard size at which the diary just fills its shards, so that edits cross the edge both ways.
        limits.targetShardBytes = (fullIndex(entries).state.lightBytes + 15) / 16
        var index = fullIndex(entries)
        var updated = 0, heavyChanges = 0, shardChanges = 0
        for _ in 0..<60 {
            if random.chance(10) {
                entries.append(entry(entries.count, body: body()))
            } else {
                let number = random.int(in: 0...entries.count - 1)
                entries[number] = entry(number, body: body(), tags: random.chance(50) ? [] : [random.pick(others)])
            }
            if let next = update(index, to: entries) {
                updated += 1
                if heavyKeys(next) != heavyKeys(index) { heavyChanges += 1 }
                if next.state.shardCount != index.state.shardCount { shardChanges += 1 }
                index = next
            } else {
                index = fullIndex(entries)
            }
        }
        XCTAssertEqual(updated, 60, "every edit updates in place")
        XCTAssertGreaterThanOrEqual(heavyChanges, 5, "the heavy keys changed often")
        XCTAssertGreaterThanOrEqual(shardChanges, 2, "the shard count changed both ways")
    }
}
