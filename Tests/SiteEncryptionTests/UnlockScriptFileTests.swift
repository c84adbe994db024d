import DaybookTestSupport
import Foundation
@testable import SiteEncryption
import XCTest

final class UnlockScriptFileTests: XCTestCase {
    /// The binary carries Browser/unlock.js as UnlockScript.swift; `make theme` regenerates it.
    func testTheBuiltInUnlockScriptIsTheBrowserFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/SiteEncryption/Browser/unlock.js")
        let onDisk = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(onDisk == UnlockScript.source, "Sources/SiteEncryption/Browser/unlock.js differs from the built-in copy; run `make theme`")
    }
}
