import DiaryCorpus
import DiaryIndex
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

    /// 600 entries; each has a token `kkk<n>`, so the 3-character key `kkk` lists 600 tokens and
    /// is heavy; entries below 270 have a token `mmm<n>`, which leaves `mmm` just short of heavy.
    private func diary(count: Int = 600) -> [Entry] {
        (0..<count).map { number in
            let extra = number < 270 ? " mmm\(number)" : ""
            return entry(number, body: "Walked to the café, 산책했다. kkk\(number)\(extra) note\(number % 7)\n")
        }
    }

    /// Every entry also has the same long paragraph, so that records are about 1 KB and a chunk
    /// holds 5 whatever the edits below do to the average.
    private func entry(_ number: Int, body: String, tags: [String] = ["walk"]) -> Entry {
        let day = Day(daysSinceEpoch: 18_262 + number / 2)
        let filler = String(repeating: "The quiet morning walk by the river. ", count: 24) + "\n\n"
        return makeEntry("\(day) \(number % 2 == 0 ? "08" : "20"):00", title: "Day \(number)", body: filler + body,
                         emotions: number % 3 == 0 ? ["calm"] : ["happy"], tags: tags, path: "Content/\(number).md")
    }

    private func versions(_ entries: [Entry]) -> [UInt64] {
        entries.map { entry in
            var hasher = StableHasher()
            for part in [entry.id, entry.sourcePath, entry.title, entry.body.html, entry.body.text, entry.tags.joined(separator: "\n"),
                         entry.emotionIDs.joined(separator: "\n"), entry.local.description] { hasher.combine(part) }
            return hasher.value
        }
    }

    private func fullIndex(_ entries: [Entry]) -> SearchIndex {
        SearchIndexBuilder(entries: entries, emotions: emotions, urls: URLMap(baseURL: "/")).index(context: context, versions: versions(entries))
    }

    /// Updates `previous` to `entries`; when the update does not give up, checks that the files it
    /// changes and keeps are exactly a full build's, and its state too, and returns the result.
    private func update(_ previous: SearchIndex, to entries: [Entry], loadFile: ((String) -> [UInt8]?)? = nil,
                        file: StaticString = #filePath, line: UInt = #line) -> SearchIndex? {
        let builder = SearchIndexBuilder(entries: entries, emotions: emotions, urls: URLMap(baseURL: "/"))
        guard let outcome = SearchIndexUpdate(builder: builder, previous: previous.state)
            .update(context: context, versions: versions(entries), loadFile: loadFile ?? { previous.files[$0] }) else { return nil }
        let full = fullIndex(entries)
        var files: [String: [UInt8]] = [:]
        for path in outcome.unchanged { files[path] = previous.files[path] }
        for (path, bytes) in outcome.changed {
            XCTAssertNotEqual(previous.files[path], bytes, "\(path) is handed over although it did not change", file: file, line: line)
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
            (10, "A brand new zebra and a quokka, kkk10 kept.\n"),           // new words, the diary's only quokka
            (10, "Only the zebra stayed. kkk10\n"),                           // quokka vanishes from the diary
            (300, "kkk300x and kkk300y, walked.\n"),                          // the heavy key's value changes
            (599, "Ünïcödé “quotes” \\ back\\slash \u{1} and a verylongtokenthatkeepsgoingwellpastthirtytwocharacters\n"),
            (0, ""),                                                       // every word of an entry goes
        ]
        for (number, body) in edits {
            entries[number] = entry(number, body: body)
            index = try XCTUnwrap(update(index, to: entries), "body edit of entry \(number) should update in place")
        }
        let body42 = "kkk42 mmm42\n"
        entries[42] = entry(42, body: body42, tags: ["walk", "rain", "새 태그"])
        index = try XCTUnwrap(update(index, to: entries), "a tag edit should update in place")
        entries[42] = entry(42, body: body42)
        _ = try XCTUnwrap(update(index, to: entries), "removing tags should update in place")
    }

    func testAppendingNewestEntriesUpdatesInPlace() throws {
        var entries = diary()
        var index = fullIndex(entries)
        for number in 600..<604 {
            entries.append(entry(number, body: "Newest entry \(number), kkk\(number) and a fresh word appended\(number).\n"))
            index = try XCTUnwrap(update(index, to: entries), "appending entry \(number)")
        }
    }

    func testChangesToTheLayoutOrNumberingGiveUp() {
        let entries = diary()
        let index = fullIndex(entries)
        var heavier = entries
        heavier[5] = entry(5, body: (0..<40).map { "mmm9\($0)" }.joined(separator: " ") + "\n")
        XCTAssertNil(update(index, to: heavier), "mmm becomes heavy: the heavy keys change")
        XCTAssertNil(update(index, to: Array(entries.dropLast())), "an entry was deleted")
        XCTAssertNil(update(index, to: [entry(1000, body: "first\n")] + entries.dropFirst()), "an entry took another's place")
        var edited = entries
        edited[7] = entry(7, body: "changed\n")
        let builder = SearchIndexBuilder(entries: edited, emotions: emotions, urls: URLMap(baseURL: "/"))
        XCTAssertNil(SearchIndexUpdate(builder: builder, previous: index.state)
            .update(context: context + 1, versions: versions(edited), loadFile: { index.files[$0] }), "the configuration changed")
    }

    func testAFileThatDisagreesWithTheStateGivesUp() {
        var entries = diary()
        let index = fullIndex(entries)
        entries[10] = entry(10, body: "A brand new zebra.\n")
        XCTAssertNotNil(update(index, to: entries))
        XCTAssertNil(update(index, to: entries, loadFile: { path in path.hasPrefix("search/shards/") ? nil : index.files[path] }),
                     "a missing shard")
        XCTAssertNil(update(index, to: entries, loadFile: { path in
            path.hasPrefix("search/shards/") ? Array(#"{"zzz":"0"}"#.utf8) : index.files[path]
        }), "shards that do not list the entry's old keys")
        XCTAssertNil(SearchIndexState(decoding: Array(index.state.encoded().dropLast())), "a cut-off state")
    }

    /// 600 entries, each with a token `산책<n>`: the initials key `초 ᄉᄎ` lists 600 tokens and is heavy.
    func testInitialsKeysAreUpdatedInTheirOwnFiles() throws {
        var entries = (0..<600).map { entry($0, body: "오늘도 산책\($0) kkk\($0)\n") }
        var index = fullIndex(entries)
        let initialsManifest = String(decoding: try XCTUnwrap(index.files["search/initials.json"]), as: UTF8.self)
        XCTAssertNotNil(initialsManifest.range(of: "\"초 ᄉᄎ\":["), "초 ᄉᄎ is heavy")
        XCTAssertNil(String(decoding: index.files["search/index.json"]!, as: UTF8.self).range(of: "초 "), "and not named in index.json")
        let edits: [(Int, String)] = [
            (300, "오늘도 산책300번째 kkk300\n"),           // the heavy initials key's value changes
            (10, "새로운 고양이 kkk10 산책10\n"),            // initials keys that no other entry has
            (599, "kkk599 only\n"),                      // an entry's initials keys all go
        ]
        for (number, body) in edits {
            entries[number] = entry(number, body: body)
            let previous = index
            index = try XCTUnwrap(update(index, to: entries), "edit of entry \(number) should update in place")
            XCTAssertEqual(index.state.words.shardCount, previous.state.words.shardCount)
        }

        // 300 tokens whose syllables differ but whose initials are all ᄀᄂᄃ: new heavy initials keys, no new heavy word key.
        let sameInitials = (0..<300).map { number in
            String(String.UnicodeScalarView([0, 2, 3].enumerated().map { place, initial in
                Unicode.Scalar(UInt32(0xAC00 + initial * 588 + (number + place * 7) % 21 * 28 + number / 21 % 28))!
            }))
        }
        var heavier = entries
        heavier[5] = entry(5, body: sameInitials.joined(separator: " ") + " kkk5\n")
        let full = fullIndex(heavier)
        XCTAssertEqual(full.state.words.heavy.map(\.key), index.state.words.heavy.map(\.key), "the words' heavy keys stay")
        XCTAssertEqual(full.state.words.shardCount, index.state.words.shardCount)
        XCTAssertEqual(full.state.chunkEntries, index.state.chunkEntries)
        XCTAssertTrue(full.state.initials.heavy.contains { $0.key == "초 ᄀᄂᄃ" })
        XCTAssertNil(update(index, to: heavier), "초 ᄀᄂᄃ becomes heavy: the initials keys' heavy keys change")
    }

    func testRandomEditsAlwaysGiveAFullBuildsIndex() throws {
        var random = SeededGenerator(seed: 11)
        var entries = diary(count: 120)
        var index = fullIndex(entries)
        let words = ["rain", "tea", "산책", "zebra", "quokka", "café", "kkk7", "mmm3", "naïve", "밤하늘", "x", "yy", "longer-word"]
        var updated = 0
        for step in 0..<40 {
            if random.int(in: 0...9) == 0 {
                entries.append(entry(entries.count, body: "appended \(step) \(random.pick(words))\n"))
            } else {
                let number = random.int(in: 0...entries.count - 1)
                let body = (0..<random.int(in: 0...6)).map { _ in random.pick(words) }.joined(separator: " ")
                entries[number] = entry(number, body: "\(body)\n", tags: random.int(in: 0...1) == 0 ? [] : [random.pick(words)])
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
}
