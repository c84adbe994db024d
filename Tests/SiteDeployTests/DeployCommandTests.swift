import DaybookTestSupport
import Foundation
import SiteDeploy
import XCTest

/// `daybook deploy` as a person runs it: exit statuses, and the words it prints when it refuses,
/// when a library is missing and in a dry run.
final class DeployCommandTests: XCTestCase {
    func testATargetFolderThatIsTheDiarysContentIsAUsageError() throws {
        let root = try makeDiary(self, target: "risky", kind: "dir", url: "Content", extra: ["public: true"])
        let before = try filesBelow(root.appendingPathComponent("Content"))
        let run = try runDaybook(["deploy", "-C", root.path])
        XCTAssertEqual(run.status, 2, run.standardError)
        XCTAssertTrue(run.standardError.contains("can never receive the site: it is Content/"), run.standardError)
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Content")), before)
    }

    func testNoTargetsAndConfigurationErrorsSayErrorOnceAndNameNoTarget() throws {
        let root = try makeDiary(self, deploy: "")
        let none = try runDaybook(["deploy", "-C", root.path])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.standardError.hasPrefix("error: daybook.yml has no 'deploy:' targets"), none.standardError)
        XCTAssertFalse(none.standardError.contains("'?'"), none.standardError)
        let broken = try makeDiary(self, deploy: "deploy:\n  - name: pages\n    to: git\n    url: /srv/site.git\n    brnch: main\n")
        let run = try runDaybook(["deploy", "-C", broken.path])
        XCTAssertEqual(run.status, 1)
        let lines = run.standardError.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("daybook.yml:7:5: error: unknown key 'brnch' of a deploy target") }, run.standardError)
        XCTAssertFalse(lines.contains { $0.components(separatedBy: "error:").count > 2 }, "'error:' twice in a line: \(run.standardError)")
    }

    func testAURLOrBranchThatLooksLikeAnOptionIsRefusedBeforeGitRuns() throws {
        let marker = temporaryFolder(self).appendingPathComponent("ran")
        let root = try makeDiary(self, deploy: """
            deploy:
              - name: pages
                to: git
                url: "--receive-pack=touch \(marker.path)"
                public: true
              - name: other
                to: git
                url: /srv/site.git
                branch: --force
            """ + "\n")
        let run = try runDaybook(["deploy", "-C", root.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.standardError.contains("daybook.yml:6:10: error: a deploy target's url cannot start with '-'"), run.standardError)
        XCTAssertTrue(run.standardError.contains("daybook.yml:11:13: error: 'branch' cannot start with '-'"), run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "git ran the url as a program")
    }

    func testAnEncryptedOutputDeployedWithoutEncryptSaysHowToDeployIt() throws {
        let share = temporaryFolder(self).appendingPathComponent("share")
        let root = try makeDiary(self, target: "share", kind: "dir", url: share.path)
        let built = try runDaybook(["build", "--encrypt", "-C", root.path], environment: environment(adding: ["DAYBOOK_PASSWORD": "correct horse"]))
        XCTAssertEqual(built.status, 0, built.standardError)
        let run = try runDaybook(["deploy", "-C", root.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.standardError.contains("the output folder holds an encrypted site"), run.standardError)
        XCTAssertTrue(run.standardError.contains("--encrypt") && run.standardError.contains("'encrypt: true'"), run.standardError)
        XCTAssertFalse(run.standardError.contains("the site is not encrypted"), run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: share.path))
    }

    func testADryRunWritesNothingAnywhereAndPlansWhatTheDeployThenSends() throws {
        let share = temporaryFolder(self).appendingPathComponent("share")
        let root = try makeDiary(self, target: "share", kind: "dir", url: share.path, extra: ["public: true"])
        XCTAssertEqual(try runDaybook(["deploy", "-C", root.path]).status, 0)
        try writeEntry(root, day: 2, body: "It rained all afternoon.")
        let diaryBefore = try filesBelow(root)
        let shareBefore = try filesBelow(share)
        let dryRun = try runDaybook(["deploy", "--dry-run", "-C", root.path])
        XCTAssertEqual(dryRun.status, 0, dryRun.standardError)
        XCTAssertTrue(dryRun.standardOutput.contains("upload 2025/03/02/0900-walk/index.html"), dryRun.standardOutput)
        XCTAssertTrue(dryRun.standardError.contains("in memory") && dryRun.standardError.contains("nothing was written"), dryRun.standardError)
        let diaryAfter = try filesBelow(root)
        // Only what the cache knows of Content/ itself may be brought up to date, as by any build.
        let changed = Set(diaryBefore.keys).union(diaryAfter.keys).filter { diaryBefore[$0] != diaryAfter[$0] }
            .filter { !$0.hasPrefix(".daybook/") || $0.hasPrefix(".daybook/outputs/") || $0.hasPrefix(".daybook/deploy/") }
        XCTAssertEqual(changed.sorted(), [], "a dry run changed Output, the build's record of it or the deploy's record")
        XCTAssertEqual(try filesBelow(share), shareBefore)
        let planned = dryRun.standardOutput.split(separator: "\n").filter { $0.hasPrefix("upload ") }.map { String($0.dropFirst(7)) }
        let again = try runDaybook(["deploy", "--dry-run", "-C", root.path])
        XCTAssertEqual(again.standardOutput, dryRun.standardOutput, "a second dry run plans the same")
        let deployed = try deploy(root, options: DeployOptions())
        XCTAssertEqual(deployed.uploads.sorted(), planned.sorted())
    }

    /// With libcrypto hidden from the loader, the digests a deploy compares by cannot be made:
    /// the deploy stops, naming the library and the package, and sends nothing.
    func testADeployWithoutLibcryptoStopsAndNamesThePackage() throws {
        let hider = try libraryHider(hiding: "libcrypto")
        let share = temporaryFolder(self).appendingPathComponent("share")
        let root = try makeDiary(self, target: "share", kind: "dir", url: share.path, extra: ["public: true"])
        let run = try runDaybook(["deploy", "-C", root.path], environment: environment(adding: ["LD_PRELOAD": hider.path]))
        XCTAssertEqual(run.status, 1, run.standardError)
        XCTAssertTrue(run.standardError.contains("libcrypto") && run.standardError.contains("libssl3"), run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: share.path), "nothing was sent")
    }

    /// A shared library that makes `dlopen` of any name containing `name` fail, as on a system
    /// without that library; preloaded into the command.
    private func libraryHider(hiding name: String) throws -> URL {
        let folder = temporaryFolder(self)
        let source = folder.appendingPathComponent("hide.c"), library = folder.appendingPathComponent("hide.so")
        try """
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <string.h>
            void *dlopen(const char *file, int mode) {
                static void *(*real)(const char *, int);
                if (real == NULL) real = (void *(*)(const char *, int)) dlsym(RTLD_NEXT, "dlopen");
                if (file != NULL && strstr(file, "\(name)") != NULL) return NULL;
                return real(file, mode);
            }
            """.write(to: source, atomically: true, encoding: .utf8)
        let compiled = try runProgram("cc", ["-shared", "-fPIC", "-o", library.path, source.path, "-ldl"])
        XCTAssertEqual(compiled.status, 0, compiled.standardError)
        return library
    }
}
