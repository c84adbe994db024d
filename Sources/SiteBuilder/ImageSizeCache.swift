import DiaryFiles
import DiaryModel
import DiaryReader
import Foundation

/// The pixel sizes read from pictures by the last build, by file, so that a build opens only
/// pictures that are new or changed: a diary of photos has thousands, each read from disk.
/// Kept in the build cache; a missing or damaged file only means reading again.
struct ImageSizeCache {
    /// What one picture file was when its size was read.
    struct Reading: Equatable {
        var fileSize: Int
        /// Nanoseconds since 1970; -1 when the file was modified too recently to trust it.
        var modified: Int
        var size: ImageSize?
    }

    /// Content path (`Content/images/lake.png`) → its last reading.
    var readings: [String: Reading] = [:]


    /// Sizes by content path, from this cache where the file's size and time still match, read
    /// from the file otherwise; `statuses` are the files' sizes and times as listed now.
    mutating func sizes(of sources: [String], root: URL, statuses: [String: FileStatus]) -> [String: ImageSize] {
        let racyAfter = Int(Date().timeIntervalSince1970 * 1_000_000_000) - EntryCache.racyWindow
        let previous = readings
        let rootPath = root.path
        let fresh = ParallelMap.map(sources, chunkSize: 8) { source -> Reading in
            let path = rootPath + "/" + source
            let status = statuses[source] ?? FileStatus.of(path)
            if let status, let known = previous[source], known.modified >= 0,
               known.fileSize == status.size, known.modified == status.modified {
                return known
            }
            return Reading(fileSize: status?.size ?? -1, modified: status.map { $0.modified >= racyAfter ? -1 : $0.modified } ?? -1,
                           size: Self.readSize(path))
        }
        readings = Dictionary(uniqueKeysWithValues: zip(sources, fresh))
        var sizes: [String: ImageSize] = [:]
        for (source, reading) in readings { sizes[source] = reading.size }
        return sizes
    }

    private static func readSize(_ path: String) -> ImageSize? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 65_536)) ?? Data()
        return ImageSize.read([UInt8](header))
    }

    // MARK: - Saving

    static func load(from cache: BuildCache) -> ImageSizeCache {
        guard let bytes = cache.read(.pictureSizes) else { return ImageSizeCache() }
        var reader = BinaryReader(bytes)
        guard let count = reader.int(), count >= 0, count <= bytes.count else { return ImageSizeCache() }
        var loaded = ImageSizeCache()
        for _ in 0..<count {
            guard let source = reader.string(), let fileSize = reader.int(), let modified = reader.int(),
                  let width = reader.int(), let height = reader.int() else { return ImageSizeCache() }
            loaded.readings[source] = Reading(fileSize: fileSize, modified: modified,
                                              size: width < 0 ? nil : ImageSize(width: width, height: height))
        }
        return reader.isAtEnd ? loaded : ImageSizeCache()
    }

    func save(to cache: BuildCache) throws {
        var writer = BinaryWriter()
        writer.write(readings.count)
        for source in readings.keys.sorted() {
            let reading = readings[source]!
            writer.write(source)
            writer.write(reading.fileSize)
            writer.write(reading.modified)
            writer.write(reading.size?.width ?? -1)
            writer.write(reading.size?.height ?? -1)
        }
        try cache.write(.pictureSizes, writer.bytes)
    }
}
