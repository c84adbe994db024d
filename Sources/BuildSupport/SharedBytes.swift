import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes that many values refer into (the entry cache's entries into its file): an array's, or
/// a file's mapped into memory, which costs nothing until a page is read, where reading a file
/// of hundreds of megabytes into an array first zeroes and then copies every page.
public final class SharedBytes: @unchecked Sendable {
    @usableFromInline
    enum Storage {
        case array([UInt8])
        /// A read-only private mapping, unmapped when the last value that refers into it goes.
        case mapped(UnsafeRawBufferPointer)
    }

    @usableFromInline
    let storage: Storage

    public init(_ bytes: [UInt8]) {
        storage = .array(bytes)
    }

    /// Takes over a mapping made with `mmap` (`LocalFiles.map`): it is unmapped with the last
    /// reference to these bytes.
    public init(mapping: UnsafeRawBufferPointer) {
        storage = .mapped(mapping)
    }

    deinit {
        if case .mapped(let buffer) = storage, let base = buffer.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
        }
    }

    public var count: Int {
        switch storage {
        case .array(let bytes): return bytes.count
        case .mapped(let buffer): return buffer.count
        }
    }

    /// Inlinable, so that a caller in another module gets it specialized: the generic call cost
    /// more than the lookups of the entry cache's shared values it serves.
    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .array(let bytes): return try bytes.withUnsafeBytes(body)
        case .mapped(let buffer): return try body(buffer)
        }
    }

    /// The bytes in `range`, copied out.
    public subscript(range: Range<Int>) -> [UInt8] {
        withUnsafeBytes { Array(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Whether the bytes in `range` are `text`'s UTF-8.
    public func bytes(_ range: Range<Int>, areUTF8Of text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.count == range.count else { return false }
            guard let start = utf8.baseAddress else { return true }
            return withUnsafeBytes { all in memcmp(all.baseAddress! + range.lowerBound, start, range.count) == 0 }
        }
    }

    /// The UTF-8 in `range` as a string.
    public func string(_ range: Range<Int>) -> String {
        withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
