import BuildSupport
import DaybookTestSupport
import DiaryCorpus
import DiaryIndex
import DiaryModel
import DiaryReader
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
        (0..<count).map { number in entry(number, body: diaryBody(number)) }
    }

    private func diaryBody(_ number: Int) -> String {
        "Walked to the café, 산책했다. kkk\(number)\(number < 270 ? " mmm\(number)" : "") note\(number % 7)\n"
    }

    /// `diary()` for the initials keys: each of the 600 entries has a token `산책<n>`, so `초 ᄉᄎ`
    /// lists 600 tokens and is heavy; entries below 270 have a token `고양<n>`, so `초 ᄀᄋ` lists 270.
    private func initialsDiary() -> [Entry] {
        (0..<600).map { number in entry(number, body: initialsDiaryBody(number)) }
    }

    private func initialsDiaryBody(_ number: Int) -> String {
        "오늘도 산책\(number)\(number < 270 ? " 고양\(number)" : "") kkk\(number)\n"
    }

    /// Every entry also has the same long paragraph, so that records are about 1 KB and a chunk
    /// holds 5 whatever the edits below do to the average.
    private func entry(_ number: Int, body: String, tags: [String] = ["walk"], emotions: [String]? = nil) -> Entry {
        let day = Day(daysSinceEpoch: 18_262 + number / 2)
        let filler = String(repeating: "The quiet morning walk by the river. ", count: 24) + "\n\n"
        return makeEntry("\(day) \(number % 2 == 0 ? "08" : "20"):00", title: "Day \(number)", body: filler + body,
                         emotions: emotions ?? (number % 3 == 0 ? ["calm"] : ["happy"]), tags: tags, path: "Content/\(number).md")
    }

    private func versions(_ entries: [Entry]) -> [UInt64] {
        entries.map { entry in
            var hasher = StableHasher()
            for part in [entry.id, entry.sourcePath, entry.title, entry.body.html, entry.body.text, entry.tags.joined(separator: "\n"),
                         entry.emotionIDs.joined(separator: "\n"), entry.local.description] { hasher.combine(part) }
            return hasher.value
        }
    }

    private func builder(_ entries: [Entry]) -> SearchIndexBuilder {
        var builder = SearchIndexBuilder(entries: entries, emotions: emotions, urls: URLMap(baseURL: "/"))
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
        XCTAssertTrue(try heavyKeys(in: "search/index.json", of: index).contains("kkk"), "kkk is heavy")
        XCTAssertEqual(index.state.chunkEntries, 2)
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

    /// `search/facets.json` is handed over exactly when its bytes change (`update` checks that
    /// every file it hands over changed, and that the result is a full build's): when an entry's
    /// emotions or tags change, when a tag enters the most used, when an entry is added; not when
    /// only an entry's words do.
    func testTheFacetsFileIsRewrittenExactlyWhenAnEntrysEmotionsTagsOrYearChange() throws {
        let facets = SearchIndexLayout.facetsPath
        var entries = diary()
        var index = fullIndex(entries)
        // Edits, and whether each changes what the page counts.
        let edits: [(String, Int, (Int) -> Entry, Bool)] = [
            ("a body edit", 10, { self.entry($0, body: "A brand new zebra, kkk10.\n") }, false),
            ("a tag added", 42, { self.entry($0, body: self.diaryBody($0), tags: ["walk", "rain"]) }, true),
            ("the same tag spelt otherwise", 42, { self.entry($0, body: self.diaryBody($0), tags: ["Walk", "rain"]) }, false),
            ("an emotion changed", 43, { self.entry($0, body: self.diaryBody($0), emotions: ["calm"]) }, true),
            ("an emotion added", 44, { self.entry($0, body: self.diaryBody($0), emotions: ["happy", "calm"]) }, true),
            ("an emotion new to the diary", 45, { self.entry($0, body: self.diaryBody($0), emotions: ["tired"]) }, true),
            ("a tag taken off", 42, { self.entry($0, body: self.diaryBody($0)) }, true),
            ("a tag taken off the last entry that had it", 46, { self.entry($0, body: self.diaryBody($0), tags: []) }, true),
        ]
        for (what, number, edit, changes) in edits {
            entries[number] = edit(number)
            let previous = index
            index = try XCTUnwrap(update(index, to: entries), "\(what) updates in place")
            XCTAssertEqual(rewritten(from: previous, to: index).contains(facets), changes, what)
        }
        XCTAssertTrue(String(decoding: index.files[facets]!, as: UTF8.self).contains("\"tired\""), "an emotion new to the diary is counted")

        // 25 tags used once besides `walk`: 23 of them are listed (by slug), `t123` and `t124` are not.
        for number in 100..<125 { entries[number] = entry(number, body: diaryBody(number), tags: ["walk", "t\(number)"]) }
        index = fullIndex(entries)
        let listed = String(decoding: index.files[facets]!, as: UTF8.self)
        XCTAssertTrue(listed.contains("\"t122\"") && !listed.contains("\"t123\"") && !listed.contains("\"t124\""), listed)
        let tagEdits: [(String, Int, [String], Bool)] = [
            ("a tag that is not listed changed", 124, ["walk", "t124x"], false),
            ("a tag used once more enters the listed", 130, ["walk", "t123"], true),
        ]
        for (what, number, tags, changes) in tagEdits {
            entries[number] = entry(number, body: diaryBody(number), tags: tags)
            let previous = index
            index = try XCTUnwrap(update(index, to: entries), "\(what) updates in place")
            XCTAssertEqual(rewritten(from: previous, to: index).contains(facets), changes, what)
        }
        XCTAssertTrue(String(decoding: index.files[facets]!, as: UTF8.self).contains("\"t123\""))

        for number in 600..<603 {
            entries.append(entry(number, body: "Newest entry \(number), kkk\(number).\n", tags: ["walk", "new"], emotions: ["calm"]))
            let previous = index
            index = try XCTUnwrap(update(index, to: entries), "appending entry \(number)")
            XCTAssertTrue(rewritten(from: previous, to: index).contains(facets), "a year's range grows with an appended entry")
        }
    }

    func testChangesToTheChunkSizeOrNumberingGiveUp() {
        let entries = diary()
        let index = fullIndex(entries)
        var longer = entries
        longer[5] = entry(5, body: String(repeating: "A much longer entry. ", count: 10_000) + "\n")
        XCTAssertNil(update(index, to: longer), "the records' average size changes the chunk size: every chunk changes")
        XCTAssertNil(update(index, to: Array(entries.dropLast())), "an entry was deleted")
        XCTAssertNil(update(index, to: [entry(1000, body: "first\n")] + entries.dropFirst()), "an entry took another's place")
        var edited = entries
        edited[7] = entry(7, body: "changed\n")
        XCTAssertNil(SearchIndexUpdate(builder: builder(edited), previous: index.state)
            .update(context: context + 1, versions: versions(edited), loadFile: { index.files[$0] }), "the configuration changed")
        limits.maxHeavyKeys = 1
        XCTAssertNil(update(index, to: edited), "the limits the index was laid out by changed")
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
        XCTAssertTrue(try heavyKeys(in: "search/initials.json", of: index).contains("초 ᄉᄎ"), "초 ᄉᄎ is heavy")
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
        let heavierIndex = try XCTUnwrap(update(index, to: heavier), "초 ᄀᄂᄃ becomes heavy in place")
        XCTAssertTrue(heavierIndex.state.initials.heavy.contains { $0.key == "초 ᄀᄂᄃ" })
        let lighterIndex = try XCTUnwrap(update(heavierIndex, to: entries), "and light again in place")
        XCTAssertEqual(lighterIndex.state.initials.heavy.map(\.key), index.state.initials.heavy.map(\.key))
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

    // MARK: - What a one-entry edit rewrites

    /// The generated diary of 300 days in a folder of its own, to edit as a writer would.
    private func generatedDiaryFolder() throws -> URL {
        let root = temporaryFolder(self)
        try CorpusGenerator(.init(days: 300, entriesPerDay: 1)).write(to: root)
        return root
    }

    private func entries(in root: URL) throws -> [Entry] {
        let read = DiaryReader(root: root).read()
        XCTAssertFalse(read.hasErrors, read.diagnostics.map(\.description).joined(separator: "\n"))
        return read.diary.entries
    }

    /// How many keys (of both spaces) the tokens of `text` have: the most files that changing
    /// those tokens in one entry can touch.
    private func keyCount(ofTokensIn text: String) -> Int {
        var entryKeys = Set<Gram>()
        var tokenKeys = Set<Gram>()
        for token in SearchText.tokens(of: text) { Gram.grams(of: token, entries: &entryKeys, triples: &tokenKeys) }
        return entryKeys.count + tokenKeys.count
    }

    /// The index files an update rewrote (`update` has checked them against a full build), but
    /// those of the positions keys (`positionsRewritten`).
    private func rewritten(from previous: SearchIndex, to next: SearchIndex) -> [String] {
        next.files.keys.filter { previous.files[$0] != next.files[$0] && !isPositionsFile($0) }.sorted()
    }

    /// The files of the positions keys an update rewrote, their manifest included.
    private func positionsRewritten(from previous: SearchIndex, to next: SearchIndex) -> [String] {
        next.files.keys.filter { previous.files[$0] != next.files[$0] && isPositionsFile($0) }.sorted()
    }

    private func isPositionsFile(_ path: String) -> Bool {
        path.hasPrefix("search/positions/") || path == KeySpace.positions.manifestPath
    }

    /// The positions keys that tokens which come into an entry or leave it can change: their own
    /// and their affix keys (`PhrasePositions`).
    private func positionKeyCount(ofTokensIn texts: [String]) -> Int {
        var keys = Set<String>()
        for token in texts.flatMap(SearchText.tokens(of:)) { keys.insert(token); keys.formUnion(PhrasePositions.affixKeys(of: token)) }
        return keys.count
    }

    /// A word changed for another of the same length leaves the entry's length, so its other
    /// weights stay: the update rewrites the files of the two words' keys, the entry's chunk and
    /// the manifests, whichever shards the words' keys hash to, and not one file more.
    func testChangingAWordRewritesOnlyTheFilesOfTheKeysOfTheTwoWords() throws {
        let root = try generatedDiaryFolder()
        var index = fullIndex(try entries(in: root))
        let changes = [(" city ", " town "), ("피아노를", "키보드를")]
        for (old, new) in changes {
            let source = try XCTUnwrap(FileManager.default.enumerator(at: root.appendingPathComponent("Content"), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
                .first { (try? String(contentsOf: $0, encoding: .utf8))?.contains(old) == true }, "an entry says \(old)")
            let text = try String(contentsOf: source, encoding: .utf8)
            try text.replacingOccurrences(of: old, with: new).write(to: source, atomically: true, encoding: .utf8)
            let previous = index
            index = try XCTUnwrap(update(index, to: try entries(in: root)), "changing \(old) updates in place")
            let files = rewritten(from: previous, to: index)
            XCTAssertTrue(files.contains { $0.hasPrefix("search/chunks/") }, "the entry's record changes")
            XCTAssertLessThanOrEqual(files.count, keyCount(ofTokensIn: old) + keyCount(ofTokensIn: new) + 3,
                                     "\(old) → \(new) rewrote \(files.count) of \(index.files.count) files: \(files)")
            // The two words stand where they stood: only their own positions keys change.
            let positions = positionsRewritten(from: previous, to: index)
            XCTAssertFalse(positions.isEmpty)
            XCTAssertLessThanOrEqual(positions.count, positionKeyCount(ofTokensIn: [old, new]) + 1, "\(old) → \(new): \(positions)")
        }
    }

    /// A sentence appended to an entry changes the keys of its words, and, as the entry grows
    /// longer, the weight of each of the entry's other keys whose length-normalised frequency
    /// crosses a step of the weights' scale (`RankWeights`): the update rewrites the files of
    /// those keys, the entry's chunk and the manifests, and not one file more.
    func testAppendingASentenceRewritesOnlyTheFilesOfItsWordsAndOfTheWeightsThatMoveAStep() throws {
        let root = try generatedDiaryFolder()
        var entries = try entries(in: root)
        var index = fullIndex(entries)
        let pivot = SearchIndexBuilder.pivot(of: entries)
        let sources = try XCTUnwrap(FileManager.default.enumerator(at: root.appendingPathComponent("Content"), includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
        for number in 0..<6 {
            let sentence = "We found bookshop\(number) and 서점\(number)을 again."
            let source = sources[number * 47]
            let oldEntries = entries
            try (String(contentsOf: source, encoding: .utf8) + "\n\(sentence)\n").write(to: source, atomically: true, encoding: .utf8)
            entries = try self.entries(in: root)
            let edited = try XCTUnwrap(entries.indices.first { entries[$0].body.textUTF8 != oldEntries[$0].body.textUTF8 })
            XCTAssertEqual(SearchIndexBuilder.pivot(of: entries), pivot, "the diary's reference length stays")
            let previous = index
            index = try XCTUnwrap(update(index, to: entries), "appending to entry \(edited) updates in place")

            let keys = [oldEntries[edited], entries[edited]].map { entry in
                let document = SearchDocument(entry: entry, emotions: builder(entries).emotionsByID, searchFields: [])
                return EntryKeys(document.weightedTokens(), scale: RankWeights.Scale(length: document.fields.length, pivot: pivot))
            }
            let sentenceTokens = Set(SearchText.tokens(of: sentence).map(TokenKey.init))
            var sentenceKeys = Set<Gram>()
            var sentenceTriples = Set<Gram>()
            var movedKeys = Set<Gram>()
            for token in sentenceTokens { Gram.grams(of: token.text, entries: &sentenceKeys, triples: &sentenceTriples) }
            sentenceKeys.formUnion(sentenceTriples)
            for (gram, weight) in keys[0].grams where keys[1].grams[gram] != weight { movedKeys.insert(gram) }
            for (token, weight) in keys[0].tokens where keys[1].tokens[token] != weight {
                var unused = Set<Gram>()
                Gram.grams(of: token.text, entries: &unused, triples: &movedKeys)
            }
            let files = rewritten(from: previous, to: index)
            XCTAssertLessThanOrEqual(files.count, sentenceKeys.union(movedKeys).count + 3,
                                     "entry \(edited) rewrote \(files.count) of \(index.files.count) files: \(files)")
            // The sentence comes after every other token of the entry, which keep their places.
            let positions = positionsRewritten(from: previous, to: index)
            XCTAssertLessThanOrEqual(positions.count, positionKeyCount(ofTokensIn: [sentence]) + 1, "entry \(edited): \(positions)")
        }
    }

    // MARK: - The layout follows the edits

    /// Limits under which the test diaries' biggest keys of each space compete for four files of
    /// their own: `kkk` and `mmm` (`초 ᄉᄎ` and `초 ᄀᄋ`), then keys of about 110 tokens such as
    /// `kk1` (`초 ᄉᄎ1`) for the last two.
    private let crowdedLimits = SearchIndexLimits(targetShardBytes: 8_000, heavyKeyBytes: 1_000, maxHeavyKeys: 4)

    private typealias KeySpace = SearchIndexLayout.KeySpace

    /// Each key space with a diary whose keys of that space are the test's subject.
    private var diaries: [(space: KeySpace, entries: [Entry])] { [(.words, diary()), (.initials, initialsDiary())] }

    private func heavyKeys(_ index: SearchIndex, _ space: KeySpace) -> [String] { index.state[space].heavy.map(\.key) }

    /// The heavy keys a manifest of `index` lists.
    private func heavyKeys(in manifest: String, of index: SearchIndex) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(XCTUnwrap(index.files[manifest], manifest)))
        return try XCTUnwrap((object as? [String: Any])?["heavy"] as? [String], manifest)
    }

    /// The keys in the shard that `key` hashes to.
    private func keysInShard(of key: String, in index: SearchIndex) throws -> [String] {
        let space = KeySpace(of: key)
        let path = space.shardPath(SearchIndexLayout.shard(of: key, shardCount: index.state[space].shardCount))
        return try XCTUnwrap(KeyFile.decode(XCTUnwrap(index.files[path], path)), path).map(\.key)
    }

    /// The file of its own that the heavy key `key` has in `index`.
    private func heavyFile(of key: String, in index: SearchIndex) throws -> String {
        let space = KeySpace(of: key)
        let heavy = index.state[space].heavy
        let position = try XCTUnwrap(heavy.firstIndex { $0.key == key }, "\(key) is heavy")
        return space.heavyKeyPath(SearchIndexLayout.heavyFileNumbers(of: heavy)[position])
    }

    /// The size of `key`'s value, wherever the index keeps it.
    private func valueSize(of key: String, in index: SearchIndex) throws -> Int {
        let space = KeySpace(of: key)
        let path = index.state[space].heavy.contains { $0.key == key } ? try heavyFile(of: key, in: index)
            : space.shardPath(SearchIndexLayout.shard(of: key, shardCount: index.state[space].shardCount))
        let items = try XCTUnwrap(KeyFile.decode(XCTUnwrap(index.files[path], path)), path)
        return try XCTUnwrap(items.first { $0.key == key }, "\(key) in \(path)").value.count
    }

    /// Text with `key`'s characters in a row: the key itself for a key of words, and for an
    /// initials key, syllables with those initials (`초 ᄉᄎ` → `사차`).
    private func text(holding key: String) -> String {
        guard KeySpace(of: key) == .initials else { return key }
        let characters = key.unicodeScalars.dropFirst(SearchIndexLayout.initialsPrefix.unicodeScalars.count).map { scalar in
            guard HangulInitials.isInitial(scalar) else { return scalar }
            return Unicode.Scalar(HangulInitials.firstSyllable + (scalar.value - 0x1100) * HangulInitials.syllablesPerInitial)!
        }
        return String(String.UnicodeScalarView(characters))
    }

    /// Entry `number` with a hundred tokens that hold `key`, which makes `key`'s value about 1.5 KB
    /// bigger. Each token ends in a character of its own, so that the keys that follow `key` in them
    /// list one token each.
    private func entryFeeding(_ key: String, number: Int) -> Entry {
        let tokens = (0..<100).map { text(holding: key) + String(Unicode.Scalar(0x4E00 + $0)!) }
        return entry(number, body: "kkk\(number) " + tokens.joined(separator: " ") + "\n")
    }

    func testAKeyThatBecomesHeavyLeavesItsShardAndTheHeavyFilesAreNumberedAgain() throws {
        limits = crowdedLimits
        for (space, diary) in diaries {
            var entries = diary
            var index = fullIndex(entries)
            XCTAssertEqual(index.state[space].heavy.count, 4, "\(space)")
            let before = heavyKeys(index, space)
            // The first in UTF-8 order of the keys next in line, so that heavy keys after it move up a file.
            let challenger = try XCTUnwrap(index.state[space].nearlyHeavy.map(\.key).min(by: UTF8Order.precedes), "\(space)")
            XCTAssertTrue(try keysInShard(of: challenger, in: index).contains(challenger))

            entries[301] = entryFeeding(challenger, number: 301)
            index = try XCTUnwrap(update(index, to: entries), "\(challenger) becomes heavy in place")
            let after = heavyKeys(index, space)
            XCTAssertTrue(after.contains(challenger), "\(challenger) is heavy now")
            XCTAssertEqual(after.count, 4)
            XCTAssertFalse(Set(before).isSubset(of: after), "a key made room for \(challenger)")
            XCTAssertTrue(before.contains { key in after.contains(key) && after.firstIndex(of: key) != before.firstIndex(of: key) },
                          "a key that stayed heavy moved to another file: \(before) → \(after)")
            XCTAssertFalse(try keysInShard(of: challenger, in: index).contains(challenger), "\(challenger) left its shard")

            entries[301] = diary[301]
            index = try XCTUnwrap(update(index, to: entries), "\(challenger) goes back to its shard in place")
            XCTAssertEqual(heavyKeys(index, space), before)
            XCTAssertTrue(try keysInShard(of: challenger, in: index).contains(challenger), "\(challenger) is back in its shard")
        }
    }

    func testHeavyFilesComeAndGoWithKeysThatCrossTheSizeLimit() throws {
        for (space, diary, key) in [(KeySpace.words, self.diary(), "mmm"), (.initials, initialsDiary(), "초 ᄀᄋ")] {
            limits = SearchIndexLimits()
            var entries = diary
            // Just short of heavy: only the key every entry feeds (`kkk`, `초 ᄉᄎ`) is heavier.
            limits.heavyKeyBytes = try valueSize(of: key, in: fullIndex(entries)) + 100
            var index = fullIndex(entries)
            let before = heavyKeys(index, space)
            XCTAssertEqual(before.count, 1, "\(space)")
            let otherFile = try heavyFile(of: before[0], in: index)
            let previous = index

            entries[5] = entryFeeding(key, number: 5)
            index = try XCTUnwrap(update(index, to: entries), "\(key) becomes heavy in place")
            XCTAssertEqual(Set(heavyKeys(index, space)), Set(before + [key]))
            let ownFile = try heavyFile(of: key, in: index)
            XCTAssertNil(previous.files[ownFile])
            XCTAssertNotNil(index.files[ownFile], "\(key) has a file of its own")
            XCTAssertFalse(try keysInShard(of: key, in: index).contains(key))
            // In the initials space the new key comes first in UTF-8 order: the other keeps its file all the same.
            XCTAssertEqual(try heavyFile(of: before[0], in: index), otherFile, "\(before[0]) keeps its file")

            entries[5] = diary[5]
            index = try XCTUnwrap(update(index, to: entries), "\(key) stops being heavy in place")
            XCTAssertEqual(heavyKeys(index, space), before)
            XCTAssertNil(index.files[ownFile], "its file is gone")
            XCTAssertTrue(try keysInShard(of: key, in: index).contains(key))
            XCTAssertEqual(try heavyFile(of: before[0], in: index), otherFile, "\(before[0]) keeps its file")
        }
    }

    func testAnEditThatChangesTheShardCountDealsTheKeysIntoTheNewShards() throws {
        // Each edit adds words new to the diary, whose keys fall in `space`: `quokka`, `퀴즈` (초 ᄏᄌ).
        for (space, diary, newWord) in [(KeySpace.words, self.diary(), "quokka"), (.initials, initialsDiary(), "퀴즈")] {
            // A shard size at which the space's light keys just fill 8 shards: one more key makes 16.
            limits = SearchIndexLimits()
            limits.targetShardBytes = (fullIndex(diary).state[space].lightBytes + 7) / 8
            var index = fullIndex(diary)
            XCTAssertEqual(index.state[space].shardCount, 8, "\(space)")
            var edited = diary
            let body = space == .words ? diaryBody(10) : initialsDiaryBody(10)
            edited[10] = entry(10, body: body.dropLast() + " \(newWord)\n")
            index = try XCTUnwrap(update(index, to: edited), "the \(space) keys are dealt into 16 shards in place")
            XCTAssertEqual(index.state[space].shardCount, 16)
            index = try XCTUnwrap(update(index, to: diary), "and dealt back into 8")
            XCTAssertEqual(index.state[space].shardCount, 8)
        }
    }

    func testRandomEditsThatShiftTheHeavyKeysAndShardsAlwaysGiveAFullBuildsIndex() throws {
        for space in KeySpace.allCases {
            let changes = try randomEdits(seed: 16, shardsOnTheEdgeIn: space)
            XCTAssertGreaterThanOrEqual(changes.grewShards, 1, "the \(space) keys were dealt into more shards")
            XCTAssertGreaterThanOrEqual(changes.shrankShards, 1, "the \(space) keys were dealt into fewer shards")
            // The positions keys' heavy files go through the same code (`KeyFilesUpdate`); in this
            // diary their biggest keys (the filler's words) stay the same four.
            for other in KeySpace.allCases where other != .positions {
                XCTAssertGreaterThanOrEqual(changes.heavyChanges[other] ?? 0, 5, "the \(other) heavy keys changed often")
            }
        }
    }

    /// 60 random edits of a small diary whose keys of both spaces compete for files of their own,
    /// each updated in place and checked against a full build, with a shard size at which `space`'s
    /// keys just fill their shards, so that edits cross the edge both ways. Returns how often the
    /// heavy keys of each space changed, and how often `space`'s shard count grew and shrank.
    private func randomEdits(seed: UInt64, shardsOnTheEdgeIn space: KeySpace) throws
        -> (heavyChanges: [KeySpace: Int], grewShards: Int, shrankShards: Int) {
        // Words with many numbered forms: the 3-character keys of the first four (`aaa`, …) and the
        // initials keys of the others (`초 ᄀᄂ`, …) are about the same size and compete, four of
        // each space, for two files of their own.
        let stems = ["aaa", "bbb", "ccc", "ddd", "가나", "다라", "마바", "사아"]
        let others = ["rain", "산책", "산책했다", "café", "x"]
        var random = SeededGenerator(seed: seed)
        func body() -> String {
            let words = (0..<random.int(in: 0...12)).map { _ in
                random.chance(80) ? random.pick(stems) + String(random.int(in: 0...99)) : random.pick(others)
            }
            return words.joined(separator: " ") + "\n"
        }
        var entries = (0..<50).map { entry($0, body: body()) }
        limits = SearchIndexLimits(targetShardBytes: 2_000, heavyKeyBytes: 200, maxHeavyKeys: 2)
        limits.targetShardBytes = (fullIndex(entries).state[space].lightBytes + 15) / 16
        var index = fullIndex(entries)
        var heavyChanges: [KeySpace: Int] = [:]
        var grewShards = 0
        var shrankShards = 0
        for step in 0..<60 {
            if random.chance(10) {
                entries.append(entry(entries.count, body: body()))
            } else {
                let number = random.int(in: 0...entries.count - 1)
                entries[number] = entry(number, body: body(), tags: random.chance(50) ? [] : [random.pick(others)])
            }
            let next = try XCTUnwrap(update(index, to: entries), "edit \(step) updates in place")
            for space in KeySpace.allCases where heavyKeys(next, space) != heavyKeys(index, space) {
                heavyChanges[space, default: 0] += 1
            }
            if next.state[space].shardCount > index.state[space].shardCount { grewShards += 1 }
            if next.state[space].shardCount < index.state[space].shardCount { shrankShards += 1 }
            index = next
        }
        return (heavyChanges, grewShards, shrankShards)
    }
}
