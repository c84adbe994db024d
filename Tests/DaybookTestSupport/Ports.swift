import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 that nothing listens on.
public func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else { throw CocoaError(.fileWriteUnknown) }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Waits until something accepts connections on `port` of 127.0.0.1; `server` names it when
/// nothing does (a failure in CI, a skip elsewhere: `Requirement`).
public func waitForPort(_ port: Int, seconds: Double = 10, server: String,
                        file: StaticString = #filePath, line: UInt = #line) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if acceptsConnections(port) { return }
        usleep(50_000)
    }
    throw Requirement.serverDidNotStart(server, "nothing listens on port \(port) after \(seconds) s", file: file, line: line)
}

/// Whether something accepts a connection on `port` of 127.0.0.1 now.
public func acceptsConnections(_ port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
}

private func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return address
}
