import DaybookTestSupport
@testable import DiaryCommands
import Foundation
import XCTest

/// A shell's TAB offers the diary's own names: its deploy targets after `daybook deploy`, its
/// emotions after `--emotion`, from the daybook.yml of the diary `-C` names.
final class ShellCompletionTests: XCTestCase {
    private let config = """
        title: Completion
        emotions:
          - id: joyful
            label: Joy
          - id: gloomy
            label: Gloom
        deploy:
          - name: garden-pages
            to: dir
            url: ../site
            public: true
          - name: usb-backup
            to: dir
            url: ../backup
            public: true

        """

    /// A diary with two emotions and two deploy targets, and a folder that is not a diary to start shells in.
    private func diary() throws -> (root: URL, elsewhere: URL) {
        let folder = temporaryFolder(self)
        let root = folder.appendingPathComponent("my diary")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        for made in [root.appendingPathComponent("Content"), elsewhere] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        try config.write(to: root.appendingPathComponent("daybook.yml"), atomically: true, encoding: .utf8)
        return (root, elsewhere)
    }

    // MARK: - The names

    func testTheNamesComeFromTheDiaryTheCommandLineNames() throws {
        let (root, elsewhere) = try diary()
        let quoted = "'\(root.path)'"
        let escaped = root.path.replacingOccurrences(of: " ", with: "\\ ")
        for folder in [quoted, escaped, "\"\(root.path)\"", "../my diary"] {
            XCTAssertEqual(ShellCompletion.deployTargetNames(commandLine: ["daybook", "deploy", "-C", folder, ""], prefix: "",
                                                             currentFolder: elsewhere),
                           ["garden-pages", "usb-backup"], folder)
        }
        XCTAssertEqual(ShellCompletion.emotionIDs(commandLine: ["daybook", "-C", quoted, "search", "--emotion", "g"], prefix: "g",
                                                  currentFolder: elsewhere), ["gloomy"])
        XCTAssertEqual(ShellCompletion.emotionIDs(commandLine: ["daybook", "new", "--emotion", ""], prefix: "", currentFolder: root),
                       ["joyful", "gloomy"], "without -C: the current folder's diary")
        XCTAssertEqual(ShellCompletion.emotionIDs(commandLine: ["daybook", "new", "--emotion", ""], prefix: "", currentFolder: elsewhere),
                       ["happy", "sad", "angry", "anxious", "calm", "grateful", "tired", "excited"], "no daybook.yml: the default emotions")
        XCTAssertEqual(ShellCompletion.deployTargetNames(commandLine: ["daybook", "deploy", ""], prefix: "", currentFolder: elsewhere), [])
    }

    func testTheCompletionCallbackPrintsTheNames() throws {
        let (root, _) = try diary()
        let targets = try runDaybook(["---completion", "deploy", "--", "positional@0", "4", "0", "daybook", "-C", root.path, "deploy", ""])
        XCTAssertEqual(targets.status, 0, targets.standardError)
        XCTAssertEqual(targets.standardOutput, "garden-pages\nusb-backup\n")
        let emotions = try runDaybook(["---completion", "search", "--", "--emotion", "5", "1",
                                       "daybook", "search", "-C", root.path, "--emotion", "j"])
        XCTAssertEqual(emotions.standardOutput, "joyful\n")
    }

    // MARK: - Each shell's script, run for real

    func testBashOffersTheTargetsAndEmotions() throws {
        let shown = try typeInShell("bash", ["--norc", "--noprofile", "-i"], setUp: "source %SCRIPT%",
                                    typing: "daybook -C %DIARY% deploy \t\t", expecting: ["garden-pages", "usb-backup"])
        XCTAssertNotNil(shown)
        XCTAssertNotNil(try typeInShell("bash", ["--norc", "--noprofile", "-i"], setUp: "source %SCRIPT%",
                                        typing: "daybook search -C %DIARY% --emotion \t\t", expecting: ["joyful", "gloomy"]))
    }

    func testZshOffersTheTargetsAndEmotions() throws {
        let setUp = "autoload -Uz compinit && compinit -u -D && source %SCRIPT%"
        XCTAssertNotNil(try typeInShell("zsh", ["-f", "-i"], setUp: setUp,
                                        typing: "daybook -C %DIARY% deploy \t", expecting: ["garden-pages", "usb-backup"]))
        XCTAssertNotNil(try typeInShell("zsh", ["-f", "-i"], setUp: setUp,
                                        typing: "daybook new -C %DIARY% --emotion \t", expecting: ["joyful", "gloomy"]))
    }

    func testFishOffersTheTargetsAndEmotions() throws {
        XCTAssertNotNil(try typeInShell("fish", ["--no-config", "-i"], setUp: "source %SCRIPT%",
                                        typing: "daybook deploy -C %DIARY% \t", expecting: ["garden-pages", "usb-backup"]))
        XCTAssertNotNil(try typeInShell("fish", ["--no-config", "-i"], setUp: "source %SCRIPT%",
                                        typing: "daybook import jrnl -C %DIARY% --emotion \t", expecting: ["joyful", "gloomy"]))
    }

    /// Starts `shell` on a pseudo-terminal in a folder that is not the diary, with the daybook just
    /// built first on its PATH, loads the completion script `daybook --generate-completion-script`
    /// writes for it (`setUp`, `%SCRIPT%` standing for its file), types `typing` (`%DIARY%` standing
    /// for the diary's folder, quoted) and returns the screen once it shows every name of
    /// `expecting` after the typed line; fails naming what it showed otherwise.
    private func typeInShell(_ shell: String, _ arguments: [String], setUp: String, typing: String, expecting names: [String],
                             file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        try Requirement.tool(shell, at: "/usr/bin/\(shell)", install: "Debian's \(shell)")
        let (root, elsewhere) = try diary()
        let script = elsewhere.appendingPathComponent("daybook.\(shell)")
        let generated = try runDaybook(["--generate-completion-script", shell])
        XCTAssertEqual(generated.status, 0, generated.standardError, file: file, line: line)
        try generated.standardOutput.write(to: script, atomically: true, encoding: .utf8)

        let home = temporaryFolder(self)
        var environment = ["HOME": home.path, "TERM": "xterm", "LANG": "C.UTF-8",
                           "PATH": try daybookExecutable().deletingLastPathComponent().path + ":/usr/bin:/bin",
                           "XDG_CONFIG_HOME": home.path, "XDG_DATA_HOME": home.path]
        environment["PS1"] = "$ "
        let session = try TerminalSession(executable: URL(fileURLWithPath: "/usr/bin/\(shell)"), arguments,
                                          environment: environment, in: elsewhere)
        defer {
            session.process.terminate()
            session.close()
        }
        let typed = typing.replacingOccurrences(of: "%DIARY%", with: "'\(root.path)'")
        session.type(setUp.replacingOccurrences(of: "%SCRIPT%", with: script.path) + "\n")
        session.type(typed)
        // The names are nowhere in what was typed (the folders' names are not theirs), so a screen
        // that shows them shows the shell's offer.
        let shown = session.waitForScreen { screen in names.allSatisfy(screen.contains) }
        if shown == nil { XCTFail("\(shell) did not offer \(names) for '\(typed)'", file: file, line: line) }
        return shown
    }
}
