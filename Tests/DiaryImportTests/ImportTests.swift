import BuildSupport
import DaybookTestSupport
@testable import DiaryImport
import DiaryModel
import DiaryReader
import Foundation
import XCTest

/// Whole imports into a diary on disk: what is written, what is skipped, and that the result
/// reads cleanly as Daybook entries.
final class ImportTests: XCTestCase {
    func testADayOneZipBecomesEntriesWithTheirPicturesThatReadCleanly() throws {
        let diary = try TemporaryDiary(self)
        let report = try diary.run(.dayOne, try zipped(Samples.dayOne, in: self))
        XCTAssertEqual(report.imported.map(\.path), ["Content/2024/10/20/0040-가을-산책.md", "Content/2024/10/19/2115-late-call-with-home.md"])
        XCTAssertEqual(report.pictureCount, 3)
        XCTAssertEqual(report.skipped, [.init(label: "2024-10-21 10:05 \"Rainy Monday\"", reason: .noEmotion(.nothingNamesAnEmotion))])
        XCTAssertTrue(report.hasLeftOut)
        XCTAssertEqual(try diary.text("Content/2024/10/20/0040-가을-산책.md"), """
            ---
            title: "가을 산책"
            date: 2024-10-20 00:40:12
            emotion: happy
            tags: ["산책", "기쁨"]
            images:
              - "0040-가을-산책-2.png"
            weather: "Mostly Clear, 15°C"
            location: "Namsan Park, Seoul, South Korea"
            starred: true
            import_id: "dayone:6A1C0B7E2F3D4A5B8C9D0E1F2A3B4C5D"
            ---

            남산을 천천히 걸었다\\. 낙엽이 발밑에서 바스락거렸다\\!

            ![](0040-가을-산책-1.png)

            벤치에 앉아 한참 있었다.

            """)
        let leaves = try Data(contentsOf: Samples.dayOne.appendingPathComponent("photos/6cbae1ffd932402267d26a7246104ae6.png"))
        XCTAssertEqual(FileManager.default.contents(atPath: diary.root.appendingPathComponent("Content/2024/10/20/0040-가을-산책-1.png").path), leaves)

        let result = diary.read()
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let entries = result.diary.entries
        // The first line is the title, as Day One shows it, whether a heading or not.
        XCTAssertEqual(entries.map(\.title), ["Late call with home", "가을 산책"])
        XCTAssertEqual(entries.map(\.emotionIDs), [["calm"], ["happy"]])
        XCTAssertEqual(entries.map { $0.images.count }, [1, 2])
        // Dated where it was written, whatever the diary's own timezone (Seoul here).
        XCTAssertEqual(entries[0].local, LocalDateTime("2024-10-19 21:15"))
    }

    func testAFolderAndItsJournalFileImportLikeTheZip() throws {
        let fromZip = try TemporaryDiary(self)
        let fromFolder = try TemporaryDiary(self)
        let fromJournal = try TemporaryDiary(self)
        _ = try fromZip.run(.dayOne, try zipped(Samples.dayOne, in: self), emotion: "sad")
        _ = try fromFolder.run(.dayOne, Samples.dayOne, emotion: "sad")
        _ = try fromJournal.run(.dayOne, Samples.dayOne.appendingPathComponent("Journal.json"), emotion: "sad")
        XCTAssertEqual(fromZip.snapshot().count, 7)
        XCTAssertEqual(fromFolder.snapshot(), fromZip.snapshot())
        XCTAssertEqual(fromJournal.snapshot(), fromZip.snapshot())
    }

    func testImportingTheSameExportTwiceWritesNothingNew() throws {
        let diary = try TemporaryDiary(self)
        let export = try zipped(Samples.dayOne, in: self)
        XCTAssertEqual(try diary.run(.dayOne, export, emotion: "tired").imported.count, 3)
        // The writer moves and edits an imported entry: it is still recognised.
        let moved = "Content/2024/10/19/2115-late-call-with-home.md"
        let edited = try diary.text(moved).replacingOccurrences(of: "emotion: calm", with: "emotion: sad")
        try FileManager.default.removeItem(at: diary.root.appendingPathComponent(moved))
        try diary.write(edited, to: "Content/moved/call.md")
        let before = diary.snapshot()

        let again = try diary.run(.dayOne, export, emotion: "tired")
        XCTAssertEqual(again.imported, [])
        XCTAssertEqual(again.skipped.map(\.reason), [.alreadyImported(path: "Content/2024/10/20/0040-가을-산책.md"),
                                                      .alreadyImported(path: "Content/moved/call.md"),
                                                      .alreadyImported(path: "Content/2024/10/21/1005-rainy-monday.md")])
        XCTAssertFalse(again.hasLeftOut)
        XCTAssertEqual(diary.snapshot(), before)
    }

    func testJrnlAndDaylioImportTwiceAddNothing() throws {
        let diary = try TemporaryDiary(self)
        XCTAssertEqual(try diary.run(.jrnl, Samples.jrnl, emotion: "calm").imported.count, 3)
        XCTAssertEqual(try diary.run(.daylio, Samples.daylio, map: "average=tired").imported.count, 5)
        let before = diary.snapshot()
        XCTAssertEqual(try diary.run(.jrnl, Samples.jrnl, emotion: "calm").skipped.count, 3)
        XCTAssertEqual(try diary.run(.daylio, Samples.daylio, map: "average=tired").skipped.count, 5)
        XCTAssertEqual(diary.snapshot(), before)
        XCTAssertEqual(diary.read().diagnostics.map(\.description), [])
    }

    func testDaylioMoodsBecomeEmotionsAndActivitiesTags() throws {
        let diary = try TemporaryDiary(self)
        let report = try diary.run(.daylio, Samples.daylio)
        XCTAssertEqual(report.skipped, [.init(label: "2025-05-30 08:02 (line 4)", reason: .noEmotion(.unmappedMood("average")))])
        XCTAssertEqual(report.imported.first?.notes, [])
        XCTAssertEqual(report.imported.first { $0.path.contains("2025/05/29") }?.notes, ["the tag '🎂' left out: it has no letters or digits"])
        let result = diary.read()
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let byTime = Dictionary(uniqueKeysWithValues: result.diary.entries.map { ($0.local.description, $0) })
        XCTAssertEqual(byTime["2025-05-31 18:50"]?.emotionIDs, ["excited"])
        XCTAssertEqual(byTime["2025-05-31 18:50"]?.tags, ["friends", "good meal", "movies / tv"])
        XCTAssertEqual(byTime["2025-05-31 18:50"]?.title, "Picnic")
        XCTAssertEqual(byTime["2025-05-31 00:19"]?.emotionIDs, ["calm"])
        XCTAssertEqual(byTime["2025-05-29 21:10"]?.emotionIDs, ["happy"])
        XCTAssertEqual(byTime["2025-05-28 07:45"]?.emotionIDs, ["sad"])
        XCTAssertEqual(byTime["2025-05-28 07:45"]?.extra["daylio_mood"], .string("awful"))
    }

    func testTheDaylioReportNamesEachEntrysEmotionAndWhatGaveIt() throws {
        let diary = try TemporaryDiary(self)
        XCTAssertEqual(try diary.run(.daylio, Samples.daylio, map: "meh=tired", dryRun: true).lines, [
            "would import 2025-05-31 18:50 \"Picnic\" (line 2) as Content/2025/05/31/1850-picnic.md: excited, from the mood 'rad' (Daybook's default for it; --map changes it)",
            "would import 2025-05-31 00:19 (line 3) as Content/2025/05/31/0019.md: tired, from the mood 'meh' by --map",
            "would import 2025-05-29 21:10 \"엄마 생신\" (line 5) as Content/2025/05/29/2110-엄마-생신.md: happy, from the mood 'good' (Daybook's default for it; --map changes it)",
            "  note: the tag '🎂' left out: it has no letters or digits",
            "would import 2025-05-28 07:45 (line 7) as Content/2025/05/28/0745.md: sad, from the mood 'awful' (Daybook's default for it; --map changes it)",
            "skipped 2025-05-30 08:02 (line 4): its mood 'average' names no emotion of the diary, nor does any of its activities; add --map 'average=<emotion>' or pass --emotion",
        ])
    }

    func testOneMoodTreatedTwoWaysSaysWhy() throws {
        let diary = try TemporaryDiary(self)
        let export = diary.root.appendingPathComponent("daylio.csv")
        try Data("""
            full_date,date,weekday,time,mood,activities,note_title,note
            2025-06-02,2 June,Monday,8:00 am,average,tired | work,"",""
            2025-06-01,1 June,Sunday,8:00 am,average,work,"",""
            2025-05-31,31 May,Saturday,8:00 am,happy,,"",""

            """.utf8).write(to: export)
        XCTAssertEqual(try diary.run(.daylio, export).lines, [
            "imported 2025-06-02 08:00 (line 2) as Content/2025/06/02/0800.md: tired, from the activity 'tired' (its mood 'average' names no emotion of the diary)",
            "imported 2025-05-31 08:00 (line 4) as Content/2025/05/31/0800.md: happy, from the mood 'happy'",
            "skipped 2025-06-01 08:00 (line 3): its mood 'average' names no emotion of the diary, nor does any of its activities; add --map 'average=<emotion>' or pass --emotion",
        ])
        let other = try TemporaryDiary(self)
        XCTAssertEqual(try other.run(.daylio, export, emotion: "calm").lines.filter { $0.contains("line 3") }, [
            "imported 2025-06-01 08:00 (line 3) as Content/2025/06/01/0800.md: calm, from --emotion (its mood 'average' names no emotion of the diary)",
        ])
    }

    func testJrnlEntriesTakeTheirEmotionFromATagElseTheOption() throws {
        let diary = try TemporaryDiary(self)
        let withoutOption = try diary.run(.jrnl, Samples.jrnl, dryRun: true)
        XCTAssertEqual(withoutOption.imported.map(\.path), ["Content/2025/03/03/2130-조용한-저녁.md"])
        XCTAssertEqual(withoutOption.skipped.count, 2)
        XCTAssertEqual(diary.snapshot().keys.sorted(), ["daybook.yml"], "a dry run writes nothing")

        let report = try diary.run(.jrnl, Samples.jrnl, emotion: "excited")
        XCTAssertEqual(report.imported.map(\.path), ["Content/2025/03/03/0900-called-in-sick.md", "Content/2025/03/03/2130-조용한-저녁.md",
                                                     "Content/2025/03/04/1845-shipped-the-release.md"])
        let entries = diary.read().diary.entries
        XCTAssertEqual(entries.map(\.emotionIDs), [["excited"], ["calm"], ["excited"]])
        XCTAssertEqual(entries[1].title, "조용한 저녁.")
        XCTAssertEqual(entries[1].tags, ["가족", "calm"])
    }

    func testADayOneEntryTitledByAPlainFirstLineKeepsItAsItsTitle() throws {
        let diary = try TemporaryDiary(self)
        _ = try diary.run(.dayOne, Samples.dayOne, emotion: "calm")
        XCTAssertEqual(try diary.text("Content/2024/10/19/2115-late-call-with-home.md"), """
            ---
            title: "Late call with home"
            date: 2024-10-19 21:15
            emotion: calm
            tags: ["family", "calm"]
            import_id: "dayone:F0E1D2C3B4A5968778695A4B3C2D1E0F"
            ---

            It was already Sunday morning in Seoul.

            ![](2115-late-call-with-home-1.png)

            """)
    }

    func testAJrnlEntryIsWrittenWithItsTitle() throws {
        let diary = try TemporaryDiary(self)
        _ = try diary.run(.jrnl, Samples.jrnl, emotion: "calm")
        XCTAssertEqual(try diary.text("Content/2025/03/03/0900-called-in-sick.md"), """
            ---
            title: "Called in sick."
            date: 2025-03-03 09:00
            emotion: calm
            tags: ["work"]
            import_id: "jrnl:2025-03-03 09:00 \(try jrnlHash("Called in sick."))"
            ---

            Used the time to clean the house and spent 4h on writing my book. @work

            """)
        XCTAssertEqual(diary.read().diary.entries.first?.title, "Called in sick.")
    }

    func testAnImportNeverOverwritesAnEntryOfTheWriters() throws {
        let diary = try TemporaryDiary(self)
        let mine = "---\ndate: 2025-03-03 09:00\nemotion: sad\n---\nMy own entry.\n"
        try diary.write(mine, to: "Content/2025/03/03/0900-called-in-sick.md")
        let report = try diary.run(.jrnl, Samples.jrnl, emotion: "calm")
        XCTAssertEqual(report.imported.first?.path, "Content/2025/03/03/0900-called-in-sick-2.md")
        XCTAssertEqual(try diary.text("Content/2025/03/03/0900-called-in-sick.md"), mine)
    }

    func testABrokenExportWritesNothing() throws {
        let diary = try TemporaryDiary(self)
        let broken = diary.root.appendingPathComponent("broken.json")
        try Data("""
            {"entries": [
              {"title": "Fine.", "body": "", "date": "2025-03-01", "time": "09:00", "tags": []},
              {"title": "Also fine.", "body": "", "date": "2025-03-02", "time": "09:00", "tags": []},
              {"title": "Broken.", "body": "", "date": "2025-03-03", "time": "9 o'clock", "tags": []}
            ]}
            """.utf8).write(to: broken)
        let before = diary.snapshot()
        XCTAssertThrowsError(try diary.run(.jrnl, broken, emotion: "calm")) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "broken.json: error: entry 3: cannot read the date '2025-03-03 9 o'clock'; write it as YYYY-MM-DD, YYYY-MM-DD HH:MM or 2025-10-20T09:30:00+09:00")
        }
        XCTAssertEqual(diary.snapshot(), before)
    }

    func testAFailedWriteTakesBackEverythingTheImportWrote() throws {
        let diary = try TemporaryDiary(self)
        let export = try copyOfDayOneSample(in: self)
        let plan = ImportPlan(try DayOneExport.read(try ExportFiles(at: export, displayName: "dayone"), displayName: "dayone",
                                                    fallbackTimeZone: diary.diaryConfig.timeZone),
                              emotions: try EmotionChoice(catalog: EmotionCatalog(diary.diaryConfig.emotions), fallback: "calm"),
                              existing: [:], isTaken: { _ in false })
        let before = diary.snapshot()
        XCTAssertThrowsError(try ImportWriter(root: diary.root).write(plan) { source in
            // The last entry's picture cannot be read, after the first entry is written.
            guard !source.contains("9dd6e77f") else { throw CocoaError(.fileReadCorruptFile) }
            return try Data(contentsOf: export.appendingPathComponent(source))
        }) { error in
            XCTAssertTrue((error as? ImportError)?.message.hasSuffix("; nothing was imported") == true, "\(error)")
        }
        XCTAssertEqual(diary.snapshot(), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: diary.root.appendingPathComponent("Content").path))
    }

    func testTheReportSaysWhatWasImportedAndWhyTheRestWasNot() throws {
        let diary = try TemporaryDiary(self)
        let report = try diary.run(.dayOne, Samples.dayOne, dryRun: true)
        XCTAssertEqual(report.lines, [
            "would import 2024-10-20 00:40 \"가을 산책\" as Content/2024/10/20/0040-가을-산책.md (2 pictures): happy, from the tag '기쁨'",
            "  note: a .tiff photo left out: Daybook publishes avif, gif, heic, heif, jpeg, jpg, png, svg, webp",
            "  note: a video left out: Daybook keeps pictures only",
            "would import 2024-10-19 21:15 \"Late call with home\" as Content/2024/10/19/2115-late-call-with-home.md (1 picture): calm, from the tag 'calm'",
            "skipped 2024-10-21 10:05 \"Rainy Monday\": no emotion: no tag names one of the diary's emotions; pass --emotion to give one",
        ])
        XCTAssertEqual(report.summary, "Would import 2 entries with 3 pictures; skipped 1 without an emotion (dry run: nothing written)")
        XCTAssertEqual(diary.snapshot().keys.sorted(), ["daybook.yml"])
    }

    func testAFileThatIsNotAZipSaysSo() throws {
        let diary = try TemporaryDiary(self)
        XCTAssertThrowsError(try diary.run(.dayOne, Samples.jrnl.deletingLastPathComponent().appendingPathComponent("missing.zip"))) { error in
            XCTAssertEqual((error as? ImportError)?.description, "missing.zip: error: no such file or folder")
        }
        let notes = diary.root.appendingPathComponent("notes.txt")
        try Data("Dear diary,\nnothing here is an export.\n".utf8).write(to: notes)
        XCTAssertThrowsError(try diary.run(.dayOne, notes)) { error in
            XCTAssertTrue((error as? ImportError)?.message.hasPrefix("not a zip archive Daybook can read") == true, "\(error)")
        }
    }

    func testAnotherAppsExportNamesTheCommandThatReadsItAndWritesNothing() throws {
        let diary = try TemporaryDiary(self)
        let dayOneZip = try zipped(Samples.dayOne, in: self)
        let journal = Samples.dayOne.appendingPathComponent("Journal.json")
        let cases: [(DiaryImporter.Format, URL, String)] = [
            (.jrnl, journal, "this is Day One's export, not jrnl's; import it with 'daybook import dayone Journal.json'"),
            (.jrnl, dayOneZip, "this is Day One's export, not jrnl's; import it with 'daybook import dayone \(dayOneZip.lastPathComponent)'"),
            (.jrnl, Samples.dayOne, "this is Day One's export, not jrnl's; import it with 'daybook import dayone dayone'"),
            (.daylio, journal, "this is Day One's export, not Daylio's; import it with 'daybook import dayone Journal.json'"),
            (.dayOne, Samples.jrnl, "this is jrnl's export, not Day One's; import it with 'daybook import jrnl journal.json'"),
            (.daylio, Samples.jrnl, "this is jrnl's export, not Daylio's; import it with 'daybook import jrnl journal.json'"),
            (.dayOne, Samples.daylio, "this is Daylio's export, not Day One's; import it with 'daybook import daylio daylio_export.csv'"),
            (.jrnl, Samples.daylio, "this is Daylio's export, not jrnl's; import it with 'daybook import daylio daylio_export.csv'"),
        ]
        let before = diary.snapshot()
        for (format, export, message) in cases {
            XCTAssertThrowsError(try diary.run(format, export, emotion: "calm")) { error in
                XCTAssertEqual((error as? ImportError)?.message, message)
                XCTAssertEqual((error as? ImportError)?.isUsage, true, "the command named the wrong app: a usage error")
            }
        }
        XCTAssertEqual(diary.snapshot(), before)
    }

    private func jrnlHash(_ title: String) throws -> String {
        var hasher = StableHasher()
        hasher.combine(title)
        return String(hasher.value, radix: 16)
    }
}
