import DiaryCorpus
import Foundation
import SiteEncryption
import XCTest

/// An encrypted site in real Chromium (selenium, headless), served by a static HTTP server on
/// 127.0.0.1 under a sub-path: unlocking, every kind of page, pictures, a script's fetch, history,
/// reload, a changed file and the lock, and a server that never hears a site address.
final class EncryptedSiteBrowserTests: XCTestCase {
    private let password = "correct horse battery staple"

    func testTheReaderShowsTheWholeSiteAfterTheRightPasswordOnly() throws {
        let python = try browserPython()
        let keys = try SiteKeys(password: password, salt: try SiteKeys.randomSalt())
        let encryptor = SiteEncryptor(keys: keys)
        let plain = Self.plainSite()
        var published = encryptor.encryptSite(plain, baseURL: "/diary/")
        let damaged = encryptor.publishedPath(of: "damaged/index.html")
        published[damaged]![40] ^= 0x01

        let served = temporaryFolder(self)
        let output = served.appendingPathComponent("diary")
        for (path, bytes) in published {
            let url = output.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let log = temporaryFolder(self).appendingPathComponent("requests.log")
        let server = try StaticServer(serving: served, readyPath: "/diary/unlock.css", log: log)
        defer { server.stop() }
        let origin = server.origin

        let answers = try runBrowserScript(python, "encrypted_site.py", ["\(origin)/diary/", "not the password", password])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual(answers["wrong_password_alert"] as? String, "Wrong password. Try again.")
        XCTAssertEqual(answers["home_heading"] as? String, "Latest: Autumn walk")
        XCTAssertEqual(answers["home_url"] as? String, "\(origin)/diary/")
        XCTAssertEqual(answers["home_background"] as? String, "rgb(250, 240, 230)", "the site's stylesheet is decrypted and applied")
        XCTAssertEqual(answers["entry_url"] as? String, "\(origin)/diary/#/2025/10/04/1030-autumn-walk/")
        XCTAssertEqual(answers["entry_text"] as? String, "Leaves on the river path, then tea at the corner café.")
        XCTAssertEqual(answers["entry_title"] as? String, "Autumn walk · Test diary")
        XCTAssertEqual(answers["entry_picture_width"] as? Int, 64)
        XCTAssertEqual(answers["back_heading"] as? String, "Latest: Autumn walk")
        XCTAssertEqual(answers["forward_heading"] as? String, "Autumn walk")
        XCTAssertEqual(answers["gallery_picture_width"] as? Int, 64)
        XCTAssertEqual(answers["data_result"] as? String, "산책 from JSON; query: q=산책")
        XCTAssertEqual(answers["data_url"] as? String, "\(origin)/diary/#/data/?q=%EC%82%B0%EC%B1%85")
        XCTAssertEqual(answers["reload_heading"] as? String, "Data")
        XCTAssertEqual(answers["reload_data_result"] as? String, "산책 from JSON; query: q=산책")
        XCTAssertEqual(answers["reload_asked_password"] as? Bool, false)
        XCTAssertEqual(answers["damaged_alert"] as? String,
                       "damaged/index.html could not be decrypted: it was changed or damaged after the diary was built")
        XCTAssertEqual(answers["missing_heading"] as? String, "This page isn’t in the diary")
        XCTAssertEqual(answers["bookmark_heading"] as? String, "Autumn walk")
        XCTAssertEqual(answers["after_lock_asks_password"] as? Bool, true)
        XCTAssertEqual(answers["after_lock_heading"] as? String, "Private diary")
        XCTAssertEqual(answers["storage_after_lock"] as? Int, 0)
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
            let isPublic = ["/diary/", "/diary/unlock.js", "/diary/unlock.css"].contains(path)
            let isOpaque = path.wholeMatch(of: try Regex(#"/diary/x/[0-9a-f]{2}/[0-9a-f]{30}\.bin"#)) != nil
            XCTAssertTrue(isPublic || isOpaque, "the server was asked for \(path)")
        }
    }

    // MARK: - The site

    /// A small hand-written site under `/diary/`: pages with absolute and relative links, a
    /// stylesheet, a picture, a script that fetches JSON, and the site's own not-found page.
    static func plainSite() -> [String: [UInt8]] {
        let picture = [UInt8](SolidPNG.make(width: 64, height: 48, red: 200, green: 120, blue: 40))
        func page(_ title: String, _ main: String, head: String = "") -> [UInt8] {
            Array("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>\(title) · Test diary</title>
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
