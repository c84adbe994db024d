import DaybookTestSupport
@testable import DiaryImport
import DiaryModel
import DiaryReader
import Foundation
import XCTest
import ZIPFoundation

/// The sample exports in `Samples/`, written from each app's documented export format.
enum Samples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples")
    static let dayOne = folder.appendingPathComponent("dayone")
    static let jrnl = folder.appendingPathComponent("jrnl/journal.json")
    static let daylio = folder.appendingPathComponent("daylio/daylio_export.csv")
}

/// A diary in a fresh temporary folder, removed when the test ends, with Korean labels and
/// aliases as SPEC §1 shows them.
struct TemporaryDiary {
    static let config = """
        timezone: Asia/Seoul
        emotions:
          - id: happy
            label: 행복
            aliases: [joy, 기쁨]
          - sad
          - calm
          - excited
          - tired

        """

    let root: URL

    init(_ test: XCTestCase, config: String? = TemporaryDiary.config) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let root = self.root
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        if let config { try write(config, to: "daybook.yml") }
    }

    var diaryConfig: DiaryConfig {
        ConfigLoader.load((try? String(contentsOf: root.appendingPathComponent("daybook.yml"), encoding: .utf8)) ?? "").config
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file under the root with its bytes: compared before and after to prove nothing changed.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let base = root.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: base + "/" + path)
            }
        }
        return files
    }

    func run(_ format: DiaryImporter.Format, _ url: URL, emotion: String? = nil, map: String? = nil,
             dryRun: Bool = false) throws -> ImportReport {
        try DiaryImporter(root: root, config: diaryConfig)
            .run(format, from: url, displayName: url.lastPathComponent, options: .init(emotion: emotion, moodMap: map, dryRun: dryRun))
    }

    /// Reads the diary as `daybook check` does; the diagnostics must be empty for a clean import.
    func read() -> DiaryReadResult {
        DiaryReader(root: root).read(.init(includeDrafts: true, strict: true))
    }
}

/// A zip of `folder`'s contents (not the folder itself), as Day One's export is.
func zipped(_ folder: URL, in test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dayone-\(UUID().uuidString).zip")
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    try FileManager.default.zipItem(at: folder, to: url, shouldKeepParent: false, compressionMethod: .deflate)
    return url
}

/// A copy of the sample Day One folder that a test may change.
func copyOfDayOneSample(in test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dayone-\(UUID().uuidString)")
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    try FileManager.default.copyItem(at: Samples.dayOne, to: url)
    return url
}

extension LocalDateTime {
    /// `2025-10-20 09:30` (and `:SS`) in tests.
    init(_ text: String) {
        guard case .success(let date) = EntryDate.parse(text) else { fatalError("bad test date \(text)") }
        self = date.wallClock
    }
}
