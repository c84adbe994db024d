#if os(Linux)
import CCurlOnDemand
import DaybookTestSupport
import XCTest

/// libcurl opened on first use (CCurlOnDemand): the program's own definitions of the functions
/// Foundation's URL loading calls must reach the real library.
final class CurlOnDemandTests: XCTestCase {
    func testTheStandInsReachTheRealLibrary() throws {
        XCTAssertNil(daybook_curl_load().map { String(cString: $0) })
        let version = String(cString: curl_version())
        XCTAssertTrue(version.hasPrefix("libcurl/"), version)

        let handle = try XCTUnwrap(curl_easy_init(), "libcurl gives a new handle")
        curl_easy_cleanup(handle)
        XCTAssertEqual(String(cString: curl_easy_strerror(CURLE_OK)), "No error")
    }
}
#endif
