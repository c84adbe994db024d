import DiaryModel
import Foundation

/// What the last build wrote into the output folder: every file's path and a fingerprint of
/// its bytes (`OutputWriter.fingerprint`), saved in the build cache. Kept as byte ranges of the
/// saved file, so a nothing-changed build can look every file up without making a string of
/// each path; `entries()` makes them when needed.
struct Manifest {
    private let bytes: [UInt8]
    /// Each file's fingerprint and path.
    private let lines: [(fingerprint: Range<Int>, path: Range<Int>)]

    /// The manifest the last build into this cache's output folder saved; nil when it is
    /// missing or damaged.
    static func load(from cache: BuildCache) -> Manifest? {
        cache.read(.manifest).flatMap(Manifest.init(bytes:))
    }

    /// Saves output path → fingerprint, in no particular order: sorting tens of thousands of
    /// paths would cost more than writing them.
    static func save(_ entries: [String: String], to cache: BuildCache) throws {
        try cache.write(.manifest, pairs: entries.lazy.map { ($0.value, $0.key) })
    }

    /// Reads a saved manifest; nil when it is damaged.
    init?(bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard let count = reader.int(), count >= 0, count <= bytes.count else { return nil }
        var lines: [(fingerprint: Range<Int>, path: Range<Int>)] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            guard let fingerprint = reader.range(), let path = reader.range(), fingerprint.count >= 2,
                  bytes[fingerprint.lowerBound] == UInt8(ascii: "b") || bytes[fingerprint.lowerBound] == UInt8(ascii: "c"),
                  bytes[fingerprint.lowerBound + 1] == UInt8(ascii: ":") else { return nil }
            lines.append((fingerprint, path))
        }
        guard reader.isAtEnd else { return nil }
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
