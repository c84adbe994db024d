import DaybookTestSupport
@testable import DiaryServer
import Foundation
import XCTest

final class SiteFileResolverTests: XCTestCase {
    var folder: URL!
    var output: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-resolver-\(UUID().uuidString)")
        output = folder.appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("2025/07"), withIntermediateDirectories: true)
        try Data("home".utf8).write(to: output.appendingPathComponent("index.html"))
        try Data("month".utf8).write(to: output.appendingPathComponent("2025/07/index.html"))
        try Data("a b".utf8).write(to: output.appendingPathComponent("2025/07/a b.txt"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    func real(_ path: String) -> SiteFileResolver.Lookup {
        .file(SiteFileResolver.realPath(output.appendingPathComponent(path).path)!)
    }

    func testFoldersServeTheirIndexAndEncodedNamesAreDecoded() {
        let resolver = SiteFileResolver(output: output, basePath: "/")
        XCTAssertEqual(resolver.resolve("/"), real("index.html"))
        XCTAssertEqual(resolver.resolve("/2025/07/"), real("2025/07/index.html"))
        XCTAssertEqual(resolver.resolve("/2025//07/"), real("2025/07/index.html"))
        XCTAssertEqual(resolver.resolve("/2025/07"), .redirect("/2025/07/"))
        XCTAssertEqual(resolver.resolve("/2025/07/a%20b.txt"), real("2025/07/a b.txt"))
        XCTAssertEqual(resolver.resolve("/2025/08/"), .notFound)
    }

    func testNothingOutsideTheOutputFolderIsReached() throws {
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("link.txt").path,
                                                   withDestinationPath: folder.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("parent").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("inside.html").path, withDestinationPath: "index.html")
        let resolver = SiteFileResolver(output: output, basePath: "/")
        for path in ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/%2E%2E%2Fsecret.txt", "/2025/../../secret.txt",
                     "/link.txt", "/parent/secret.txt", "/%00", "/index.html%00.txt", "/%zz", "relative",
                     "/..\\secret.txt", "/%5c..%5csecret.txt"] {
            XCTAssertEqual(resolver.resolve(path), .notFound, path)
        }
        XCTAssertEqual(resolver.resolve("/inside.html"), real("index.html"), "a link that stays inside is fine")
    }

    func testASubPathSiteIsServedOnlyUnderItsPath() {
        let resolver = SiteFileResolver(output: output, basePath: "/diary/")
        XCTAssertEqual(resolver.resolve("/"), .redirect("/diary/"))
        XCTAssertEqual(resolver.resolve("/diary"), .redirect("/diary/"))
        XCTAssertEqual(resolver.resolve("/diary/"), real("index.html"))
        XCTAssertEqual(resolver.resolve("/diary/2025/07/"), real("2025/07/index.html"))
        XCTAssertEqual(resolver.resolve("/2025/07/"), .notFound)
        XCTAssertEqual(resolver.resolve("/diaryx/"), .notFound)
    }
}
