import DaybookTestSupport
import DiaryCommands
import DiaryCorpus
import DiaryModel
import DiaryReader
import Foundation
import XCTest

/// The `daybook` executable as a person runs it: exit statuses, streams and `-C`.
final class CommandLineTests: XCTestCase {
    func testInitNewAndCheckWorkFromAnotherFolder() throws {
        let root = temporaryFolder(self).appendingPathComponent("my diary")
        let created = try runDaybook(["init", root.path])
        XCTAssertEqual(created.status, 0, created.standardError)

        let new = try runDaybook(["new", "-C", root.path, "--emotion", "calm", "--date", "2025-10-20 21:00", "--tag", "night", "A", "quiet", "evening"])
        XCTAssertEqual(new.status, 0, new.standardError)
        XCTAssertEqual(new.standardOutput, "Content/2025/10/20/2100-a-quiet-evening.md\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Content/2025/10/20/2100-a-quiet-evening.md").path))

        let check = try runDaybook(["check", "-C", root.path, "--strict"])
        XCTAssertEqual(check.status, 0, check.standardError)
        XCTAssertEqual(check.standardOutput, "2 entries, 2 days, 2 emotions: 0 errors, 0 warnings\n")
        XCTAssertEqual(check.standardError, "")
    }

    func testInitTakesALocaleAndWithoutATerminalDefaultsToEnglish() throws {
        let korean = temporaryFolder(self).appendingPathComponent("korean")
        let run = try runDaybook(["init", "--locale", "ko_KR", korean.path])
        XCTAssertEqual(run.status, 0, run.standardError)
        let config = try String(contentsOf: korean.appendingPathComponent("daybook.yml"), encoding: .utf8)
        XCTAssertTrue(config.contains("locale: ko_KR\n") && config.contains("label: 행복\n") && config.contains("label: 설렘\n"), config)

        let english = temporaryFolder(self).appendingPathComponent("english")
        XCTAssertEqual(try runDaybook(["init", english.path]).status, 0)
        let defaults = try String(contentsOf: english.appendingPathComponent("daybook.yml"), encoding: .utf8)
        XCTAssertTrue(defaults.contains("locale: en_US\n") && defaults.contains("label: Happy\n"), defaults)

        let asked = temporaryFolder(self).appendingPathComponent("asked")
        let terminal = try runDaybookOnTerminal(["init", asked.path], typing: "2\n", environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(terminal.status, 0, terminal.screen)
        XCTAssertTrue(terminal.screen.contains("한국어 (ko_KR)"), terminal.screen)
        XCTAssertTrue(try String(contentsOf: asked.appendingPathComponent("daybook.yml"), encoding: .utf8).contains("locale: ko_KR\n"))

        let wrong = try runDaybook(["init", "--locale", "Korean!", temporaryFolder(self).path])
        XCTAssertEqual(wrong.status, 2, wrong.standardError)
    }

    func testAMissingDashCFolderIsNamedAsSuch() throws {
        let missing = temporaryFolder(self).appendingPathComponent("nope").path
        for arguments in [["build", "-C", missing], ["-C", missing, "check"], ["new", "--emotion", "calm", "-C", missing]] {
            let run = try runDaybook(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.standardError.contains("the folder given to -C does not exist: \(missing)"), run.standardError)
            XCTAssertFalse(run.standardError.contains("cannot read the Content/ folder"), run.standardError)
        }
    }

    func testNewOutsideADiaryRefusesAndSaysHowToStartOne() throws {
        let folder = temporaryFolder(self)
        let run = try runDaybook(["new", "--emotion", "calm", "-C", folder.path, "Lost"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.standardError.contains("daybook init") && run.standardError.contains("-C DIR"), run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Content").path))
    }

    func testCheckPrintsDiagnosticsToStandardErrorAndExitsOne() throws {
        let root = temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try Data("---\ndate: 2025-02-30\nemotion: hapy\n---\n".utf8).write(to: root.appendingPathComponent("Content/bad.md"))
        let check = try runDaybook(["check", "-C", root.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.standardError, """
            Content/bad.md:2:7: error: the date '2025-02-30' does not exist: February 2025 has 28 days
            Content/bad.md:3:10: warning: unknown emotion 'hapy'; did you mean 'happy'? (known: happy, sad, angry, anxious, calm, grateful, tired, excited)

            """)
        XCTAssertEqual(check.standardOutput, "0 entries, 0 days, 0 emotions: 1 error, 1 warning\n")
    }

    func testAnImageAtAnotherHostIsAWarningAtItsLineAndColumnInBuildAndCheck() throws {
        let root = temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try Data("---\ndate: 2025-02-03\nemotion: calm\n---\nA walk.\n\n  ![the harbour](https://example.org/harbour.jpg)\n".utf8)
            .write(to: root.appendingPathComponent("Content/a.md"))
        let warning = "Content/a.md:7:18: warning: the image 'https://example.org/harbour.jpg' is at another host, "
            + "which would learn who reads the diary; the site's policy keeps browsers from loading it: save it under Content/ and name its path\n"
        let check = try runDaybook(["check", "-C", root.path])
        XCTAssertEqual(check.status, 0, check.standardError)
        XCTAssertEqual(check.standardError, warning)
        let build = try runDaybook(["build", "-C", root.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        XCTAssertTrue(build.standardError.hasPrefix(warning), build.standardError)
        let again = try runDaybook(["build", "-C", root.path])
        XCTAssertTrue(again.standardError.hasPrefix(warning), "reported by every build, not only the one that parsed it: \(again.standardError)")
        let strict = try runDaybook(["build", "-C", root.path, "--strict"])
        XCTAssertEqual(strict.status, 1, strict.standardError)
        XCTAssertTrue(strict.standardError.hasPrefix(warning.replacingOccurrences(of: "warning:", with: "error:")), strict.standardError)
    }

    func testAWarningFailsOnlyUnderStrict() throws {
        let root = temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try Data("---\ndate: 2025-02-03\nemotion: nostalgic\n---\n".utf8).write(to: root.appendingPathComponent("Content/a.md"))
        XCTAssertEqual(try runDaybook(["check", "-C", root.path]).status, 0)
        let strict = try runDaybook(["check", "-C", root.path, "--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.standardError.hasPrefix("Content/a.md:3:10: error: unknown emotion 'nostalgic'"), strict.standardError)
    }

    func testUsageErrorsExitTwo() throws {
        let root = emptyDiary(self)
        XCTAssertEqual(try runDaybook(["check", "--no-such-flag"]).status, 2)
        XCTAssertEqual(try runDaybook(["frobnicate"]).status, 2)
        let badEmotion = try runDaybook(["new", "-C", root.path, "--emotion", "hapy"])
        XCTAssertEqual(badEmotion.status, 2)
        XCTAssertTrue(badEmotion.standardError.contains("did you mean 'happy'?"), badEmotion.standardError)
        XCTAssertEqual(try runDaybook(["new", "-C", root.path, "--date", "2025-13-01"]).status, 2)
    }

    func testEveryCommandHasHelp() throws {
        for command in [[], ["init"], ["new"], ["check"], ["import"], ["import", "dayone"], ["import", "daylio"]] {
            let help = try runDaybook(command + ["--help"])
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.standardOutput.contains("USAGE:"), help.standardOutput)
        }
        XCTAssertTrue(try runDaybook(["new", "--help"]).standardOutput.contains("-C <dir>"))
    }

    /// `build` is parsed by itself first (`Daybook.parseBuildAlone`): what it does not take is parsed
    /// as part of the whole command, with the same help and messages as every other command.
    func testTheBuildCommandsHelpAndMistakesNameItAsPartOfDaybook() throws {
        for flag in ["--help", "-h"] {
            let help = try runDaybook(["build", flag])
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.standardOutput.contains("USAGE: daybook build [-C <dir>] [--output <dir>]"), help.standardOutput)
        }
        let unknown = try runDaybook(["build", "--no-such-flag"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.standardError.hasPrefix("Error: Unknown option '--no-such-flag'\nUsage: daybook build "), unknown.standardError)
        let both = try runDaybook(["build", "-q", "-v"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.standardError.contains("Usage: daybook build "), both.standardError)
        let version = try runDaybook(["build", "--version"])
        XCTAssertEqual([version.status], [0])
        XCTAssertEqual(version.standardOutput, try runDaybook(["--version"]).standardOutput)
    }

    func testDashCWorksBeforeAndAfterTheCommand() throws {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        // -C names a folder that exists, as `git -C` and `make -C` do; `init DIR` makes a new one.
        let missing = try runDaybook(["-C", root.path, "init"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.standardError.contains("the folder given to -C does not exist: \(root.path) (to start a diary there: daybook init \(root.path))"),
                      missing.standardError)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        XCTAssertEqual(try runDaybook(["-C", root.path, "init"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("daybook.yml").path))
        let before = try runDaybook(["-C", root.path, "new", "--emotion", "calm", "--date", "2025-10-20 21:00", "Before"])
        let after = try runDaybook(["new", "--emotion", "calm", "--date", "2025-10-20 21:00", "After", "-C", root.path])
        XCTAssertEqual([before.standardOutput, after.standardOutput],
                       ["Content/2025/10/20/2100-before.md\n", "Content/2025/10/20/2100-after.md\n"])
        for arguments in [["-C", root.path, "check"], ["check", "-C", root.path]] {
            let check = try runDaybook(arguments)
            XCTAssertEqual(check.status, 0, check.standardError)
            XCTAssertTrue(check.standardOutput.hasPrefix("3 entries, "), check.standardOutput)
        }
        let build = try runDaybook(["-C", root.path, "build", "-q"])
        XCTAssertEqual(build.status, 0, build.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/index.html").path))
        let search = try runDaybook(["-C", root.path, "search", "before"])
        XCTAssertTrue(search.standardOutput.contains("Content/2025/10/20/2100-before.md"), search.standardOutput)
    }

    /// libcrypto and libvips are opened on first use: a build of words alone neither needs nor opens
    /// them, and a build with a picture has both (the dynamic loader says which libraries it loads,
    /// and for whom). A debug build links libcurl, which brings libcrypto in for itself.
    func testLibcryptoAndLibvipsAreOpenedOnlyByABuildThatHasPictures() throws {
        let root = temporaryFolder(self)
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ndate: 2025-10-20 09:30\nemotion: calm\n---\nWords alone.\n".utf8).write(to: content.appendingPathComponent("words.md"))
        // The loader's report goes to its own file (LD_DEBUG_OUTPUT, suffixed with the process number):
        // libvips and the libraries it needs make more of it than a pipe holds.
        let reports = root.appendingPathComponent("loader")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files,libs"
        /// The loader's report of one build: what it started, and what it loaded for daybook itself.
        func build() throws -> (started: [Substring], forDaybook: [Substring]) {
            environment["LD_DEBUG_OUTPUT"] = reports.appendingPathComponent(UUID().uuidString).path
            let run = try runDaybook(["build", "-q", "-C", root.path], environment: environment)
            XCTAssertEqual(run.status, 0, run.standardError)
            let prefix = URL(fileURLWithPath: environment["LD_DEBUG_OUTPUT"]!).lastPathComponent
            let lines = try FileManager.default.contentsOfDirectory(atPath: reports.path).filter { $0.hasPrefix(prefix) }
                .map { try String(contentsOf: reports.appendingPathComponent($0), encoding: .utf8) }.joined().split(separator: "\n")
            let executable = try daybookExecutable().path
            return (lines.filter { $0.contains("calling init:") }, lines.filter { $0.contains("by \(executable) ") })
        }
        let words = try build()
        XCTAssertFalse(words.started.isEmpty, "the loader reports the libraries it starts")
        XCTAssertFalse(words.forDaybook.contains { $0.contains("file=libcrypto.so") }, "daybook neither needs libcrypto to start nor opens it")
        XCTAssertFalse(words.started.contains { $0.contains("/libvips.so") }, "no picture: libvips stays closed")

        try SolidPNG.make(width: 64, height: 48, red: 200, green: 90, blue: 120).write(to: content.appendingPathComponent("walk.png"))
        try Data("---\ndate: 2025-10-21 09:30\nemotion: calm\nimages:\n  - walk.png\n---\nA walk.\n".utf8)
            .write(to: content.appendingPathComponent("walk.md"))
        let pictures = try build()
        XCTAssertTrue(pictures.started.contains { $0.contains("/libcrypto.so") }, "the picture's cache key is its SHA-256")
        XCTAssertTrue(pictures.started.contains { $0.contains("/libvips.so") })
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/images").path))
    }

    func testAVerboseBuildSaysHowManyPicturesItDecodedAndHowManyCameFromTheCache() throws {
        let root = temporaryFolder(self)
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        func entry(_ name: String, picture: String, red: UInt8) throws {
            try SolidPNG.make(width: 64, height: 48, red: red, green: 90, blue: 120).write(to: content.appendingPathComponent(picture))
            try Data("---\ndate: 2025-10-20 09:30\nemotion: calm\nimages:\n  - \(picture)\n---\nA walk.\n".utf8)
                .write(to: content.appendingPathComponent(name))
        }
        func picturesLine(_ run: CommandRun) -> String? {
            run.standardError.split(separator: "\n").first { $0.hasPrefix("Pictures: ") }.map(String.init)
        }
        try entry("first.md", picture: "first.png", red: 200)
        let first = try runDaybook(["build", "-v", "-C", root.path])
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(picturesLine(first), "Pictures: 1 decoded, 0 from the cache")

        try entry("second.md", picture: "second.png", red: 20)
        let second = try runDaybook(["build", "-v", "-C", root.path])
        XCTAssertEqual(second.status, 0, second.standardError)
        XCTAssertEqual(picturesLine(second), "Pictures: 1 decoded, 1 from the cache")

        // Nothing changed: the build stops before the pictures, and says nothing of them.
        let unchanged = try runDaybook(["build", "-v", "-C", root.path])
        XCTAssertEqual(unchanged.status, 0, unchanged.standardError)
        XCTAssertNil(picturesLine(unchanged), unchanged.standardError)
    }

    #if os(Linux)
    /// libvips and the libraries it needs take longer to load than a no-op build takes, so `daybook`
    /// opens libvips only to decode a picture. glibc's loader names each library it opens in a log
    /// (LD_DEBUG, one file a process).
    func testLibvipsIsOpenedOnlyWhenAPictureMustBeDecoded() throws {
        let root = temporaryFolder(self)
        let content = root.appendingPathComponent("Content")
        let logs = root.appendingPathComponent("loader-logs")
        for folder in [content, logs] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try SolidPNG.make(width: 64, height: 48, red: 200, green: 90, blue: 120).write(to: content.appendingPathComponent("walk.png"))
        func entry(_ text: String) throws {
            try Data("---\ndate: 2025-10-20 09:30\nemotion: calm\nimages:\n  - walk.png\n---\n\(text)\n".utf8)
                .write(to: content.appendingPathComponent("walk.md"))
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        environment["LD_DEBUG_OUTPUT"] = logs.appendingPathComponent("run").path
        func run(_ arguments: [String]) throws -> (opensLibvips: Bool, pictures: String?) {
            let run = try runDaybook(arguments, environment: environment)
            XCTAssertEqual(run.status, 0, run.standardError)
            let log = try FileManager.default.contentsOfDirectory(at: logs, includingPropertiesForKeys: nil)
                .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
            XCTAssertTrue(log.contains("file=libc.so"), "the loader wrote no log")
            for file in try FileManager.default.contentsOfDirectory(at: logs, includingPropertiesForKeys: nil) {
                try FileManager.default.removeItem(at: file)
            }
            let pictures = run.standardError.split(separator: "\n").first { $0.hasPrefix("Pictures: ") }.map(String.init)
            return (log.contains("file=libvips"), pictures)
        }

        XCTAssertFalse(try run(["--version"]).opensLibvips)
        try entry("A walk.")
        let first = try run(["build", "-v", "-C", root.path])
        XCTAssertEqual(first.pictures, "Pictures: 1 decoded, 0 from the cache")
        XCTAssertTrue(first.opensLibvips)
        try entry("A long walk.")
        let second = try run(["build", "-v", "-C", root.path])
        XCTAssertEqual(second.pictures, "Pictures: 0 decoded, 1 from the cache")
        XCTAssertFalse(second.opensLibvips)
    }
    #endif

    func testVerboseBuildTimesEveryStepOnTheClockAndOnTheProcessors() throws {
        let root = temporaryFolder(self)
        let folder = root.appendingPathComponent("Content/2025/10/20")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "---\ndate: 2025-10-20 09:30\nemotion: calm\n---\n\nA walk by the river.\n"
            .write(to: folder.appendingPathComponent("0930-walk.md"), atomically: true, encoding: .utf8)
        let build = try runDaybook(["build", "-v", "-C", root.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        let stepLines = build.standardError.split(separator: "\n").filter { $0.contains("] ") && $0.hasSuffix("s CPU)") }
        let numbers = stepLines.compactMap { line -> Int? in
            guard let open = line.firstIndex(of: "["), let slash = line.firstIndex(of: "/") else { return nil }
            return Int(line[line.index(after: open)..<slash])
        }
        XCTAssertEqual(numbers, Array(1...10), build.standardError)
        // `  0.012s  [7/10] Render 1 of 7 pages (0.020s CPU)`: the wall time first, the processor time last.
        for line in stepLines {
            let words = line.split(separator: " ")
            XCTAssertNotNil(Double(words.first!.dropLast()), String(line))
            XCTAssertNotNil(Double(words[words.count - 2].dropFirst().dropLast()), String(line))
        }
    }

    func testVersionIsPrinted() throws {
        let version = try runDaybook(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(Self.isVersionLine(version.standardOutput, prefix: ""), version.standardOutput)
    }

    /// `0.2.0 (commit 1b1abf3c2d4e)`, the commit as the make-built binary records it, or that the
    /// binary was built without make (the debug build beside the tests).
    private static func isVersionLine(_ text: String, prefix: String) -> Bool {
        let pattern = "^" + NSRegularExpression.escapedPattern(for: prefix + DaybookVersion.number)
            + #" \(commit ([0-9a-f]{7,}(-dirty)?|not recorded: built without make)\)\n?$"#
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    func testVersionVerboseNamesEachLibraryItsReleaseAndItsFile() throws {
        let run = try runDaybook(["--version", "--verbose"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertTrue(Self.isVersionLine(lines.first ?? "", prefix: "daybook "), run.standardOutput)
        for (name, soname) in [("cmark-gfm", "libcmark-gfm.so."), ("libvips", "libvips.so.42"), ("libcrypto", "libcrypto.so.3")] {
            let line = try XCTUnwrap(lines.first { $0.hasPrefix(name + " ") }, run.standardOutput)
            XCTAssertTrue(line.contains("(built with "), line)
            let path = try XCTUnwrap(line.components(separatedBy: "): ").last)
            XCTAssertTrue(path.hasPrefix("/") && path.contains(soname) && FileManager.default.fileExists(atPath: path), line)
        }
        XCTAssertEqual(lines.last, "Everything daybook uses was found.")
        XCTAssertEqual(try runDaybook(["-v", "--version"]).standardOutput, run.standardOutput)
    }

    func testVersionVerboseNamesThePackagesOfWhatIsMissing() {
        let missing = LibraryStatus(name: "libvips", soname: "libvips.so.42", builtVersion: "8.14.1", loadedVersion: nil, path: nil,
                                    failure: "libvips.so.42: cannot open shared object file: No such file or directory",
                                    debianPackage: "libvips42", neededFor: "pictures")
        let report = DaybookVersion.verbose(libraries: [.cmarkGFM(), missing])
        XCTAssertTrue(report.contains("""
            libvips missing (built with 8.14.1, soname libvips.so.42): libvips.so.42: cannot open shared object file: No such file or directory
              pictures need it: sudo apt install libvips42 (Debian, Ubuntu)
            """), report)
        XCTAssertTrue(report.hasSuffix("Missing for pictures: sudo apt install libvips42"), report)
    }

    func testNewWithoutATerminalNeedsAnEmotionAndOpensNoEditor() throws {
        let root = emptyDiary(self)
        let editorRan = root.appendingPathComponent("editor-ran")
        var environment = ProcessInfo.processInfo.environment
        environment["EDITOR"] = "touch '\(editorRan.path)'; true"
        let refused = try runDaybook(["new", "-C", root.path, "Forgotten"], environment: environment)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.standardError.contains("no emotion given: pass --emotion"), refused.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Content").path))

        let written = try runDaybook(["new", "-C", root.path, "--emotion", "sad", "Remembered"], environment: environment)
        XCTAssertEqual(written.status, 0, written.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: editorRan.path))
    }

    func testNewOnATerminalAsksForTheEmotionAndOpensTheEditor() throws {
        let root = emptyDiary(self)
        let editor = root.appendingPathComponent("editor.sh")
        try Data("#!/bin/sh\nprintf 'Typed in the editor.\\n' >> \"$1\"\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        var environment = ProcessInfo.processInfo.environment
        environment["VISUAL"] = nil
        environment["EDITOR"] = editor.path
        let run = try runDaybookOnTerminal(["new", "-C", root.path, "--date", "2025-10-20 21:00", "On a terminal"],
                                           typing: "nope\ncalm\n", environment: environment)
        XCTAssertEqual(run.status, 0, run.screen)
        XCTAssertTrue(run.screen.contains("How did it feel?"), run.screen)
        XCTAssertTrue(run.screen.contains("unknown emotion 'nope'"), run.screen)
        XCTAssertTrue(run.screen.hasSuffix("Content/2025/10/20/2100-on-a-terminal.md\n"), run.screen)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Content/2025/10/20/2100-on-a-terminal.md"), encoding: .utf8),
                       "---\ntitle: \"On a terminal\"\ndate: 2025-10-20 21:00\nemotion: calm\n---\n\nTyped in the editor.\n")

        let unedited = try runDaybookOnTerminal(["new", "-C", root.path, "--emotion", "sad", "--no-edit", "--date", "2025-10-20 21:00"],
                                                typing: "", environment: environment)
        XCTAssertEqual(unedited.status, 0, unedited.screen)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Content/2025/10/20/2100.md"), encoding: .utf8),
                       "---\ndate: 2025-10-20 21:00\nemotion: sad\n---\n\n")
    }

    /// Each importer from the command line: the report, then `check` clean and `build`.
    func testEachImportRunsEndToEnd() throws {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        XCTAssertEqual(try runDaybook(["init", root.path]).status, 0)
        let imports: [(arguments: [String], summary: String)] = [
            (["-C", root.path, "import", "dayone", Samples.folder.appendingPathComponent("dayone").path, "--emotion", "tired"],
             "Imported 3 entries with 3 pictures\n"),
            (["import", "jrnl", Samples.folder.appendingPathComponent("jrnl/journal.json").path, "--emotion", "excited", "-C", root.path],
             "Imported 3 entries\n"),
            (["import", "daylio", "-C", root.path, "--map", "average=tired", Samples.folder.appendingPathComponent("daylio/daylio_export.csv").path],
             "Imported 5 entries\n"),
        ]
        for (arguments, summary) in imports {
            let run = try runDaybook(arguments)
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertEqual(run.standardOutput, summary)
            XCTAssertTrue(run.standardError.hasPrefix("imported "), run.standardError)
        }
        let again = try runDaybook(["-C", root.path, "import", "daylio", Samples.folder.appendingPathComponent("daylio/daylio_export.csv").path])
        XCTAssertEqual(again.status, 0, again.standardError)
        XCTAssertEqual(again.standardOutput, "Imported 0 entries; skipped 5 already imported\n")

        let check = try runDaybook(["-C", root.path, "check", "--strict"])
        XCTAssertEqual(check.status, 0, check.standardError)
        XCTAssertEqual(check.standardOutput, "12 entries, 10 days, 5 emotions: 0 errors, 0 warnings\n")
        let build = try runDaybook(["-C", root.path, "build"])
        XCTAssertEqual(build.status, 0, build.standardError)
        XCTAssertTrue(build.standardOutput.hasPrefix("Built 12 entries into "), build.standardOutput)
    }

    func testAnImportThatLeavesEntriesOutExitsOneAndAnUnreadableExportWritesNothing() throws {
        let root = emptyDiary(self)
        let csv = Samples.folder.appendingPathComponent("daylio/daylio_export.csv").path
        let partial = try runDaybook(["import", "daylio", csv, "-C", root.path, "--dry-run"])
        XCTAssertEqual(partial.status, 1)
        XCTAssertTrue(partial.standardError.contains("skipped 2025-05-30 08:02 (line 4): its mood 'average' names no emotion of the diary, nor does any of its activities; add --map 'average=<emotion>' or pass --emotion"),
                      partial.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Content").path))

        try Data("full_date,time,mood\n2025-05-31,7:00 pm,rad\n2025-13-01,8:00 pm,rad\n".utf8).write(to: root.appendingPathComponent("broken.csv"))
        let broken = try runDaybook(["import", "daylio", "broken.csv", "-C", root.path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.standardError, "broken.csv:3:1: error: cannot read the date '2025-13-01'; Daylio writes it as 2025-10-20\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Content").path))

        let badMap = try runDaybook(["import", "daylio", csv, "-C", root.path, "--map", "rad=jolly"])
        XCTAssertEqual(badMap.status, 2)
    }
}
