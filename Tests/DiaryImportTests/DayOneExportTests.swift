import DaybookTestSupport
@testable import DiaryImport
import DiaryModel
import Foundation
import XCTest

/// Day One's `Journal.json` read into entries, without touching the disk.
final class DayOneExportTests: XCTestCase {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    private func sampleEntries() throws -> [ImportedEntry] {
        let data = try Data(contentsOf: Samples.dayOne.appendingPathComponent("Journal.json"))
        let files = try FileManager.default.contentsOfDirectory(atPath: Samples.dayOne.appendingPathComponent("photos").path)
        return try DayOneExport.entries(fromJSON: data, file: "Journal.json", fallbackTimeZone: seoul) { md5, type in
            files.first { $0.hasPrefix(md5 + ".") }.map { "photos/\($0)" }
        }
    }

    private func entries(_ json: String, photos: Set<String> = []) throws -> [ImportedEntry] {
        try DayOneExport.entries(fromJSON: Data(json.utf8), file: "Journal.json", fallbackTimeZone: seoul) { md5, type in
            photos.contains("\(md5).\(type ?? "")") ? "photos/\(md5).\(type ?? "")" : nil
        }
    }

    func testEachEntryIsDatedOnTheClockOfTheTimezoneItWasWrittenIn() throws {
        let entries = try sampleEntries()
        // 15:40 UTC is 00:40 the next day in Seoul; 01:15 UTC is 21:15 the day before in New York.
        XCTAssertEqual(entries.map(\.local), [LocalDateTime("2024-10-20 00:40:12"), LocalDateTime("2024-10-19 21:15"),
                                              LocalDateTime("2024-10-21 10:05")])
        XCTAssertEqual(entries.map(\.importID), ["dayone:6A1C0B7E2F3D4A5B8C9D0E1F2A3B4C5D", "dayone:F0E1D2C3B4A5968778695A4B3C2D1E0F",
                                                 "dayone:11223344556677889900AABBCCDDEEFF"])
    }

    func testTagsWeatherPlaceAndStarAreKept() throws {
        let first = try sampleEntries()[0]
        XCTAssertEqual(first.tags, ["산책", "기쁨"])
        XCTAssertEqual(first.extra, [.init("weather", .text("Mostly Clear, 15°C")),
                                     .init("location", .text("Namsan Park, Seoul, South Korea")),
                                     .init("starred", .flag(true))])
        XCTAssertEqual(first.nameHint, "가을 산책")
        XCTAssertEqual(first.label, "2024-10-20 00:40 \"가을 산책\"")
    }

    func testTheFirstLineIsTheTitleAndLeavesTheText() throws {
        let entries = try sampleEntries()
        XCTAssertEqual(entries.map(\.title), ["가을 산책", "Late call with home", "Rainy Monday"])
        XCTAssertEqual(entries.map(\.label), ["2024-10-20 00:40 \"가을 산책\"", "2024-10-19 21:15 \"Late call with home\"",
                                              "2024-10-21 10:05 \"Rainy Monday\""])
        XCTAssertTrue(entries[0].body.hasPrefix("남산을 천천히 걸었다"), entries[0].body)
        XCTAssertEqual(entries[2].body, "Nothing much happened.")
    }

    func testAFirstLineInBoldIsTheTitleToo() throws {
        let entry = try entries("""
            {"entries": [{"uuid": "A1", "creationDate": "2025-01-02T03:04:05Z", "timeZone": "UTC",
              "text": "**Good morning ☀️**\\n\\nThe sun is out."}]}
            """)[0]
        XCTAssertEqual(entry.title, "Good morning ☀️")
        XCTAssertEqual(entry.label, "2025-01-02 03:04 \"Good morning ☀️\"")
        XCTAssertEqual(entry.body, "The sun is out.")
    }

    func testAPictureOrALongParagraphFirstIsNoTitle() throws {
        let long = String(repeating: "word ", count: 30).trimmed
        let found = try entries("""
            {"entries": [{"uuid": "A1", "creationDate": "2025-01-02T03:04:05Z", "timeZone": "UTC", "text": "![](https://example.org/a.jpg)\\nCaption"},
                         {"uuid": "B2", "creationDate": "2025-01-02T04:04:05Z", "timeZone": "UTC", "text": "\(long)\\nMore."}]}
            """)
        XCTAssertEqual(found.map(\.title), [nil, nil])
        XCTAssertEqual(found.map(\.label), ["2025-01-02 03:04", "2025-01-02 04:04"])
        XCTAssertEqual(found[1].body, "\(long)\nMore.")
    }

    func testAPhotoInTheTextStaysInPlaceAndTheOthersAreListed() throws {
        let first = try sampleEntries()[0]
        XCTAssertEqual(first.pictures, [
            ImportedPicture(source: "photos/6cbae1ffd932402267d26a7246104ae6.png", fileExtension: "png",
                            bodyReference: "dayone-moment://8C6F2E1A9B3D4C5E6F708192A3B4C5D6"),
            ImportedPicture(source: "photos/c336215c7b364086194808fa74f7c224.png", fileExtension: "png", bodyReference: nil),
        ])
        XCTAssertTrue(first.body.contains("![](dayone-moment://8C6F2E1A9B3D4C5E6F708192A3B4C5D6)"), first.body)
    }

    func testVideosAndPhotosDaybookCannotPublishLeaveTheTextAndAreNoted() throws {
        let first = try sampleEntries()[0]
        XCTAssertFalse(first.body.contains("video"), first.body)
        XCTAssertTrue(first.body.hasSuffix("벤치에 앉아 한참 있었다.\n\n"), first.body)
        XCTAssertEqual(first.notes, ["a .tiff photo left out: Daybook publishes avif, gif, heic, heif, jpeg, jpg, png, svg, webp",
                                     "a video left out: Daybook keeps pictures only"])
    }

    func testAPhotoMissingFromTheExportIsLeftOutAndNoted() throws {
        let entry = try entries("""
            {"entries": [{"uuid": "A1", "creationDate": "2025-01-02T03:04:05Z", "timeZone": "UTC",
              "text": "Before ![](dayone-moment://P1) after", "photos": [{"identifier": "P1", "md5": "abc", "type": "jpeg"}]}]}
            """)[0]
        XCTAssertEqual(entry.body, "Before  after")
        XCTAssertEqual(entry.pictures, [])
        XCTAssertEqual(entry.notes, ["a photo (P1) is not in the export: left out"])
    }

    func testAnEntryWithoutATimezoneIsDatedInTheDiarysAndSaysSo() throws {
        let entry = try entries("""
            {"entries": [{"uuid": "A1", "creationDate": "2025-01-02T23:30:00.250Z", "text": "x"}]}
            """)[0]
        XCTAssertEqual(entry.local, LocalDateTime("2025-01-03 08:30"))
        XCTAssertEqual(entry.notes, ["no timezone recorded: dated in the diary's timezone (Asia/Seoul)"])
    }

    func testABrokenEntryIsAnErrorNamingIt() throws {
        XCTAssertThrowsError(try entries("""
            {"entries": [{"uuid": "A1", "creationDate": "2025-01-02T03:04:05Z", "text": "fine"},
                         {"uuid": "B2", "creationDate": "yesterday", "text": "broken"}]}
            """)) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "Journal.json: error: entry 2 (uuid B2): 'creationDate' must be a time such as 2024-01-05T03:02:50Z, found \"yesterday\"")
        }
        XCTAssertThrowsError(try entries("""
            {"entries": [{"uuid": "C3", "creationDate": "2025-01-02T03:04:05Z", "tags": "walk"}]}
            """)) { error in
            XCTAssertEqual((error as? ImportError)?.message, "entry 1 (uuid C3): 'tags' must be a list of texts, found the text \"walk\"")
        }
    }

    func testAFileThatIsNotAJournalSaysWhatItExpected() throws {
        XCTAssertThrowsError(try entries("{\"entries\": [")) { error in
            XCTAssertTrue((error as? ImportError)?.message.hasPrefix("not valid JSON") == true, "\(error)")
        }
        XCTAssertThrowsError(try entries("{\"metadata\": {}}")) { error in
            XCTAssertEqual((error as? ImportError)?.message, "no 'entries' list; is this a Day One JSON export?")
        }
    }

    func testJournalsAreTheJSONFilesNearestTheTopOutsidePhotos() {
        XCTAssertEqual(DayOneExport.journalFiles(in: ["Journal.json", "Travel.json", "photos/x.json", "photos/a.jpeg"]),
                       ["Journal.json", "Travel.json"])
        XCTAssertEqual(DayOneExport.journalFiles(in: ["Export/Journal.json", "Export/photos/a.jpeg", "__MACOSX/Export/._Journal.json"]),
                       ["Export/Journal.json"])
    }
}
