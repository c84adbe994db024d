import DaybookTestSupport
import DiaryCorpus
import Foundation
import SiteEncryption
import XCTest

/// An encrypted site in real Chromium (selenium, headless), served by a static HTTP server on
/// 127.0.0.1 under a sub-path: unlocking, every kind of page, pictures, a script's fetch, history,
/// reload, a changed file and the lock, and a server that never hears a site address; what the
/// browser keeps of the keys along each way to unlock, and what a scan of its files finds; what
/// its history and tab title show; the Content-Security-Policy.
final class EncryptedSiteBrowserTests: XCTestCase {
    private let password = "correct horse battery staple"

    func testTheReaderShowsTheWholeSiteAfterTheRightPasswordOnly() throws {
        let python = try Requirement.browserPython()
        let (_, origin, log, server, _) = try serveSite()
        defer { server.stop() }

        let answers = try runBrowserScript(python, "encrypted_site.py", ["\(origin)/diary/", "not the password", password])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual(answers["wrong_password_alert"] as? String, "Wrong password. Try again.")
        XCTAssertEqual(answers["home_heading"] as? String, "Latest: Autumn walk")
        XCTAssertEqual(answers["home_url"] as? String, "\(origin)/diary/")
        XCTAssertEqual(answers["home_background"] as? String, "rgb(250, 240, 230)", "the site's stylesheet is decrypted and applied")
        let entryURL = answers["entry_url"] as? String ?? ""
        XCTAssertTrue(Self.isOpaque(entryURL, origin: origin), "an opaque id after '#': \(entryURL)")
        XCTAssertEqual(answers["entry_page_url"] as? String, "\(origin)/diary/2025/10/04/1030-autumn-walk/", "the page still knows its address")
        XCTAssertEqual(answers["entry_text"] as? String, "Leaves on the river path, then tea at the corner café.")
        XCTAssertEqual(answers["entry_title"] as? String, "Private diary", "the tab keeps the unlock page's title")
        XCTAssertEqual(answers["entry_picture_width"] as? Int, 64)
        XCTAssertEqual(answers["back_heading"] as? String, "Latest: Autumn walk")
        XCTAssertEqual(answers["forward_heading"] as? String, "Autumn walk")
        XCTAssertEqual(answers["gallery_picture_width"] as? Int, 64)
        XCTAssertEqual(answers["data_result"] as? String, "산책 from JSON; query: q=산책")
        XCTAssertTrue(Self.isOpaque(answers["data_url"] as? String ?? "", origin: origin), "\(answers["data_url"] ?? "")")
        XCTAssertEqual(answers["data_page_url"] as? String, "\(origin)/diary/data/?q=%EC%82%B0%EC%B1%85")
        XCTAssertEqual(answers["reload_asked_password"] as? Bool, true, "the keys were in the tab's memory only")
        XCTAssertEqual(answers["reload_heading"] as? String, "Data", "the address after '#' opens once unlocked again")
        XCTAssertEqual(answers["reload_data_result"] as? String, "산책 from JSON; query: q=산책")
        XCTAssertEqual(answers["damaged_alert"] as? String,
                       "damaged/index.html could not be decrypted: it was changed or damaged after the diary was built")
        XCTAssertEqual(answers["missing_heading"] as? String, "This page isn’t in the diary")
        XCTAssertEqual(answers["made_up_heading"] as? String, "This page isn’t in the diary", "an id these keys did not make")
        XCTAssertEqual(answers["bookmark_heading"] as? String, "Autumn walk", "a readable bookmark still opens its page")
        XCTAssertEqual(answers["old_bookmark_url"] as? String, entryURL, "and the bar keeps its id instead")
        XCTAssertEqual(answers["after_lock_asks_password"] as? Bool, true)
        XCTAssertEqual(answers["after_lock_heading"] as? String, "Private diary")
        Self.assertNothingKept(answers["storage_after_lock"], "after Lock")
        let policies = try XCTUnwrap(answers["policies"] as? [String: String])
        XCTAssertEqual(Set(policies.keys), ["unlock", "home", "entry", "gallery", "data"])
        for (page, policy) in policies {
            XCTAssertEqual(policy, UnlockPage.contentSecurityPolicy, page)
        }
        XCTAssertEqual(answers["violations"] as? [String], [], "no page breaks the policy")
        let errors = (answers["errors"] as? [String] ?? []).filter { !$0.contains("404 (File not found)") }
        XCTAssertEqual(errors, [], "no JavaScript errors")
        let unlockTime = answers["unlock_ms"] as? Int ?? -1
        let pbkdf2Time = answers["pbkdf2_ms"] as? Double ?? -1
        print("unlock in headless Chromium: \(unlockTime) ms from the click to the home page; PBKDF2 600,000 rounds: \(Int(pbkdf2Time)) ms")

        // The server saw the public files and opaque names only, never a site address.
        let requested = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "\"GET ")?.upperBound, let end = line[start...].firstIndex(of: " ") else { return nil }
            return String(line[start..<end])
        }
        XCTAssertFalse(requested.isEmpty)
        for path in requested {
            let isPublic = ["/diary/", "/diary/unlock.js", "/diary/unlock.css", "/diary/manifest.webmanifest"].contains(path)
            let isOpaque = path.wholeMatch(of: try Regex(#"/diary/x/[0-9a-f]{2}/[0-9a-f]{30}\.bin"#)) != nil
            XCTAssertTrue(isPublic || isOpaque, "the server was asked for \(path)")
        }
    }

    /// Each way to unlock, in a browser of its own whose files are then scanned (every 32-byte run
    /// tried as a key: `profile_scan.py`): unlocked for the tab, nothing is kept and nothing found;
    /// remembered without a passkey, the device keeps a non-extractable key in IndexedDB and the
    /// wrapped site key in Cache Storage, and the scan finds that pair (the unlock form says so);
    /// after Lock in any window, every window asks again, nothing is kept and nothing found.
    func testTheBrowserKeepsTheKeysOnlyWhereTheReaderAskedAndLockLeavesNothingThatOpensTheSite() throws {
        let python = try Requirement.browserPython()
        _ = try decryptorPython()
        let (_, origin, _, server, output) = try serveSite()
        defer { server.stop() }
        let profiles = temporaryFolder(self)

        let answers = try runBrowserScript(python, "encrypted_keys.py", ["\(origin)/diary/", password, profiles.path])

        XCTAssertNil(answers["failed"], "\(answers["failed"] ?? "")")
        XCTAssertEqual(answers["errors"] as? [String], [], "no JavaScript errors")
        let session = try XCTUnwrap(answers["session"] as? [String: Any])
        Self.assertNothingKept(session["storage"], "unlocked for the tab")
        XCTAssertEqual(session["reload_shows_site"] as? Bool, false, "a reload asks again")
        XCTAssertEqual(session["new_tab_shows_site"] as? Bool, false, "a new tab asks")
        Self.assertNothingKept(session["storage_at_end"], "after a reload and a new tab")

        let remember = try XCTUnwrap(answers["remember"] as? [String: Any])
        let label = remember["remember_label"] as? [Any] ?? []
        XCTAssertEqual(label.first as? String, "Remember for how long", "the select is labelled")
        XCTAssertEqual(label.dropFirst().first as? String, "30", "30 days unless the reader chooses")
        XCTAssertEqual(label.last as? [String], ["1", "7", "30", "90"])
        let warning = "Without a passkey, this device’s storage can read the diary until you press Lock, and a copy of that storage "
            + "can read it until the diary’s key is replaced (daybook keys rotate)."
        for (answer, hidden) in [("note_before", true), ("note_ticked", false)] {
            let note = remember[answer] as? [Any] ?? []
            XCTAssertEqual(note.first as? Bool, hidden, "the note is hidden until the box is ticked (\(answer))")
            XCTAssertEqual(note.dropFirst().first as? String, warning)
            XCTAssertEqual(note.last as? String, "daybook-remember-note", "the box is described by the note")
        }
        let kept = try XCTUnwrap(remember["storage"] as? [String: Any])
        XCTAssertEqual(kept["databases"] as? [String], ["daybook:/diary/"])
        XCTAssertEqual(kept["caches"] as? [String], ["daybook-device:/diary/"])
        XCTAssertEqual(kept["records"] as? Int, 1)
        XCTAssertEqual(kept["web_storage"] as? Int, 0)
        let record = try XCTUnwrap((remember["device"] as? [[String: Any]])?.first)
        XCTAssertEqual((remember["device"] as? [Any])?.count, 1)
        XCTAssertEqual(record.keys.sorted(), ["deviceKey", "expires", "id", "key"], "no site key, no derived key")
        let deviceKey = try XCTUnwrap(record["deviceKey"] as? [String: Any])
        XCTAssertEqual(deviceKey["algorithm"] as? String, "AES-GCM")
        XCTAssertEqual(deviceKey["extractable"] as? Bool, false)
        XCTAssertEqual(deviceKey["exported"] as? Bool, false, "exportKey refuses it")
        let rememberedBlobs = try XCTUnwrap(remember["blobs"] as? [String])
        XCTAssertEqual(rememberedBlobs.map(\.count), [120], "one wrapped site key of 60 bytes")
        XCTAssertEqual(remember["reload_shows_site"] as? Bool, true)
        XCTAssertEqual(remember["new_tab_shows_site"] as? Bool, true)

        let lock = try XCTUnwrap(answers["lock"] as? [String: Any])
        XCTAssertEqual(lock["second_tab_shows_site"] as? Bool, true)
        XCTAssertEqual(lock["lock_reached_first"] as? Bool, true, "Lock in one window locks the others")
        XCTAssertEqual(lock["lock_reached_third"] as? Bool, true)
        Self.assertNothingKept(lock["storage"], "after Lock")
        XCTAssertEqual(lock["new_tab_shows_site"] as? Bool, false)

        let expiry = try XCTUnwrap(answers["expiry"] as? [String: Any])
        XCTAssertEqual(expiry["after_29_days_shows_site"] as? Bool, true, "remembered for 30 days by default")
        XCTAssertEqual(expiry["after_31_days_shows_site"] as? Bool, false)
        Self.assertNothingKept(expiry["storage_after_expiry"], "an expired key is deleted, and the database with it")
        XCTAssertEqual(expiry["expired_record_tab_shows_site"] as? Bool, false)
        XCTAssertEqual(expiry["after_6_days_of_7_shows_site"] as? Bool, true)
        XCTAssertEqual(expiry["after_8_days_of_7_shows_site"] as? Bool, false)

        // The scans, with every wrapped key the page kept (a copy counts only where the files still hold it).
        let profilePaths = try XCTUnwrap(answers["profiles"] as? [String: String])
        let blobs = (rememberedBlobs + (lock["blobs"] as? [String] ?? [])).map { ["hex": $0, "label": "daybook 2 remembered site key"] }
        for path in ["session", "remember", "lock"] {
            let scan = try scanProfile(try XCTUnwrap(profilePaths[path]), output: output, password: password, blobs: blobs, test: self)
            let found = scan["found"] as? [[String: Any]] ?? []
            print("profile scan after \(path): \(scan["files"] ?? 0) files, \(scan["bytes"] ?? 0) bytes, \(scan["windows"] ?? 0) runs of 32 bytes tried; "
                  + "wrapped keys in the files: \(scan["blobs_found"] ?? []); found: \(found)")
            XCTAssertGreaterThan(scan["windows"] as? Int ?? 0, 1_000, "the scan read the profile (\(path))")
            if path == "remember" {
                // What the README says: this device's files open the diary until Lock (the device key with the wrapped site key).
                XCTAssertFalse(found.isEmpty, "the remembered key is found")
                XCTAssertEqual(Set(found.compactMap { $0["as"] as? String }), ["key that opens the wrapped key labelled 'daybook 2 remembered site key'"])
                XCTAssertTrue(found.allSatisfy { ($0["file"] as? String)?.contains("IndexedDB") == true }, "\(found)")
            } else {
                XCTAssertEqual(found.count, 0, "a copy of the profile after \(path) opens nothing: \(found)")
                XCTAssertEqual((scan["blobs_found"] as? [Any])?.count, 0, "no wrapped key is left in the files after \(path)")
            }
        }
    }

    /// What a page of the site sees of its storage holds nothing the site's keys made (`site_storage`
    /// in encrypted_site.py): no web storage, cookie, database or Cache Storage of the reader's. The
    /// offline worker's cache (`daybook:<scope>`, ciphertext and the public files: SPEC §13) is the
    /// worker's, whatever the keys; the profile scans read it with the rest.
    static func assertNothingKept(_ storage: Any?, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let storage = storage as? [String: Any] else { return XCTFail("no storage answer \(what)", file: file, line: line) }
        XCTAssertEqual(storage["web_storage"] as? Int, 0, what, file: file, line: line)
        XCTAssertEqual(storage["cookies"] as? String, "", what, file: file, line: line)
        XCTAssertEqual(storage["databases"] as? [String], [], what, file: file, line: line)
        let caches = (storage["caches"] as? [String])?.filter { !($0.hasPrefix("daybook:") && $0.contains("://")) }
        XCTAssertEqual(caches, [], what, file: file, line: line)
        XCTAssertEqual(storage["records"] as? Int, 0, what, file: file, line: line)
    }

    func testHistoryAndTheTabTitleNameNoPageAndABookmarkOpensInAFreshBrowser() throws {
        let python = try Requirement.browserPython()
        let (_, origin, _, server, _) = try serveSite()
        defer { server.stop() }

        let answers = try runBrowserScript(python, "encrypted_history.py", ["\(origin)/diary/", password])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual(answers["visited"] as? [String], ["Latest: Autumn walk", "Autumn walk", "Gallery", "Latest: Autumn walk", "Data",
                                                          "Latest: Autumn walk"])
        let entries = try XCTUnwrap(answers["entries"] as? [[String: String]])
        XCTAssertEqual(entries.count, 6, "\(entries)")
        XCTAssertEqual(entries.last?["hash"], "", "the unlock page's own entry")
        for entry in entries {
            let hash = entry["hash"] ?? ""
            let opaque = try Regex("#[A-Za-z0-9_-]{40,}")
            XCTAssertTrue(hash.isEmpty || hash.wholeMatch(of: opaque) != nil, hash)
            for word in ["2025", "autumn", "walk", "gallery", "data", "Autumn", "Gallery", "Data"] {
                XCTAssertFalse(hash.contains(word), "\(hash) names \(word)")
            }
            XCTAssertEqual(entry["title"], "Private diary")
        }
        XCTAssertEqual(Set(entries.compactMap { $0["hash"] }).count, 5, "two visits of the home page have one id: \(entries)")
        XCTAssertEqual(answers["violations"] as? [String], [])
        XCTAssertEqual(answers["inline_script_ran"] as? Bool, false, "the policy is in force on a page of the reader")
        XCTAssertEqual(answers["inline_script_reported"] as? Bool, true, "and its violations are seen")
        XCTAssertEqual(answers["fresh_heading"] as? String, "Autumn walk", "a bookmarked id opens its page in a new browser")
        XCTAssertEqual(answers["fresh_address"] as? String, answers["entry_address"] as? String)
        let errors = (answers["errors"] as? [String] ?? []).filter { !$0.contains("Executing inline script violates") }
        XCTAssertEqual(errors, [])
    }

    func testReadableAddressesShowPathsAndTitles() throws {
        let python = try Requirement.browserPython()
        let (_, origin, _, server, _) = try serveSite(readableAddresses: true)
        defer { server.stop() }

        let answers = try runBrowserScript(python, "encrypted_history.py", ["\(origin)/diary/", password])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual(answers["entry_address"] as? String, "\(origin)/diary/#/2025/10/04/1030-autumn-walk/")
        let entries = try XCTUnwrap(answers["entries"] as? [[String: String]])
        XCTAssertEqual(entries.map { $0["hash"] ?? "" }, ["#/", "#/data/?q=%EC%82%B0%EC%B1%85", "#/", "#/gallery/",
                                                           "#/2025/10/04/1030-autumn-walk/", ""])
        XCTAssertEqual(entries.first?["title"], "Home · Test diary")
        XCTAssertEqual(answers["fresh_heading"] as? String, "Autumn walk")
    }

    // MARK: - The site

    /// Publishes `plainSite()` encrypted under /diary/ (its damaged page's file changed after the
    /// build) and serves it on localhost, with the request log and the published folder.
    private func serveSite(readableAddresses: Bool = false) throws -> (SiteKeys, String, URL, StaticServer, URL) {
        let keys = try SiteKeys.newSite(password: password)
        let encryptor = SiteEncryptor(keys: keys)
        var published = encryptor.encryptSite(Self.plainSite(), baseURL: "/diary/", readableAddresses: readableAddresses)
        let damaged = encryptor.publishedPath(of: "damaged/index.html")
        published[damaged]![40] ^= 0x01
        // The unlock page links the web app manifest, which `daybook build` publishes beside it.
        published["manifest.webmanifest"] = Array(#"{"display":"standalone","name":"Private diary","start_url":"/diary/"}"#.utf8)

        let served = temporaryFolder(self)
        let output = served.appendingPathComponent("diary")
        for (path, bytes) in published {
            let url = output.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let log = temporaryFolder(self).appendingPathComponent("requests.log")
        let server = try StaticServer(serving: served, readyPath: "/diary/unlock.css", log: log)
        return (keys, server.origin, log, server, output)
    }

    /// Whether `url` is the site's base with an opaque id after '#', nothing of the page's path.
    static func isOpaque(_ url: String, origin: String) -> Bool {
        guard url.hasPrefix("\(origin)/diary/#") else { return false }
        let id = url.dropFirst("\(origin)/diary/#".count)
        return id.count >= 40 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            && !["2025", "autumn", "data"].contains { id.lowercased().contains($0) }
    }

    /// A small hand-written site under `/diary/`: pages with absolute and relative links, a
    /// stylesheet, a picture, a script that fetches JSON, and the site's own not-found page.
    static func plainSite() -> [String: [UInt8]] {
        // A plain site's own policy, as its layout writes it: the reader must keep its decrypted scripts working.
        let strictPolicy = #"<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; "#
            + #"style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:; connect-src 'self'; object-src 'none'; "#
            + #"base-uri 'none'; form-action 'self'">"#
        let picture = [UInt8](SolidPNG.make(width: 64, height: 48, red: 200, green: 120, blue: 40))
        func page(_ title: String, _ main: String, head: String = "") -> [UInt8] {
            Array("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8">\(strictPolicy)<title>\(title) · Test diary</title>
                <link rel="stylesheet" href="/diary/assets/style.css">\(head)</head>
                <body><nav><a href="/diary/">Home</a> <a href="/diary/gallery/">Gallery</a></nav><main>\(main)</main></body></html>
                """.utf8)
        }
        return [
            "index.html": page("Home", """
                <h1>Latest: Autumn walk</h1>
                <ul><li><a href="2025/10/04/1030-autumn-walk/">Autumn walk</a></li><li><a href="/diary/data/?q=%EC%82%B0%EC%B1%85">Data</a></li>
                <li><a href="/diary/damaged/">Damaged</a></li><li><a href="/diary/nowhere/">Nowhere</a></li></ul>
                """),
            "2025/10/04/1030-autumn-walk/index.html": page("Autumn walk", """
                <h1>Autumn walk</h1><p>Leaves on the river path, then tea at the corner café.</p>
                <figure id="image-1"><a href="/diary/images/2025-10-04-1030-autumn-walk_image_1.png"><img src="/diary/images/2025-10-04-1030-autumn-walk_image_1.png" alt="Leaves" width="64" height="48" loading="lazy"></a></figure>
                <p><a href="../../../../">Back home</a></p>
                """),
            "gallery/index.html": page("Gallery", """
                <h1>Gallery</h1><ul class="gallery"><li><a href="/diary/2025/10/04/1030-autumn-walk/#image-1"><img srcset="/diary/images/2025-10-04-1030-autumn-walk_image_1.png 64w" alt="Leaves" width="64" height="48"></a></li></ul>
                """),
            "data/index.html": page("Data", #"<h1>Data</h1><p id="data-result"></p>"#,
                                    head: #"<script src="/diary/assets/data.js" defer></script>"#),
            "damaged/index.html": page("Damaged", "<h1>Damaged</h1><p>This page was changed after the build.</p>"),
            "404.html": page("Not found", "<h1>This page isn’t in the diary</h1>"),
            "assets/style.css": Array("body { background: rgb(250, 240, 230); }\n".utf8),
            "assets/data.js": Array("""
                var here = window.daybookPageURL ? window.daybookPageURL() : new URL(location.href);
                fetch('/diary/search/data.json').then(function (r) { return r.json(); }).then(function (data) {
                  document.getElementById('data-result').textContent = data.word + ' from JSON; query: q=' + here.searchParams.get('q');
                });
                """.utf8),
            "search/data.json": Array(#"{"word":"산책"}"#.utf8),
            "images/2025-10-04-1030-autumn-walk_image_1.png": picture,
        ]
    }
}
