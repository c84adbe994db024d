import DiaryFiles
import Foundation

/// The entry cache's readings in the order they were made or saved in, which is the order of
/// Content/'s listing (`ContentFiles.entryPaths`), kept in the parts they were decoded in. A
/// reading of the same files finds each one at its own position, so an edit's build looks
/// nothing up by path; the index by path is made only when something asks for it (a file was
/// added or removed, `daybook serve` rereads a file), and then kept.
struct ReadingsInOrder: Sendable {
    typealias Reading = (path: String, source: EntryCache.Source)

    private let parts: [[Reading]]
    /// Where each part starts among all the readings.
    private let starts: [Int]
    let count: Int
    private let index: PathIndex

    init(parts: [[Reading]]) {
        var starts: [Int] = []
        var count = 0
        for part in parts {
            starts.append(count)
            count += part.count
        }
        self.parts = parts
        self.starts = starts
        self.count = count
        index = PathIndex()
    }

    subscript(position: Int) -> Reading {
        let part = starts.partitioningIndex { $0 > position } - 1
        return parts[part][position - starts[part]]
    }

    /// The reading of `path` if it is the one at `position`.
    func source(_ path: String, at position: Int) -> EntryCache.Source? {
        guard position >= 0, position < count else { return nil }
        let reading = self[position]
        return reading.path == path ? reading.source : nil
    }

    /// The position of the reading of `path`, by the index (made at the first call).
    func position(of path: String) -> Int? {
        index.positions(of: parts, count: count)[path]
    }

    /// Makes the index now, if no call made it yet.
    func makeIndex() {
        _ = index.positions(of: parts, count: count)
    }

    /// Every reading, in order.
    var all: FlattenSequence<[[Reading]]> { parts.joined() }

    /// Path → position, made once, by whichever caller first needs it (others wait for it).
    private final class PathIndex: @unchecked Sendable {
        private let lock = NSLock()
        // Written once under `lock`, read under it.
        private var made: [String: Int]?

        func positions(of parts: [[Reading]], count: Int) -> [String: Int] {
            lock.lock()
            defer { lock.unlock() }
            if let made { return made }
            var positions: [String: Int] = [:]
            positions.reserveCapacity(count)
            var position = 0
            for part in parts {
                for reading in part {
                    positions[reading.path] = position
                    position += 1
                }
            }
            made = positions
            return positions
        }
    }
}
