import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's listening socket, found among the process's open files by the port it listens on.
///
/// The HTTP server writes a response's header and its body in two writes. With Nagle's algorithm
/// on, the body waits for the browser to acknowledge the header, and browsers delay that
/// acknowledgement by about 40 ms: every page and asset fetched over a kept-alive connection
/// arrived 40 ms late. Connections accepted by a listening socket with `TCP_NODELAY` inherit it.
enum ListeningSocket {
    /// Turns Nagle's algorithm off on the socket listening on `port`; false when none is found.
    @discardableResult
    static func disableNagle(port: UInt16) -> Bool {
        var found = false
        for descriptor in openDescriptors() where isListening(descriptor, on: port) {
            var on: Int32 = 1
            if setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 { found = true }
        }
        return found
    }

    private static func openDescriptors() -> [Int32] {
        #if os(Linux)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
        #else
        return Array(0..<Int32(getdtablesize()))
        #endif
    }

    private static func isListening(_ descriptor: Int32, on port: UInt16) -> Bool {
        var accepting: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0, accepting == 1 else { return false }
        var address = sockaddr_storage()
        var addressLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) }
        }
        guard named == 0 else { return false }
        switch Int32(address.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } } == port
        case AF_INET6:
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) } } == port
        default:
            return false
        }
    }
}
