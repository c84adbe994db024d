import DaybookTestSupport
import DiaryServer
import Foundation
import SiteBuilder
import XCTest

/// The whole of `daybook serve` on a free port: pages, safety, content types, rebuilds and reloads.
final class ServeTests: XCTestCase {
    let entryPath = "Content/notes/2025-07-05-tired.md"
    let entryURL = "/diary/2025/07/05/tired/"

    func testServedPageIsTheBuiltFilePlusTheReloadScript() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            for (target, file) in [("/diary/", "index.html"), (entryURL, "2025/07/05/tired/index.html"), ("/diary/404.html", "404.html")] {
                let response = try fetch(target, port: port)
                XCTAssertEqual(response.status, 200, target)
                let built = try diary.read("Output/" + file)
                let generation = try XCTUnwrap(servedGeneration(response.text), target)
                XCTAssertTrue(response.text.contains(ReloadScript.tag(generation: generation) + "</body>"), target)
                XCTAssertEqual(withoutReloadTag(response.text), built, target)
                XCTAssertEqual(response.text.components(separatedBy: ReloadScript.scriptPath).count, 2, target)
            }
            XCTAssertFalse(try diary.read("Output/index.html").contains(ReloadScript.scriptPath), "the files themselves never carry the script")
        }
    }

    func testSiteUnderASubPathIsReachedFromTheRootAndFoldersGetTheirSlash() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            let root = try fetch("/", port: port)
            XCTAssertEqual(root.status, 302)
            XCTAssertEqual(root.header("Location"), "/diary/")
            XCTAssertEqual(try fetch("/diary", port: port).header("Location"), "/diary/")
            let folder = try fetch("/diary/2025/07/05/tired?from=test", port: port)
            XCTAssertEqual(folder.status, 302)
            XCTAssertEqual(folder.header("Location"), "/diary/2025/07/05/tired/?from=test")
            XCTAssertEqual(try fetch("/2025/07/05/tired/", port: port).status, 404, "outside the base path nothing is served")
        }
    }

    func testThePreviewsServiceWorkerKeepsNothingAndRemovesAnEarlierOne() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            XCTAssertNotEqual(try diary.read("Output/sw.js"), OfflineWorker.removal, "the built site has its real worker")
            let worker = try fetch("/diary/sw.js", port: port)
            XCTAssertEqual(worker.status, 200)
            XCTAssertEqual(worker.header("Content-Type"), "text/javascript; charset=utf-8")
            XCTAssertEqual(worker.text, OfflineWorker.removal, "serve answers with the worker that unregisters itself")
        }
    }

    func testTraversalAttemptsAndHiddenFilesAreNotFound() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            let secret = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-secret-\(UUID().uuidString)")
            try Data("secret words\n".utf8).write(to: secret)
            defer { try? FileManager.default.removeItem(at: secret) }
            try FileManager.default.createSymbolicLink(atPath: diary.output.appendingPathComponent("leak.txt").path, withDestinationPath: secret.path)
            try FileManager.default.createSymbolicLink(atPath: diary.output.appendingPathComponent("up").path, withDestinationPath: diary.root.path)
            let attempts = [
                "/../daybook.yml", "/%2e%2e/daybook.yml", "/..%2fdaybook.yml", "/%2E%2E%2Fdaybook.yml",
                "/diary/../daybook.yml", "/diary/%2e%2e/daybook.yml", "/diary/..%2f..%2fdaybook.yml", "/diary/%2e%2e%2f%2e%2e%2fdaybook.yml",
                "/diary/..%5cdaybook.yml", "/diary/....//daybook.yml", "/diary/%252e%252e/daybook.yml",
                "/diary/leak.txt", "/diary/up/daybook.yml", "/diary/up/Content/notes/2025-07-05-tired.md",
                "/diary/.daybook-output", "/diary/.daybook/manifest.tsv", "/diary/%2edaybook/manifest.tsv",
            ]
            for attempt in attempts {
                let response = try fetch(attempt, port: port)
                XCTAssertEqual(response.status, 404, attempt)
                XCTAssertFalse(response.text.contains("secret words") || response.text.contains("base_url") || response.text.contains("emotion: tired"), attempt)
            }
            let notFound = try fetch("/diary/no/such/page/", port: port)
            XCTAssertEqual(notFound.status, 404)
            XCTAssertEqual(notFound.text, try diary.read("Output/404.html").replacingOccurrences(of: "</body>", with: ReloadScript.tag(generation: servedGeneration(notFound.text) ?? -1) + "</body>"),
                           "the site's own 404 page, with the reload script")
        }
    }

    func testFilesCarryTheirContentTypeAndAreNeverCached() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            let images = try FileManager.default.contentsOfDirectory(atPath: diary.output.appendingPathComponent("images").path)
            let png = try XCTUnwrap(images.first { $0.hasSuffix(".png") })
            let expected = [
                ("/diary/", "text/html; charset=utf-8"),
                ("/diary/assets/style.css", "text/css; charset=utf-8"),
                ("/diary/robots.txt", "text/plain; charset=utf-8"),
                ("/diary/images/\(png)", "image/png"),
                (ReloadScript.scriptPath, "text/javascript; charset=utf-8"),
            ]
            for (target, type) in expected {
                let response = try fetch(target, port: port)
                XCTAssertEqual(response.status, 200, target)
                XCTAssertEqual(response.header("Content-Type"), type, target)
                XCTAssertEqual(response.header("Cache-Control"), "no-store", target)
            }
            let image = try fetch("/diary/images/\(png)", port: port)
            let published = try Data(contentsOf: diary.output.appendingPathComponent("images/\(png)"))
            XCTAssertEqual(image.body, [UInt8](published), "binary files are served byte for byte")
            let head = try fetch("/diary/robots.txt", port: port, method: "HEAD")
            XCTAssertEqual(head.status, 200)
            XCTAssertEqual(head.header("Content-Length"), "26")
            XCTAssertEqual(try fetch("/diary/", port: port, method: "POST").status, 405)
        }
    }

    func testEditingAnEntryServesTheNewTextAndTellsOpenPagesToReload() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            let page = try LiveSocket(port: port)
            XCTAssertTrue(eventually { server.connectedPages == 1 })
            try diary.save(entryPath, try diary.read(entryPath).replacingOccurrences(of: "the lake was calm", with: "the lake was silver"))
            XCTAssertEqual(page.nextMessage(), "reload")
            let response = try fetch(entryURL, port: port)
            XCTAssertTrue(response.text.contains("the lake was silver"))
            XCTAssertEqual(withoutReloadTag(response.text), try diary.read("Output/2025/07/05/tired/index.html"))
        }
    }

    func testStoppingRightAfterAnEditSavesTheBuildCacheForTheCommandLine() async throws {
        let diary = try TemporaryDiary()
        let (server, port) = try await startServer(for: diary)
        let page = try LiveSocket(port: port)
        XCTAssertTrue(eventually { server.connectedPages == 1 })
        try diary.save(entryPath, try diary.read(entryPath).replacingOccurrences(of: "the lake was calm", with: "the lake was silver"))
        XCTAssertEqual(page.nextMessage(), "reload")
        // The cache waits for a quiet moment; stopping does not wait for one.
        await server.stop()
        XCTAssertTrue(SiteBuilder(root: diary.root).isUpToDate(.init()))
    }

    func testAPageWhoseSocketOpensAfterTheReloadWentOutIsToldToReload() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            let before = try fetch(entryURL, port: port)
            let served = try XCTUnwrap(servedGeneration(before.text))
            let watching = try LiveSocket(port: port)
            XCTAssertTrue(eventually { server.connectedPages == 1 })
            try diary.save(entryPath, try diary.read(entryPath).replacingOccurrences(of: "the lake was calm", with: "the lake was silver"))
            XCTAssertEqual(watching.nextMessage(), "reload")

            // The page served before the build connects only now: it is told to reload at once.
            let late = try LiveSocket(port: port)
            late.say("hello \(served)")
            XCTAssertEqual(late.nextMessage(), "reload")
            // A page served after the build is up to date and hears nothing.
            let after = try fetch(entryURL, port: port)
            XCTAssertEqual(servedGeneration(after.text), served + 1)
            let current = try LiveSocket(port: port, timeout: 1)
            current.say("hello \(served + 1)")
            XCTAssertNil(current.nextMessage())
        }
    }

    func testABrokenEntryShowsTheErrorWhileTheLastGoodSiteIsServed() async throws {
        let diary = try TemporaryDiary()
        let console = CapturedConsole()
        try await serving(diary, console: console) { server, port in
            let page = try LiveSocket(port: port)
            XCTAssertTrue(eventually { server.connectedPages == 1 })
            let good = try diary.read(entryPath)
            try diary.save(entryPath, good.replacingOccurrences(of: "date: 2025-07-05T07:00:00Z", with: "date: someday")
                .replacingOccurrences(of: "the lake was calm", with: "the lake was broken"))

            let error = try XCTUnwrap(page.nextMessage())
            XCTAssertTrue(error.hasPrefix("error\n\(entryPath):"), error)
            XCTAssertTrue(error.contains("Build failed with 1 error"), error)
            XCTAssertTrue(console.text.contains("err: \(entryPath):"), console.text)
            let served = try fetch(entryURL, port: port)
            XCTAssertEqual(served.status, 200)
            XCTAssertTrue(served.text.contains("the lake was calm"), "the last good page keeps being served")

            let later = try LiveSocket(port: port)
            XCTAssertEqual(later.nextMessage(), error, "a page opened while the build is broken sees the error at once")

            try diary.save(entryPath, good)
            XCTAssertEqual(page.nextMessage(), "ok", "fixed back to the same site: nothing to reload, the overlay goes")
            XCTAssertEqual(later.nextMessage(), "ok")
        }
    }

    func testNewFoldersAndFilesAreWatchedAndRebuilt() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            let page = try LiveSocket(port: port)
            XCTAssertTrue(eventually { server.connectedPages == 1 })
            try diary.write("Content/2025/07/06/swim.md", "---\ndate: 2025-07-06 10:00\nemotion: happy\n---\nA cold morning swim.\n")
            XCTAssertEqual(page.nextMessage(), "reload")
            XCTAssertTrue(try eventually { try fetch("/diary/2025/07/06/swim/", port: port).text.contains("A cold morning swim.") })
            try diary.write("Content/2025/07/06/later.md", "---\ndate: 2025-07-06 18:00\nemotion: calm\n---\nEvening by the water.\n")
            XCTAssertEqual(page.nextMessage(), "reload", "a file in a folder made after the server started is noticed")
            XCTAssertEqual(try fetch("/diary/2025/07/06/later/", port: port).status, 200)
        }
    }

    func testChangingTheThemeAndTheConfigurationRebuilds() async throws {
        let diary = try TemporaryDiary()
        let console = CapturedConsole()
        try await serving(diary, console: console) { server, port in
            let page = try LiveSocket(port: port)
            XCTAssertTrue(eventually { server.connectedPages == 1 })
            try diary.write("Templates/assets/extra.css", "body { color: teal }\n")
            XCTAssertEqual(page.nextMessage(), "reload")
            XCTAssertEqual(try fetch("/diary/assets/extra.css", port: port).text, "body { color: teal }\n")

            try diary.save("daybook.yml", try diary.read("daybook.yml").replacingOccurrences(of: "Lake notes", with: "Pond notes")
                .replacingOccurrences(of: "/diary/", with: "/pond/"))
            XCTAssertEqual(page.nextMessage(), "reload")
            XCTAssertTrue(try fetch("/pond/", port: port).text.contains("Pond notes"), "the site moves with base_url")
            XCTAssertEqual(try fetch("/", port: port).header("Location"), "/pond/")
            XCTAssertEqual(server.url?.absoluteString, "http://127.0.0.1:\(port)/pond/")
            XCTAssertTrue(console.text.contains("out: The site moved to http://127.0.0.1:\(port)/pond/"), console.text)
        }
    }

    func testStoppingClosesOpenPagesAndFreesThePort() async throws {
        let diary = try TemporaryDiary()
        let (server, port) = try await startServer(for: diary)
        let page = try LiveSocket(port: port)
        XCTAssertTrue(eventually { server.connectedPages == 1 })
        let started = Date()
        await server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertNil(page.nextMessage(), "the live socket is closed")
        XCTAssertThrowsError(try fetch("/diary/", port: port))
    }

    func testABusyPortAndABadHostAreReported() async throws {
        let diary = try TemporaryDiary()
        try await serving(diary) { server, port in
            let second = DiaryServer(root: diary.root, options: .init(host: "127.0.0.1", port: port))
            do {
                try await second.start()
                XCTFail("two servers on one port")
            } catch let error as ServeError {
                XCTAssertFalse(error.isUsage)
                XCTAssertTrue(error.description.contains("127.0.0.1:\(port)"), error.description)
            }
            do {
                try await DiaryServer(root: diary.root, options: .init(host: "my-laptop", port: 0)).start()
                XCTFail("a host name that is not an address")
            } catch let error as ServeError {
                XCTAssertEqual(error, .invalidHost("my-laptop"))
                XCTAssertTrue(error.isUsage)
            }
        }
    }

    func testARefusedOutputFolderIsAUsageError() async throws {
        let diary = try TemporaryDiary()
        let options = DiaryServer.Options(build: .init(output: diary.root.appendingPathComponent("Content/site")), host: "127.0.0.1", port: 0)
        do {
            try await DiaryServer(root: diary.root, options: options).start()
            XCTFail("served into Content/")
        } catch let error as ServeError {
            XCTAssertTrue(error.isUsage, error.description)
        }
    }
}
