import BuildSupport
import DiaryModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths kept one after the other in one buffer, each ending in a NUL: a list of a hundred
/// thousand paths that is saved and read in one copy, and handed to the system one by one
/// without making a string of each.
public struct PathList: Equatable, Sendable {
    /// The paths, each followed by a NUL, as saved.
    public private(set) var bytes: [UInt8] = []
    /// Where each path begins in `bytes`.
    private var starts: [Int] = []

    public init() {}

    /// The list saved as `bytes`; nil when the last path is not terminated.
    public init?(bytes: [UInt8]) {
        guard bytes.isEmpty || bytes.last == 0 else { return nil }
        self.bytes = bytes
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                starts.append(start)
                start += strlen(UnsafeRawPointer(base + start).assumingMemoryBound(to: CChar.self)) + 1
            }
        }
    }

    public var count: Int { starts.count }

    public mutating func append<Path: Collection>(_ path: Path) where Path.Element == UInt8 {
        starts.append(bytes.count)
        bytes.append(contentsOf: path)
        bytes.append(0)
    }

    /// The paths as the system takes them, while `body` runs.
    public struct Access {
        fileprivate let base: UnsafePointer<UInt8>
        fileprivate let starts: [Int]
        fileprivate let end: Int

        /// Path `position` as a C string; "." for the empty path (the folder itself).
        public func path(at position: Int) -> UnsafePointer<CChar> {
            let path = UnsafeRawPointer(base + starts[position]).assumingMemoryBound(to: CChar.self)
            return path.pointee == 0 ? PathList.dot : path
        }

        /// The bytes of path `position`, without its NUL ("" stays empty).
        public func bytes(at position: Int) -> UnsafeRawBufferPointer {
            let next = position + 1 < starts.count ? starts[position + 1] : end
            return UnsafeRawBufferPointer(start: base + starts[position], count: next - starts[position] - 1)
        }
    }

    private static let dot: UnsafePointer<CChar> = UnsafePointer(strdup(".")!)

    public func withAccess<Result>(_ body: (Access) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            // An empty list has no buffer; its access is never asked for a path.
            let base = buffer.baseAddress ?? UnsafeRawPointer(PathList.dot).assumingMemoryBound(to: UInt8.self)
            return body(Access(base: base, starts: starts, end: buffer.count))
        }
    }

    /// `transform` of each run of up to 1,024 positions, on every core: one system call per path
    /// costs more than anything else a nothing-changed build does.
    public func mapOnEveryCore<Output>(_ transform: (Range<Int>, Access) -> Output) -> [Output] {
        let chunks = stride(from: 0, to: count, by: 1024).map { $0..<min(count, $0 + 1024) }
        return withAccess { access in ParallelMap.map(chunks, chunkSize: 1) { transform($0, access) } }
    }

    /// Whether `holds` of every position but the `skipped` ones, given what a stat of its path
    /// (relative to the open folder `base`, `NearFolderStat`) found, nil when it failed; asked on every core.
    public func allSatisfyOnEveryCore(statingIn base: Int32, skipping skipped: Set<Int> = [], _ holds: (Int, stat?) -> Bool) -> Bool {
        !mapOnEveryCore { chunk, access in
            var near = NearFolderStat(base: base)
            var info = stat()
            for position in chunk where !skipped.contains(position) {
                let found = near.stat(access.path(at: position), bytes: access.bytes(at: position), into: &info)
                if !holds(position, found ? info : nil) { return false }
            }
            return true
        }.contains(false)
    }
}
