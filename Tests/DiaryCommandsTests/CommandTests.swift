import DaybookTestSupport
import DiaryCorpus
@testable import DiaryCommands
import DiaryModel
import DiaryReader
import Foundation
import XCTest

final class CommandTests: XCTestCase {
    func testInitWritesADiaryThatChecksCleanly() throws {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        let outcome = try DiaryInitializer(root: root).create(now: Date(timeIntervalSince1970: 1_760_950_000),
                                                              timeZone: TimeZone(identifier: "Asia/Seoul")!)
        XCTAssertEqual(outcome.created, ["daybook.yml", "Content/2025/10/20/1746-hello-daybook.md", ".gitignore"])
        XCTAssertEqual(outcome.messages, ["created daybook.yml", "created Content/2025/10/20/1746-hello-daybook.md", "created .gitignore"])
        let report = DiaryCheck.run(root: root, strict: true)
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(report.summary, "1 entry, 1 day, 1 emotion: 0 errors, 0 warnings")
    }

    func testTheFirstEntrySaysHowToViewTheSite() throws {
        let root = temporaryFolder(self)
        let entry = try DiaryInitializer(root: root).create().created[1]
        let text = try String(contentsOf: root.appendingPathComponent(entry), encoding: .utf8)
        XCTAssertTrue(text.contains("`daybook serve`, then open http://127.0.0.1:4000/"), text)
        XCTAssertFalse(text.contains("open `Output/index.html`"), text)
    }

    func testTheFirstEntryNamesEncryptionBeforeAWebHostInEitherLanguage() throws {
        for (locale, before) in [("en_US", "before you put it on a web host"), ("ko_KR", "웹 호스트에 올리기 전에")] {
            let root = temporaryFolder(self)
            let entry = try DiaryInitializer(root: root, localeIdentifier: locale).create().created[1]
            let text = try String(contentsOf: root.appendingPathComponent(entry), encoding: .utf8)
            XCTAssertTrue(text.contains(before) && text.contains("`daybook build --encrypt`"), text)
        }
    }

    func testImportIntoAFolderThatIsNotADiaryIsRefusedAndWritesNothing() throws {
        let folder = temporaryFolder(self)
        XCTAssertThrowsError(try DiaryImportCommand.run(root: folder, format: .jrnl, path: Samples.folder.appendingPathComponent("jrnl/journal.json").path,
                                                        options: .init(emotion: "calm"))) { error in
            XCTAssertEqual((error as? CommandError)?.isUsage, true)
            XCTAssertTrue((error as? CommandError)?.message.hasPrefix("\(folder.path) is not a diary") == true, "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no Content/ made")
    }

    func testInitIgnoresTheCacheAndTheSiteInGit() throws {
        let root = temporaryFolder(self)
        _ = try DiaryInitializer(root: root).create()
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8),
                       "# Daybook's build cache and the generated site\n.daybook/\nOutput/\n")
    }

    func testInitAddsOnlyTheMissingLinesToAnExistingGitignore() throws {
        let partial = temporaryFolder(self)
        try Data("*.swp\n/Output\n".utf8).write(to: partial.appendingPathComponent(".gitignore"))
        let outcome = try DiaryInitializer(root: partial).create()
        XCTAssertEqual(outcome.messages.last, "added .daybook/ to the existing .gitignore")
        XCTAssertEqual(try String(contentsOf: partial.appendingPathComponent(".gitignore"), encoding: .utf8),
                       "*.swp\n/Output\n\n# Daybook's build cache and the generated site\n.daybook/\n")

        let complete = temporaryFolder(self)
        let lines = "Output/\n.daybook/"
        try Data(lines.utf8).write(to: complete.appendingPathComponent(".gitignore"))
        XCTAssertFalse(try DiaryInitializer(root: complete).create().created.contains(".gitignore"))
        XCTAssertEqual(try String(contentsOf: complete.appendingPathComponent(".gitignore"), encoding: .utf8), lines)
    }

    func testInitWithAKoreanLocaleWritesKoreanLabelsAndAFirstEntryInKorean() throws {
        let root = temporaryFolder(self)
        let outcome = try DiaryInitializer(root: root, localeIdentifier: "ko_KR").create(now: Date(timeIntervalSince1970: 1_760_950_000),
                                                                                         timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let config = ConfigLoader.load(try String(contentsOf: root.appendingPathComponent("daybook.yml"), encoding: .utf8)).config
        XCTAssertEqual(config.localeIdentifier, "ko_KR")
        XCTAssertEqual(config.emotions.map(\.id), ["happy", "sad", "angry", "anxious", "calm", "grateful", "tired", "excited"])
        XCTAssertEqual(config.emotions.map(\.label), ["행복", "슬픔", "화남", "불안", "평온", "감사", "피곤", "설렘"])
        XCTAssertTrue(config.emotions[0].aliases.contains("기쁨") && config.emotions[0].aliases.contains("joy"), "\(config.emotions[0].aliases)")
        XCTAssertEqual(outcome.created[1], "Content/2025/10/20/1746-안녕-daybook.md")
        let entry = try String(contentsOf: root.appendingPathComponent(outcome.created[1]), encoding: .utf8)
        XCTAssertTrue(entry.contains("첫 번째 글입니다"), entry)
        XCTAssertEqual(DiaryCheck.run(root: root, strict: true).diagnostics, [])
    }

    func testInitTakesTheLocaleAPersonAnswers() {
        XCTAssertEqual(DiaryInitializer.locale(fromAnswer: ""), "en_US")
        XCTAssertEqual(DiaryInitializer.locale(fromAnswer: "2"), "ko_KR")
        XCTAssertEqual(DiaryInitializer.locale(fromAnswer: " ko "), "ko_KR")
        XCTAssertEqual(DiaryInitializer.locale(fromAnswer: "ja_JP"), "ja_JP")
        XCTAssertNil(DiaryInitializer.locale(fromAnswer: "3"))
        XCTAssertNil(DiaryInitializer.locale(fromAnswer: "Korean please"))
    }

    func testInitRefusesToOverwriteADiary() throws {
        let root = temporaryFolder(self)
        _ = try DiaryInitializer(root: root).create()
        let before = try String(contentsOf: root.appendingPathComponent("daybook.yml"), encoding: .utf8)
        XCTAssertThrowsError(try DiaryInitializer(root: root).create())
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("daybook.yml"), encoding: .utf8), before)
    }

    func testNewWritesAnEntryThatReadsBackAsWritten() throws {
        let root = temporaryFolder(self)
        try Data("timezone: Asia/Seoul\n".utf8).write(to: root.appendingPathComponent("daybook.yml"))
        let writer = EntryFileWriter(root: root)
        let path = try writer.create(.init(title: "Autumn \"walk\": 가을", emotion: "Joy", date: "2025-10-20 09:30", tags: ["walk", "가을"]))
        XCTAssertEqual(path, "Content/2025/10/20/0930-autumn-walk-가을.md")
        let result = DiaryReader(root: root).read()
        XCTAssertEqual(result.diagnostics, [])
        let entry = try XCTUnwrap(result.diary.entries.first)
        XCTAssertEqual(entry.title, "Autumn \"walk\": 가을")
        XCTAssertEqual(entry.emotionIDs, ["happy"])
        XCTAssertEqual(entry.tags, ["walk", "가을"])
        XCTAssertEqual(entry.local.description, "2025-10-20 09:30")
    }

    func testNewDefaultsToNowInTheDiarysTimezone() throws {
        let root = temporaryFolder(self)
        try Data("timezone: Asia/Seoul\nemotions: [calm, happy]\n".utf8).write(to: root.appendingPathComponent("daybook.yml"))
        // 2025-10-20 23:50:17 UTC is 2025-10-21 08:50 in Seoul.
        let path = try EntryFileWriter(root: root).create(.init(emotion: "happy"), now: Date(timeIntervalSince1970: 1_761_004_217))
        XCTAssertEqual(path, "Content/2025/10/21/0850.md")
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        XCTAssertEqual(text, "---\ndate: 2025-10-21 08:50:17\nemotion: happy\n---\n\n")
    }

    func testTwoEntriesOfOneMinuteAreOrderedAsWritten() throws {
        let root = temporaryFolder(self)
        try Data("timezone: Asia/Seoul\n".utf8).write(to: root.appendingPathComponent("daybook.yml"))
        let writer = EntryFileWriter(root: root)
        // "Zebra" is written first, "Apple" 30 seconds later: their file names alone would order them the other way.
        _ = try writer.create(.init(title: "Zebra", emotion: "calm"), now: Date(timeIntervalSince1970: 1_761_004_205))
        _ = try writer.create(.init(title: "Apple", emotion: "calm"), now: Date(timeIntervalSince1970: 1_761_004_235))
        let entries = DiaryReader(root: root).read(.init()).diary.entries
        XCTAssertEqual(entries.map(\.title), ["Zebra", "Apple"])
    }

    func testNewRefusesAFolderThatIsNotADiary() throws {
        let root = temporaryFolder(self)
        XCTAssertThrowsError(try EntryFileWriter(root: root).create(.init(title: "Lost", emotion: "calm"))) { error in
            XCTAssertEqual((error as? CommandError)?.isUsage, true)
            let message = (error as? CommandError)?.message ?? ""
            XCTAssertTrue(message.contains("daybook init") && message.contains("-C"), message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Content").path))
        // Content/ alone is a diary: daybook.yml is optional (SPEC §1).
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        XCTAssertNoThrow(try EntryFileWriter(root: root).create(.init(title: "Found", emotion: "calm")))
    }

    func testNewNeverPicksAnEmotionForTheWriter() throws {
        let root = emptyDiary(self)
        XCTAssertThrowsError(try EntryFileWriter(root: root).create(.init(title: "Forgotten"))) { error in
            XCTAssertEqual((error as? CommandError)?.isUsage, true)
            XCTAssertEqual((error as? CommandError)?.message,
                           "no emotion given: pass --emotion with one of happy, sad, angry, anxious, calm, grateful, tired, excited (on a terminal, 'daybook new' asks)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Content").path))
    }

    func testNewNeverOverwritesAnEntryAndNumbersTheNextOne() throws {
        let root = emptyDiary(self)
        let writer = EntryFileWriter(root: root)
        let draft = EntryFileWriter.Draft(title: "Same", emotion: "calm", date: "2025-10-20 09:30")
        let path = try writer.create(draft)
        let mine = "---\ndate: 2025-10-20 09:30\nemotion: sad\n---\nMine.\n"
        try Data(mine.utf8).write(to: root.appendingPathComponent(path))
        XCTAssertEqual(try writer.create(draft), "Content/2025/10/20/0930-same-2.md")
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), mine)
        // Untitled and emoji-only titles in the same minute.
        let untitled = EntryFileWriter.Draft(emotion: "calm", date: "2025-10-20 08:10")
        let emoji = EntryFileWriter.Draft(title: "🎉", emotion: "calm", date: "2025-10-20 08:10")
        XCTAssertEqual(try [untitled, emoji, untitled].map { try writer.create($0) },
                       ["Content/2025/10/20/0810.md", "Content/2025/10/20/0810-2.md", "Content/2025/10/20/0810-3.md"])
        XCTAssertEqual(DiaryCheck.run(root: root, strict: true).diagnostics, [])
    }

    func testNewRefusesAnUnknownEmotionWithASuggestion() throws {
        let root = emptyDiary(self)
        XCTAssertThrowsError(try EntryFileWriter(root: root).create(.init(emotion: "gratefull"))) { error in
            let commandError = error as? CommandError
            XCTAssertEqual(commandError?.isUsage, true)
            XCTAssertEqual(commandError?.message,
                           "unknown emotion 'gratefull'; did you mean 'grateful'? (known: happy, sad, angry, anxious, calm, grateful, tired, excited)")
        }
    }

    func testCheckCountsEntriesDaysAndEmotions() throws {
        let root = emptyDiary(self)
        let writer = EntryFileWriter(root: root)
        _ = try writer.create(.init(title: "a", emotion: "happy", date: "2025-10-20 09:00"))
        _ = try writer.create(.init(title: "b", emotion: "sad", date: "2025-10-20 10:00"))
        _ = try writer.create(.init(title: "c", emotion: "sad", date: "2025-10-21 10:00"))
        XCTAssertEqual(DiaryCheck.run(root: root, strict: false).summary, "3 entries, 2 days, 2 emotions: 0 errors, 0 warnings")
    }

    func testCheckReportsAPictureItCannotDecodeAtTheLineThatNamesIt() throws {
        let root = emptyDiary(self)
        let entry = try EntryFileWriter(root: root).create(.init(title: "a", emotion: "happy", date: "2025-10-20 09:00"))
        let folder = root.appendingPathComponent(entry).deletingLastPathComponent()
        try Data("not a picture at all".utf8).write(to: folder.appendingPathComponent("broken.jpg"))
        let url = root.appendingPathComponent(entry)
        try (try String(contentsOf: url, encoding: .utf8) + "\n![x](broken.jpg)\n").write(to: url, atomically: true, encoding: .utf8)
        let report = DiaryCheck.run(root: root, strict: false)
        XCTAssertEqual(report.diagnostics.map(\.location.path), [entry])
        XCTAssertTrue(report.diagnostics.first?.message.contains("broken.jpg' cannot be published: not a picture daybook can read") == true,
                      "\(report.diagnostics)")
        XCTAssertTrue(report.hasErrors)
    }

    func testBuildAndCheckReportAMissingAndATruncatedPictureOfOneEntryInOneRun() throws {
        let root = emptyDiary(self)
        let photos = root.appendingPathComponent("Content/photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let png = SolidPNG.make(width: 300, height: 200, red: 1, green: 2, blue: 3)
        try png.prefix(png.count / 2).write(to: photos.appendingPathComponent("half.png"))
        try png.write(to: photos.appendingPathComponent("whole.png"))
        try Data("""
            ---
            date: 2025-10-20 09:00
            emotion: happy
            images:
              - photos/gone.png
              - photos/half.png
            ---
            A walk. ![The lake](photos/whole.png)
            """.utf8).write(to: root.appendingPathComponent("Content/walk.md"))
        let expected = [
            "Content/walk.md:5:5: error: image 'photos/gone.png' not found (looked for Content/photos/gone.png and Content/photos/gone.png)",
            "Content/walk.md:6:5: error: 'Content/photos/half.png' cannot be published: picture is truncated: the png file ends before the picture does",
        ]
        for command in ["build", "check"] {
            let run = try runDaybook([command, "-C", root.path])
            XCTAssertEqual(run.status, 1, command)
            let errors = run.standardError.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
            XCTAssertEqual(errors, expected, "\(command): \(run.standardError)")
        }
        // A second build reads the entry from the cache, and still sees both.
        let again = try runDaybook(["build", "-C", root.path])
        XCTAssertEqual(again.standardError.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init), expected)
    }
}
