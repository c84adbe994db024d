import DaybookTestSupport
@testable import DiaryServer
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class ListeningSocketTests: XCTestCase {
    /// A listening TCP socket on a free port of 127.0.0.1, and that port.
    private func listeningSocket() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(descriptor, 4), 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private func noDelay(_ descriptor: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length)
        return value
    }

    func testTheSocketListeningOnThePortGetsNoDelayAndOthersDoNot() throws {
        let served = try listeningSocket()
        let other = try listeningSocket()
        defer {
            close(served.descriptor)
            close(other.descriptor)
        }
        XCTAssertEqual(noDelay(served.descriptor), 0)
        XCTAssertTrue(ListeningSocket.disableNagle(port: served.port))
        XCTAssertNotEqual(noDelay(served.descriptor), 0)
        XCTAssertEqual(noDelay(other.descriptor), 0)
    }

    func testAPortNobodyListensOnIsReportedAsNotFound() throws {
        let closed = try listeningSocket()
        close(closed.descriptor)
        XCTAssertFalse(ListeningSocket.disableNagle(port: closed.port))
    }
}
