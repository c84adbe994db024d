import BuildSupport
import DiaryModel
import SiteOutput

/// The file of the build cache that holds each published entry's Markdown file, by entry id:
/// `daybook search` names the files, the published index does not.
struct EntrySources: CacheRecord, Equatable {
    static var file: BuildCache.File { .entrySources }

    struct Source: Equatable {
        var id: String
        /// The entry's Markdown file, relative to the diary.
        var path: String
    }

    /// In the entries' order: a build lists them as they are, with no table to make.
    var sources: [Source]

    init(_ sources: [Source]) {
        self.sources = sources
    }

    init(of entries: [Entry]) {
        sources = entries.map { Source(id: $0.id, path: $0.sourcePath) }
    }

    /// Entry id → Markdown file; of two entries with one id, the later.
    var pathsByID: [String: String] {
        Dictionary(sources.lazy.map { ($0.id, $0.path) }, uniquingKeysWith: { _, later in later })
    }

    func write(into writer: inout BinaryWriter) {
        writer.write(sources.count)
        for source in sources {
            writer.write(source.id)
            writer.write(source.path)
        }
    }

    init?(reading reader: inout BinaryReader) {
        guard let count = reader.int(), count >= 0, count <= reader.remainingCount / 16 else { return nil }
        var sources: [Source] = []
        sources.reserveCapacity(count)
        for _ in 0..<count {
            guard let id = reader.string(), let path = reader.string() else { return nil }
            sources.append(Source(id: id, path: path))
        }
        self.init(sources)
    }
}
