import DaybookTestSupport
import Foundation
import XCTest

/// Offline reading in real Chromium with the site's real service worker (SPEC §13): a site built
/// by `daybook build` (plain and encrypted, at `/` and under `/diary/`) is kept offline at the
/// text level, the server is stopped, and the home page, an entry not opened before, a day, a month
/// and two searches (one Korean) still show; the full-picture level shows a gallery picture. An
/// encrypted site's Cache Storage holds no title, text or picture of the diary, and it unlocks
/// with the password offline. A new build replaces what was kept; `offline: false` removes it.
final class OfflineBrowserTests: XCTestCase {
    private let password = "봄 일기 password"
    private let pages = ["entry": "2025/03/02/new-york-call/", "day": "2025/03/01/", "month": "2025/03/"]

    func testAPlainSiteKeptOfflineIsReadWithTheServerStopped() throws {
        let answers = try keepOffline(subPath: "", encrypted: false, screenshots: true)
        assertReadOffline(answers)
        let firstVisit = try XCTUnwrap(answers["first_visit"] as? [[Any]]).map { ($0[0] as? String ?? "", $0[1] as? Int ?? 0) }
        XCTAssertFalse(firstVisit.contains { $0.0.hasPrefix("/offline") || $0.0.contains("search/") },
                       "nothing is fetched ahead of the reader's choice: \(firstVisit)")
        let extra = firstVisit.filter { ["/sw.js", "/manifest.webmanifest"].contains($0.0) }.reduce(0) { $0 + $1.1 }
        XCTAssertLessThanOrEqual(extra, 15_000, "the worker and the manifest of a first visit: \(firstVisit)")
        print("first visit, offline reading's files: \(firstVisit.filter { $0.0.contains("offline") || $0.0.contains("sw.js") || $0.0.contains("manifest") || $0.0.contains("icon") })")
        let shots = try XCTUnwrap(answers["screenshots"] as? [String])
        XCTAssertEqual(shots.count, 8)
        for shot in shots { XCTAssertTrue(FileManager.default.fileExists(atPath: shot), shot) }
    }

    func testAPlainSiteUnderASubPathKeptOfflineIsReadWithTheServerStopped() throws {
        assertReadOffline(try keepOffline(subPath: "diary/", encrypted: false))
    }

    func testAnEncryptedSiteKeepsOnlyCiphertextAndUnlocksWithTheServerStopped() throws {
        let answers = try keepOffline(subPath: "", encrypted: true)
        assertReadOffline(answers)
        assertNoPlaintextKept(answers)
    }

    func testAnEncryptedSiteUnderASubPathKeepsOnlyCiphertextAndUnlocksOffline() throws {
        let answers = try keepOffline(subPath: "diary/", encrypted: true)
        assertReadOffline(answers)
        assertNoPlaintextKept(answers)
    }

    func testANewBuildReplacesWhatWasKeptAndOfflineFalseRemovesIt() throws {
        let python = try Requirement.browserPython()
        let root = try diary(subPath: "")
        let build = try runDaybook(["build", "-C", root.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        let daybook = try daybookExecutable().path
        let rebuild = root.appendingPathComponent("rebuild.sh")
        try """
            set -e
            printf '\\nEdited after it was kept offline.\\n' >> '\(root.path)/Content/2025/03/02/new-york-call.md'
            rm '\(root.path)/Content/2024/03/02/last-year.md'
            '\(daybook)' build -C '\(root.path)'
            """.write(to: rebuild, atomically: true, encoding: .utf8)
        let disable = root.appendingPathComponent("disable.sh")
        try """
            set -e
            printf '\\noffline: false\\n' >> '\(root.path)/daybook.yml'
            '\(daybook)' build -C '\(root.path)'
            """.write(to: disable, atomically: true, encoding: .utf8)
        let config: [String: Any] = [
            "folder": root.appendingPathComponent("Output").path, "sub_path": "", "password": NSNull(), "pages": ["entry": pages["entry"]!],
            "queries": ["산책"], "pictures": false, "needles": [String](),
            "update": ["script": rebuild.path, "disable": disable.path, "edited": pages["entry"]!, "edited_url": pages["entry"]!],
        ]
        let answers = try run(python, config)

        XCTAssertNil(answers["failed"])
        XCTAssertEqual((answers["rebuild"] as? [Any])?.first as? Int, 0, "\(answers["rebuild"] ?? "")")
        XCTAssertEqual(answers["update_offer"] as? String, "일기가 바뀌었습니다 — 새로 고침", "the page offers the new build")
        let keys = try XCTUnwrap(answers["keys_after_update"] as? [String])
        XCTAssertFalse(keys.contains { $0.contains("last-year") }, "the deleted entry's page is gone from the cache: \(keys)")
        let edited = try XCTUnwrap(answers["edited_cached"] as? [String: String])
        XCTAssertEqual(edited.count, 1, "one copy of the edited page: \(edited.keys)")
        XCTAssertTrue(edited.values.allSatisfy { $0.contains("Edited after it was kept offline.") }, "the kept copy is the new one")
        XCTAssertTrue((answers["edited_offline_text"] as? String ?? "").contains("Edited after it was kept offline."))
        XCTAssertEqual((answers["disable"] as? [Any])?.first as? Int, 0)
        let after = try XCTUnwrap(answers["after_disable"] as? [String: Any])
        XCTAssertEqual(after["registrations"] as? Int, 0, "offline: false unregisters the worker")
        XCTAssertEqual(after["keys"] as? [String], [], "and empties its cache")
        XCTAssertEqual(answers["errors"] as? [String], [])
    }

    // MARK: - Helpers

    /// The seoul-diary fixture (Korean, with pictures), under `subPath` when not empty.
    private func diary(subPath: String) throws -> URL {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/SiteBuilderTests/Fixtures/seoul-diary"), to: root)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("Expected"))
        if !subPath.isEmpty {
            let config = root.appendingPathComponent("daybook.yml")
            try (try String(contentsOf: config, encoding: .utf8) + "\nbase_url: /\(subPath)\n").write(to: config, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Builds the diary, keeps it offline at the text level, then at the full-picture level, and reads it offline.
    private func keepOffline(subPath: String, encrypted: Bool, screenshots: Bool = false) throws -> [String: Any] {
        let python = try Requirement.browserPython()
        let root = try diary(subPath: subPath)
        let needles = try needles(of: root)
        var environment = ProcessInfo.processInfo.environment
        environment["DAYBOOK_PASSWORD"] = password
        let build = try runDaybook(["build", "-C", root.path] + (encrypted ? ["--encrypt"] : []), environment: environment)
        XCTAssertEqual(build.status, 0, build.standardError)
        var config: [String: Any] = [
            "folder": root.appendingPathComponent("Output").path, "sub_path": subPath, "password": encrypted ? password : NSNull(),
            "pages": pages, "queries": ["산책", "family"], "pictures": true, "needles": needles,
        ]
        if screenshots { config["screenshots"] = packageRoot.appendingPathComponent(".build/screenshots/offline").path }
        return try run(python, config)
    }

    private func run(_ python: String, _ config: [String: Any]) throws -> [String: Any] {
        let file = temporaryFolder(self).appendingPathComponent("offline.json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)
        return try runBrowserScript(python, "offline_site.py", [file.path])
    }

    /// Runs of the diary's bytes that no cached file of an encrypted site may hold: titles, runs of
    /// body text, and a run of each published picture's bytes (from a plain build of the same diary,
    /// made before the diary is encrypted).
    private func needles(of root: URL) throws -> [String] {
        let texts = ["Call from New York", "It was still the first of March", "매화 (Plum blossoms)", "아침에 매화가 핀 것을",
                     "조용한 밤", "작년 오늘", "rain and tea", "봄 일기", "family"]
        let plain = temporaryFolder(self).appendingPathComponent("plain")
        let build = try runDaybook(["build", "-C", root.path, "--output", plain.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        let pictures = try FileManager.default.contentsOfDirectory(at: plain.appendingPathComponent("images"), includingPropertiesForKeys: nil)
        XCTAssertFalse(pictures.isEmpty)
        let runs = try pictures.map { picture -> Data in
            let bytes = try Data(contentsOf: picture)
            return bytes.subdata(in: max(0, bytes.count - 40)..<(bytes.count - 12))  // compressed pixels and their CRC
        }
        return texts.map { Data($0.utf8).base64EncodedString() } + runs.map { $0.base64EncodedString() }
    }

    private func assertReadOffline(_ answers: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(answers["failed"], file: file, line: line)
        let text = answers["text"] as? [String: Any] ?? [:]
        XCTAssertEqual(text["state"] as? String, "done", "\(text)", file: file, line: line)
        XCTAssertEqual((text["sizes"] as? [String: String])?.keys.sorted(), ["pictures", "text", "thumbnails"], file: file, line: line)
        XCTAssertTrue((text["sizes"] as? [String: String] ?? [:]).values.allSatisfy { $0.hasSuffix(" KB") }, "\(text)", file: file, line: line)
        XCTAssertTrue((text["status"] as? String ?? "").hasPrefix("오프라인으로 읽을 수 있게 저장했습니다"), "\(text)", file: file, line: line)
        XCTAssertTrue((text["space"] as? String ?? "").hasPrefix("이 브라우저가 사이트에 허락한 공간은"), "\(text)", file: file, line: line)
        XCTAssertEqual(answers["offline_home"] as? String, "봄 일기", file: file, line: line)
        XCTAssertEqual(answers["offline_entry"] as? String, "Call from New York", "an entry not opened before", file: file, line: line)
        XCTAssertEqual(answers["offline_day"] as? String, "2025년 3월 1일 토요일", file: file, line: line)
        XCTAssertEqual(answers["offline_month"] as? String, "2025년 3월", file: file, line: line)
        let searches = answers["offline_search"] as? [String: [String: Any]] ?? [:]
        for query in ["산책", "family"] {
            XCTAssertEqual(searches[query]?["status"] as? String, "글 1편을 찾았습니다.", query, file: file, line: line)
            XCTAssertEqual(searches[query]?["links"] as? Int, 1, query, file: file, line: line)
        }
        XCTAssertEqual((answers["pictures"] as? [String: Any])?["state"] as? String, "done", file: file, line: line)
        XCTAssertGreaterThan(answers["gallery_width"] as? Int ?? 0, 0, "a gallery picture shows offline", file: file, line: line)
        // Offline, a page of the text level asks for pictures it does not have: those fail, nothing else.
        let errors = (answers["errors"] as? [String] ?? []).filter { !$0.contains("Failed to load resource: net::ERR_FAILED") }
        XCTAssertEqual(errors, [], file: file, line: line)
    }

    private func assertNoPlaintextKept(_ answers: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(answers["unlocked_offline"] as? String, "봄 일기", "unlocked with the password, the server stopped", file: file, line: line)
        for name in ["needles", "needles_pictures"] {
            let found = answers[name] as? [String: Any] ?? [:]
            XCTAssertGreaterThan(found["entries"] as? Int ?? 0, 20, name, file: file, line: line)
            XCTAssertEqual(found["found"] as? [String], [], "Cache Storage holds the diary's bytes: \(found)", file: file, line: line)
        }
    }
}
