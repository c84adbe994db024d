import DiaryModel
import Foundation

/// What the last build wrote, as `OutputFolder.saveManifest` saved it: lines of
/// `<fingerprint>\t<path>\n`. Kept as byte ranges of the file, so a nothing-changed build can look
/// every file up without making a string of each path; `entries()` makes them when needed.
struct Manifest {
    private let bytes: [UInt8]
    /// Each line's fingerprint and path.
    private let lines: [(fingerprint: Range<Int>, path: Range<Int>)]

    /// Reads the lines of a saved manifest; nil when it is damaged.
    init?(bytes: [UInt8]) {
        var lines: [(fingerprint: Range<Int>, path: Range<Int>)] = []
        var lineStart = 0
        while lineStart < bytes.count {
            guard let tab = bytes[lineStart...].firstIndex(of: 0x09), let end = bytes[tab...].firstIndex(of: 0x0A),
                  tab - lineStart >= 2, bytes[lineStart] == UInt8(ascii: "b") || bytes[lineStart] == UInt8(ascii: "c"),
                  bytes[lineStart + 1] == UInt8(ascii: ":") else { return nil }
            lines.append((lineStart..<tab, tab + 1..<end))
            lineStart = end + 1
        }
        self.bytes = bytes
        self.lines = lines
    }

    var count: Int { lines.count }

    /// Output path → fingerprint.
    func entries() -> [String: String] {
        var entries: [String: String] = [:]
        entries.reserveCapacity(lines.count)
        for line in lines {
            entries[String(decoding: bytes[line.path], as: UTF8.self)] = String(decoding: bytes[line.fingerprint], as: UTF8.self)
        }
        return entries
    }

    /// The paths that `exists` says are gone. Asked in path order: files of one folder one after
    /// the other, which the kernel's caches answer a third faster than the manifest's own order.
    /// `exists` gets each path as a NUL-terminated C string and is called on every core.
    func paths(missing exists: @Sendable (UnsafePointer<CChar>) -> Bool) -> Set<String> {
        var paths = lines.map(\.path)
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            paths.sort { a, b in
                let order = memcmp(base + a.lowerBound, base + b.lowerBound, min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        let batches = stride(from: 0, to: paths.count, by: 512).map { $0..<min(paths.count, $0 + 512) }
        let missing = ParallelMap.map(batches, chunkSize: 1) { batch -> [String] in
            var name = [CChar](repeating: 0, count: 4096)
            var missing: [String] = []
            for range in paths[batch] {
                let path = bytes[range]
                guard range.count < name.count else {
                    missing.append(String(decoding: path, as: UTF8.self))
                    continue
                }
                let found = name.withUnsafeMutableBufferPointer { target -> Bool in
                    path.withUnsafeBufferPointer { UnsafeMutableRawPointer(target.baseAddress!).copyMemory(from: $0.baseAddress!, byteCount: range.count) }
                    target[range.count] = 0
                    return exists(target.baseAddress!)
                }
                if !found { missing.append(String(decoding: path, as: UTF8.self)) }
            }
            return missing
        }
        return Set(missing.joined())
    }
}
