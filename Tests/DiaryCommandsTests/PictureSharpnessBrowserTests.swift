import DaybookTestSupport
import DiaryCorpus
import Foundation
import XCTest

/// Pictures are drawn sharp (SPEC §9): on an entry page at a desktop's size and density (1280 px,
/// 2×) and a phone's (390 px, 3×), in real Chromium, every picture's file is at least twice the
/// CSS width it is shown at, or the widest file there is; in the plain site and in the reader of
/// the encrypted one, which picks from the same candidates.
final class PictureSharpnessBrowserTests: XCTestCase {
    private let password = "sharp photos"

    func testEveryPictureOfAnEntryPageIsDrawnFromAFileTwiceItsWidth() throws {
        let python = try Requirement.browserPython()
        let root = try photoDiary()
        let plain = root.appendingPathComponent("Plain")
        let build = try runDaybook(["build", "-C", root.path, "--output", plain.path])
        XCTAssertEqual(build.status, 0, build.standardError)
        let encrypted = try runDaybook(["build", "--encrypt", "-C", root.path], environment: environment(password: password))
        XCTAssertEqual(encrypted.status, 0, encrypted.standardError)

        for (output, password) in [(plain, nil), (root.appendingPathComponent("Output"), password)] {
            let server = try StaticServer(site: output, test: self)
            defer { server.stop() }
            let answers = try runBrowserScript(python, "picture_widths.py",
                                               ["\(server.origin)/", "2025/10/04/photos/"] + (password.map { [$0] } ?? []))
            let site = password == nil ? "plain" : "encrypted"
            XCTAssertNil(answers["failed"], site)
            let devices = try XCTUnwrap(answers["devices"] as? [String: [[String: Any]]], site)
            XCTAssertEqual(Set(devices.keys), ["1280x2", "390x3"], site)
            for (device, pictures) in devices {
                XCTAssertEqual(pictures.count, 4, "\(site) \(device)")
                for picture in pictures {
                    let css = picture["css"] as? Double ?? 0, file = picture["file"] as? Int ?? 0, widest = picture["widest"] as? Int ?? 0
                    XCTAssertGreaterThan(css, 100, "\(site) \(device): \(picture)")
                    XCTAssertGreaterThanOrEqual(Double(file), min(2 * css, Double(widest)), "\(site) \(device): \(picture)")
                }
            }
            XCTAssertEqual(answers["errors"] as? [String], [], site)
        }
    }

    /// An entry with four pictures: three in its grid (landscape, portrait and one narrower than
    /// the grid wants) and one in its text, as wide as the column.
    private func photoDiary() throws -> URL {
        let root = temporaryFolder(self).appendingPathComponent("diary")
        let photos = root.appendingPathComponent("Content/photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (name, width, height) in [("wide", 2400, 1600), ("tall", 1200, 1800), ("small", 500, 400), ("text", 3000, 2000)] {
            try SolidPNG.make(width: width, height: height, red: 80, green: 140, blue: 200).write(to: photos.appendingPathComponent("\(name).png"))
        }
        try Data("title: Photos\ntimezone: Europe/London\n".utf8).write(to: root.appendingPathComponent("daybook.yml"))
        try Data("""
            ---
            title: Photos
            date: 2025-10-04 10:30
            emotion: happy
            images: [photos/wide.png, photos/tall.png, photos/small.png]
            ---
            A walk.

            ![The path](photos/text.png)

            Home again.
            """.utf8).write(to: root.appendingPathComponent("Content/photos.md"))
        return root
    }
}
