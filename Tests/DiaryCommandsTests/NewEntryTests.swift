import DaybookTestSupport
@testable import DiaryCommands
import DiaryModel
import Foundation
import XCTest

/// What `daybook new` does on a terminal: ask for the emotion, open the editor.
final class NewEntryTests: XCTestCase {
    private func ask(_ answers: [String], emotions: [Emotion] = Emotion.defaults) throws -> (id: String, shown: String) {
        var remaining = answers[...]
        var shown = ""
        let prompt = EmotionPrompt(emotions: emotions, readLine: { remaining.popFirst() }, write: { shown += $0 })
        return (try prompt.ask(), shown)
    }

    func testThePromptTakesANumberOrAnyNameOfAnEmotion() throws {
        XCTAssertEqual(try ask(["5"]).id, "calm")
        XCTAssertEqual(try ask(["  Thankful "]).id, "grateful")
        var korean = Emotion.defaults[0]
        korean.label = "행복"
        korean.aliases = ["기쁨"]
        XCTAssertEqual(try ask(["기쁨"], emotions: [korean]).id, "happy")
    }

    func testThePromptListsTheEmotionsAndAsksAgainAfterAnUnknownAnswer() throws {
        let (id, shown) = try ask(["", "9", "hapy", "2"])
        XCTAssertEqual(id, "sad")
        XCTAssertTrue(shown.hasPrefix("How did it feel?\n  1  😊 happy (Happy)\n  2  😢 sad (Sad)\n"), shown)
        XCTAssertTrue(shown.contains("unknown emotion '9'\n"), shown)
        XCTAssertTrue(shown.contains("unknown emotion 'hapy'; did you mean 'happy'?\n"), shown)
        XCTAssertEqual(shown.components(separatedBy: "Emotion (1-8 or a name): ").count - 1, 4)
    }

    func testThePromptGivesUpAtTheEndOfInput() {
        XCTAssertThrowsError(try ask([])) { error in
            XCTAssertEqual((error as? CommandError)?.isUsage, true)
        }
    }

    /// A fake editor: a script that appends a line to the file it is given last and records its arguments.
    private func fakeEditor(exitStatus: Int = 0) throws -> (script: URL, log: URL) {
        let folder = temporaryFolder(self)
        let script = folder.appendingPathComponent("fake editor.sh")
        let log = folder.appendingPathComponent("arguments.log")
        try Data("""
            #!/bin/sh
            printf '%s\\n' "$@" > '\(log.path)'
            for file; do :; done
            printf 'Written in the editor.\\n' >> "$file"
            exit \(exitStatus)

            """.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (script, log)
    }

    func testTheEditorFromTheEnvironmentEditsTheNewFile() throws {
        let (script, log) = try fakeEditor()
        let root = emptyDiary(self)
        let path = try EntryFileWriter(root: root).create(.init(title: "Edited", emotion: "calm", date: "2025-10-20 21:00"))
        let entry = root.appendingPathComponent(path)
        // EDITOR may carry arguments, as `code --wait` does; VISUAL wins over EDITOR.
        let editor = EntryEditor(environment: ["VISUAL": "'\(script.path)' --wait", "EDITOR": "false"])
        try editor.open(entry)
        XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), "--wait\n\(entry.path)\n")
        XCTAssertTrue(try String(contentsOf: entry, encoding: .utf8).hasSuffix("---\n\nWritten in the editor.\n"))
        XCTAssertEqual(DiaryCheck.run(root: root, strict: true).diagnostics, [])
    }

    func testAnEditorThatFailsIsReportedAndTheEntryKept() throws {
        let (script, _) = try fakeEditor(exitStatus: 3)
        let root = emptyDiary(self)
        let path = try EntryFileWriter(root: root).create(.init(emotion: "calm", date: "2025-10-20 21:00"))
        XCTAssertThrowsError(try EntryEditor(environment: ["EDITOR": "'\(script.path)'"]).open(root.appendingPathComponent(path))) { error in
            XCTAssertTrue((error as? CommandError)?.message.contains("exited with status 3") == true, "\(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path))
    }

    func testNoEditorVariableMeansNoEditor() {
        XCTAssertNil(EntryEditor(environment: ["EDITOR": "  ", "PATH": "/bin"]).command)
    }
}
