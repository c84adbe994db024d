import DiaryCorpus
import Foundation
import SiteEncryption
import XCTest

/// An encrypted site in real Chromium (selenium, headless), served by a static HTTP server on
/// 127.0.0.1 under a sub-path: unlocking, every kind of page, pictures, a script's fetch, history,
/// reload, a changed file and the lock, and a server that never hears a site address; what the
/// browser keeps of the key; what its history and tab title show; the Content-Security-Policy.
final class EncryptedSiteBrowserTests: XCTestCase {
    private let password = "correct horse battery staple"

    func testTheReaderShowsTheWholeSiteAfterTheRightPasswordOnly() throws {
        let python = try browserPython()
        let (keys, origin, log, server) = try serveSite()
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
        XCTAssertEqual(answers["reload_heading"] as? String, "Data")
        XCTAssertEqual(answers["reload_data_result"] as? String, "산책 from JSON; query: q=산책")
        XCTAssertEqual(answers["reload_asked_password"] as? Bool, false)
        XCTAssertEqual(answers["damaged_alert"] as? String,
                       "damaged/index.html could not be decrypted: it was changed or damaged after the diary was built")
        XCTAssertEqual(answers["missing_heading"] as? String, "This page isn’t in the diary")
        XCTAssertEqual(answers["made_up_heading"] as? String, "This page isn’t in the diary", "an id these keys did not make")
        XCTAssertEqual(answers["bookmark_heading"] as? String, "Autumn walk", "a readable bookmark still opens its page")
        XCTAssertEqual(answers["old_bookmark_url"] as? String, entryURL, "and the bar keeps its id instead")
        XCTAssertEqual(answers["after_lock_asks_password"] as? Bool, true)
        XCTAssertEqual(answers["after_lock_heading"] as? String, "Private diary")
        XCTAssertEqual(answers["storage_after_lock"] as? Int, 0)
        XCTAssertEqual(answers["records_after_lock"] as? Int, 0)
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

    func testTheBrowserKeepsNoKeyBytesAndForgetsTheKeyWhenItShould() throws {
        let python = try browserPython()
        let (_, origin, _, server) = try serveSite()
        defer { server.stop() }

        let answers = try runBrowserScript(python, "encrypted_keys.py", ["\(origin)/diary/", password])

        XCTAssertNil(answers["failed"])
        let secrets = [answers["master_key"], answers["content_key"]].compactMap { $0 as? String }.compactMap { Data(base64Encoded: $0) }
        XCTAssertEqual(secrets.count, 2)
        let stored = (answers["stored_values"] as? [String] ?? []) + (answers["remembered_values"] as? [String] ?? [])
        XCTAssertFalse(stored.isEmpty, "the tab keeps its session handle")
        for value in stored {
            for bytes in Self.decodings(of: value) {
                XCTAssertLessThan(bytes.count, 32, "a stored value holds 32 or more bytes: \(value)")
                for secret in secrets { XCTAssertNil(bytes.range(of: secret.prefix(16)), "a stored value holds key bytes: \(value)") }
            }
        }
        let kept = try XCTUnwrap(answers["kept_keys"] as? [[String: Any]])
        XCTAssertEqual(Set(kept.compactMap { $0["algorithm"] as? String }), ["AES-GCM", "HMAC", "AES-CTR"])
        XCTAssertEqual(kept.count, 4, "content, names, address and address tag keys, one record")
        for key in kept {
            XCTAssertEqual(key["extractable"] as? Bool, false, "\(key)")
            XCTAssertEqual(key["exported"] as? Bool, false, "\(key)")
            XCTAssertEqual(key["type"] as? String, "secret")
        }
        let remember = answers["remember_label"] as? [Any] ?? []
        XCTAssertEqual(remember.first as? String, "Remember for how long", "the select is labelled")
        XCTAssertEqual(remember.dropFirst().first as? String, "30", "30 days unless the reader chooses")
        XCTAssertEqual(remember.last as? [String], ["1", "7", "30", "90"])
        XCTAssertEqual(answers["reload_shows_site"] as? Bool, true)
        XCTAssertEqual(answers["new_tab_shows_site"] as? Bool, false, "a new tab asks for the password")
        XCTAssertEqual(answers["remembered_values"] as? [String], [], "remembering keeps nothing in web storage")
        XCTAssertEqual(answers["records_remembered"] as? Int, 2, "the first tab's session and the remembered keys")
        XCTAssertEqual(answers["remembered_tab_shows_site"] as? Bool, true)
        XCTAssertEqual(answers["lock_reached_first"] as? Bool, true, "Lock in one window locks the others")
        XCTAssertEqual(answers["lock_reached_third"] as? Bool, true)
        XCTAssertEqual(answers["records_after_lock"] as? Int, 0)
        XCTAssertEqual(answers["storage_after_lock"] as? [String], [])
        XCTAssertEqual(answers["after_29_days_shows_site"] as? Bool, true, "remembered for 30 days by default")
        XCTAssertEqual(answers["after_31_days_shows_site"] as? Bool, false)
        XCTAssertEqual(answers["records_after_expiry"] as? Int, 0, "an expired record is deleted")
        XCTAssertEqual(answers["expired_record_tab_shows_site"] as? Bool, false)
        XCTAssertEqual(answers["after_6_days_of_7_shows_site"] as? Bool, true)
        XCTAssertEqual(answers["after_8_days_of_7_shows_site"] as? Bool, false)
        XCTAssertEqual(answers["errors"] as? [String], [], "no JavaScript errors")
    }

    func testHistoryAndTheTabTitleNameNoPageAndABookmarkOpensInAFreshBrowser() throws {
        let python = try browserPython()
        let (_, origin, _, server) = try serveSite()
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
        let python = try browserPython()
        let (_, origin, _, server) = try serveSite(readableAddresses: true)
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
    /// build) and serves it, with the request log.
    private func serveSite(readableAddresses: Bool = false) throws -> (SiteKeys, String, URL, StaticServer) {
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
        return (keys, server.origin, log, server)
    }

    /// Whether `url` is the site's base with an opaque id after '#', nothing of the page's path.
    static func isOpaque(_ url: String, origin: String) -> Bool {
        guard url.hasPrefix("\(origin)/diary/#") else { return false }
        let id = url.dropFirst("\(origin)/diary/#".count)
        return id.count >= 40 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            && !["2025", "autumn", "data"].contains { id.lowercased().contains($0) }
    }

    /// The bytes a stored value could stand for: its UTF-8, and its base64, base64url or hex decoding.
    static func decodings(of value: String) -> [Data] {
        var found = [Data(value.utf8)]
        let standard = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let padded = standard + String(repeating: "=", count: (4 - standard.count % 4) % 4)
        if let bytes = Data(base64Encoded: padded) { found.append(bytes) }
        if value.count % 2 == 0, value.allSatisfy(\.isHexDigit) {
            var bytes = Data()
            var index = value.startIndex
            while index < value.endIndex {
                let next = value.index(index, offsetBy: 2)
                bytes.append(UInt8(value[index..<next], radix: 16)!)
                index = next
            }
            found.append(bytes)
        }
        return found
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
