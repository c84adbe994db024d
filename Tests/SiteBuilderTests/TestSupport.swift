import DaybookTestSupport
import DiaryModel
import Foundation
@testable import SiteBuilder
@testable import SiteEncryption
@testable import SiteOutput
@testable import SitePages
import XCTest

/// Keys of a site key made from `password` and `salt` (the same for the same two, so that two
/// builds with them can be compared), in a password slot with few PBKDF2 rounds: the rounds are
/// SiteKeys' concern, not the build's.
func fixedKeys(_ password: String = "봄 일기 password", salt: UInt8 = 7) throws -> SiteKeys {
    let saltBytes = [UInt8](repeating: salt, count: SiteKeys.saltByteCount)
    let siteKey = HMACSHA256.sha256(Array("test site key".utf8) + saltBytes + Array(password.utf8))
    let slot = try KeySlot.password(password, wrapping: siteKey, id: "5a1t\(salt)", iterations: 1_000, salt: saltBytes,
                                    nonce: Array(repeating: salt, count: 12))
    return SiteKeys(siteKey: siteKey, slots: [slot])
}

/// The folder of fixture diaries, found through #filePath so tests need no resource rules.
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A copy of a fixture diary in a temporary folder, so builds never write into the repository.
func copyOfFixture(_ name: String, test: XCTestCase) throws -> URL {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-site-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for item in ["daybook.yml", "Content", "Templates"] {
        let source = fixturesFolder.appendingPathComponent(name).appendingPathComponent(item)
        if FileManager.default.fileExists(atPath: source.path) {
            try FileManager.default.copyItem(at: source, to: copy.appendingPathComponent(item))
        }
    }
    test.addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
    return copy
}

/// A copy of the diary at `root` (its daybook.yml, Content/ and Templates/) in a temporary
/// folder with no output or build cache: a full build of it is what any other build must give.
func freshCopy(of root: URL, test: XCTestCase) throws -> URL {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-fresh-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for item in ["daybook.yml", "Content", "Templates"] where FileManager.default.fileExists(atPath: root.appendingPathComponent(item).path) {
        try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: copy.appendingPathComponent(item))
    }
    test.addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
    return copy
}

/// Every file below `folder` (relative path → bytes), leaving out the output folder's mark.
func filesBelow(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
    let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
    for case let url as URL in enumerator {
        guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
        let relative = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(base.count + 1))
        if relative == OutputFolder.marker { continue }
        files[relative] = try Data(contentsOf: url)
    }
    return files
}

/// Fails the test unless the output of the diary at `root` (made from the fixture `fixture`) is
/// byte for byte what a full build of its Content/, in a fresh copy of the fixture, gives.
func assertOutputIsAFullBuilds(_ root: URL, fixture: String, test: XCTestCase, _ what: String = "",
                               file: StaticString = #filePath, line: UInt = #line) throws {
    let fresh = try copyOfFixture(fixture, test: test)
    try FileManager.default.removeItem(at: fresh.appendingPathComponent("Content"))
    try FileManager.default.copyItem(at: root.appendingPathComponent("Content"), to: fresh.appendingPathComponent("Content"))
    try buildSite(fresh, file: file, line: line)
    let expected = try filesBelow(fresh.appendingPathComponent("Output"))
    let actual = try filesBelow(root.appendingPathComponent("Output"))
    XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), what, file: file, line: line)
    for path in expected.keys.sorted() where actual[path] != expected[path] {
        XCTFail("\(path) differs from a full build \(what)", file: file, line: line)
    }
}

/// Builds a diary folder and fails the test on any diagnostic.
@discardableResult
func buildSite(_ root: URL, options: SiteBuilder.Options = .init(), file: StaticString = #filePath, line: UInt = #line) throws -> SiteBuilder.Report {
    let report = try SiteBuilder(root: root).build(options)
    XCTAssertEqual(report.diagnostics.map(\.description), [], file: file, line: line)
    return report
}

// MARK: - Links

/// One internal reference that does not resolve to a file (or to an id in it).
struct BrokenLink: CustomStringConvertible {
    var page: String
    var reference: String
    var description: String { "\(page) → \(reference)" }
}

/// Crawls every HTML page of a built site and lists the `href` and `src` values under
/// `baseURL` that lead to no file, and `#fragments` that name no `id` in their page.
func brokenLinks(in output: URL, baseURL: String) throws -> [BrokenLink] {
    let files = try filesBelow(output)
    var broken: [BrokenLink] = []
    var idsByPage: [String: Set<String>] = [:]
    func ids(in page: String) -> Set<String> {
        if let known = idsByPage[page] { return known }
        let html = String(decoding: files[page] ?? Data(), as: UTF8.self)
        let found = Set(attributeValues(named: "id", in: html))
        idsByPage[page] = found
        return found
    }
    for (page, data) in files where page.hasSuffix(".html") {
        let html = String(decoding: data, as: UTF8.self)
        for reference in attributeValues(named: "href", in: html) + attributeValues(named: "src", in: html) {
            // cmark's safe mode turns a `javascript:` link into `href=""`: a link to the page itself.
            if reference.isEmpty { continue }
            if reference.hasPrefix("#") {
                if !ids(in: page).contains(String(reference.dropFirst())) { broken.append(BrokenLink(page: page, reference: reference)) }
                continue
            }
            if reference.contains("://") || reference.hasPrefix("mailto:") || reference.hasPrefix("data:") { continue }
            guard reference.hasPrefix(baseURL) else {
                broken.append(BrokenLink(page: page, reference: reference + " (not under \(baseURL))"))
                continue
            }
            var path = String(reference.dropFirst(baseURL.count))
            var fragment: String?
            if let hash = path.firstIndex(of: "#") {
                fragment = String(path[path.index(after: hash)...])
                path = String(path[..<hash])
            }
            if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
            path = path.removingPercentEncoding ?? path
            if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
            guard files[path] != nil else {
                broken.append(BrokenLink(page: page, reference: reference))
                continue
            }
            if let fragment, !fragment.isEmpty, !ids(in: path).contains(fragment) {
                broken.append(BrokenLink(page: page, reference: reference))
            }
        }
    }
    return broken.sorted { ($0.page, $0.reference) < ($1.page, $1.reference) }
}

/// The values of `name="…"` attributes in HTML (double-quoted, as the theme writes them).
func attributeValues(named name: String, in html: String) -> [String] {
    var values: [String] = []
    var rest = html[...]
    let needle = " \(name)=\""
    while let start = rest.range(of: needle) {
        rest = rest[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { break }
        values.append(decodeEntities(String(rest[..<end])))
        rest = rest[end...]
    }
    return values
}

private func decodeEntities(_ text: String) -> String {
    text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
        .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
}
