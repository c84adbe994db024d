import Foundation
import XCTest

/// The package's root folder, found through #filePath: fixtures, the Browser/ scripts and the
/// test tools under .build/.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh empty folder, removed when the test ends.
public func temporaryFolder(_ test: XCTestCase) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-test-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}
