import BuildSupport
import DiaryFiles
import DiaryModel
import Foundation

/// What reading each entry file gave last time, so a build re-parses only the files that
/// changed. A cached result is reused only while the file's size and modification time, the
/// configuration reading depends on (`readingKey`), and the way each of its image references
/// resolves are all unchanged. Nothing in it depends on the site (`base_url`, templates).
///
/// Its bytes carry no header of their own: they are saved behind the build cache's, whose format
/// version must be bumped when this encoding or the parser's output changes.
public struct EntryCache: Sendable {
    /// One file's last reading.
    struct Source: Sendable {
        var size: Int
        var modified: Int
        /// Every local image reference and the file it resolved to (nil: not found).
        var imageLookups: [ImageLookup]
        var parsed: ParsedEntry
    }

    /// The files are saved in this many parts, so that loading decodes them on every core, and
    /// saving holds one part per core at a time (at 109,500 entries, 25 MB each).
    static let segmentCount = 16

    /// Identifies the configuration the entries were read with (`readingKey(for:)`).
    public let readingKey: String
    /// Every file's reading, in the listing's order; `replaced` takes precedence.
    private(set) var ordered: ReadingsInOrder
    /// Readings made since `ordered` was filled (`replace`): a few edits in a long session do
    /// not copy the whole cache, which its earlier holders still share.
    private var replaced: [String: Source] = [:]
    /// How many of `replaced` are of files `ordered` has no reading of.
    private var added = 0
    /// When the cache was saved (nanoseconds since 1970). A file modified this close to it may
    /// have changed again within the file system's timestamp granularity, so it is read again.
    var savedAt: Int
    /// `ContentFiles.pathsHash` of the files the entries were read among: while the same files
    /// exist, every image reference resolves as it did, and need not be looked up again.
    var contentPaths: UInt64 = 0

    /// File systems stamp modification times with a coarse clock (a few milliseconds).
    public static let racyWindow = 100_000_000

    public init(readingKey: String, contentPaths: UInt64 = 0) {
        self.init(readingKey: readingKey, ordered: ReadingsInOrder(parts: []), savedAt: 0, contentPaths: contentPaths)
    }

    /// A cache of `readings`, in the order of the listing they were made from.
    init(readingKey: String, readings: [(path: String, source: Source)], savedAt: Int, contentPaths: UInt64) {
        self.init(readingKey: readingKey, ordered: ReadingsInOrder(parts: [readings]), savedAt: savedAt, contentPaths: contentPaths)
    }

    private init(readingKey: String, ordered: ReadingsInOrder, savedAt: Int, contentPaths: UInt64) {
        self.readingKey = readingKey
        self.contentPaths = contentPaths
        self.ordered = ordered
        self.savedAt = savedAt
    }

    public var count: Int { ordered.count + added }

    /// The last reading of the file at `path`.
    func source(_ path: String) -> Source? {
        // Asking an empty dictionary still hashes the path.
        if !replaced.isEmpty, let source = replaced[path] { return source }
        return ordered.position(of: path).map { ordered[$0].source }
    }

    /// The last reading of the file at `path`, the file at `position` of the listing the cache
    /// was made from: found there without a lookup while the listing has not changed.
    func source(_ path: String, at position: Int) -> Source? {
        if !replaced.isEmpty, let source = replaced[path] { return source }
        return ordered.source(path, at: position) ?? ordered.position(of: path).map { ordered[$0].source }
    }

    /// Makes the index of the readings by path, which a lookup by path (`source(_:)`) otherwise
    /// makes when first needed: for a caller that will need it and has a core to spare now.
    public func prepareLookups() {
        ordered.makeIndex()
    }

    /// Records a new reading of a file, which was at `position` of the listing the cache was made
    /// from (nil: unknown, or a new file).
    mutating func replace(_ path: String, with source: Source, at position: Int? = nil) {
        let known = replaced.updateValue(source, forKey: path) != nil
            || position.map { ordered.source(path, at: $0) != nil } == true || ordered.position(of: path) != nil
        if !known { added += 1 }
        // Folded in from time to time: each lookup asks both.
        guard replaced.count > Self.replacedLimit else { return }
        ordered = ReadingsInOrder(parts: [inOrder()])
        replaced = [:]
        added = 0
    }

    /// How many new readings are kept apart before they are folded into `ordered`.
    static let replacedLimit = 256

    /// Every reading, `replaced` in place of the earlier ones, the new files' merged in by path.
    private func inOrder() -> [(path: String, source: Source)] {
        var readings: [(path: String, source: Source)] = []
        readings.reserveCapacity(count)
        var new = replaced.keys.filter { ordered.position(of: $0) == nil }.sorted()[...]
        for reading in ordered.all {
            while let path = new.first, path < reading.path {
                readings.append((path, replaced[path]!))
                new = new.dropFirst()
            }
            readings.append(replaced.isEmpty ? reading : (reading.path, replaced[reading.path] ?? reading.source))
        }
        for path in new { readings.append((path, replaced[path]!)) }
        return readings
    }

    /// Identifies what reading an entry depends on in the configuration: the timezone its date
    /// is read in, and the emotions its names are matched against (ids, labels, aliases, in
    /// order, as diagnostics list them). Not the title, locale, `base_url` or page size.
    public static func readingKey(for config: DiaryConfig) -> String {
        var hasher = StableHasher()
        hasher.combine(config.timeZone.identifier)
        hasher.combine(config.emotions.count)
        for emotion in config.emotions {
            hasher.combine(emotion.id)
            hasher.combine(emotion.label)
            hasher.combine(emotion.aliases.joined(separator: "\n"))
        }
        return String(hasher.value, radix: 16)
    }

    /// The cached reading of `path` (at `position` of the listing) if it still holds for a file
    /// of this size and time.
    func reusable(_ path: String, at position: Int, size: Int, modified: Int, files: ContentFiles) -> Source? {
        guard let source = source(path, at: position), source.size == size, source.modified == modified,
              modified < savedAt - Self.racyWindow else { return nil }
        if files.pathsHash == contentPaths { return source }
        for lookup in source.imageLookups where files.resolveImage(lookup.reference, fromEntryAt: path) != lookup.resolved {
            return nil
        }
        return source
    }

    /// This cache (made with the same reading key) with the readings of `parsed` put in place of
    /// their files' earlier ones, as the cache of a reading of `paths` files that took every other
    /// file's reading from it; nil when it holds a file beyond those (one that is gone). Cheaper
    /// than filling a new cache, entry by entry, when most files are unchanged.
    /// `parsed` gives each file's position in the listing of the reading.
    func updated(with parsed: [(path: String, source: Source, position: Int)], paths: Int, contentPaths: UInt64,
                 readAt: Int) -> EntryCache? {
        var cache = self
        cache.contentPaths = contentPaths
        cache.savedAt = readAt
        for (path, source, position) in parsed { cache.replace(path, with: source, at: position) }
        // Every file at `paths` is there, taken from this cache or put in: no more means none other.
        return cache.count == paths ? cache : nil
    }

    /// A reading of the file at `path` that gave `parsed`, its entry stamped (`stamp`).
    static func source(_ parsed: ParsedEntry, at path: String, size: Int, modified: Int, readingKey: String) -> Source {
        var parsed = parsed
        let stamp = Self.stamp(path: path, size: size, modified: modified, imageLookups: parsed.imageLookups,
                               reading: Self.stampHasher(readingKey))
        parsed.entry = parsed.entry?.withReadingStamp(stamp)
        return Source(size: size, modified: modified, imageLookups: parsed.imageLookups, parsed: parsed)
    }

    /// Identifies what the reading of the entry file at `path` was made from: the file's path,
    /// size and time, the reading configuration (`reading`, a hasher given the reading key by
    /// `stampHasher`), and how each of its image references resolved. Two readings with the same
    /// stamp gave the same entry, so what a build worked out from an entry can be kept under its
    /// stamp (`Entry.readingStamp`). Nil for a file read too close to its last change for its
    /// time to tell (it is read again next time).
    static func stamp(path: String, size: Int, modified: Int, imageLookups: [ImageLookup], reading: StableHasher) -> UInt64? {
        guard modified >= 0 else { return nil }
        var hasher = reading
        hasher.combine(path)
        hasher.combine(size)
        hasher.combine(modified)
        hasher.combine(imageLookups.count)
        for lookup in imageLookups {
            hasher.combine(lookup.reference)
            hasher.combine(lookup.resolved ?? "\u{0}")
        }
        return hasher.value
    }

    static func stampHasher(_ readingKey: String) -> StableHasher {
        var hasher = StableHasher()
        hasher.combine(readingKey)
        return hasher
    }

    // MARK: - Bytes

    /// The cache as bytes, stamped with the current time as its save time.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        encode { bytes += $0 }
        return bytes
    }

    /// The same bytes, handed to `write` a part at a time. The segments are made a few at a
    /// time (one per core), so that saving a large diary's entries never holds them all at once.
    public func encode(_ write: (_ part: [UInt8]) -> Void) {
        var writer = BinaryWriter()
        writer.write(readingKey)
        writer.write(Int(Date().timeIntervalSince1970 * 1_000_000_000))
        writer.write(contentPaths)
        let readings = inOrder()
        let partSize = max(1, (readings.count + Self.segmentCount - 1) / Self.segmentCount)
        let parts = stride(from: 0, to: readings.count, by: partSize).map { readings[$0..<min(readings.count, $0 + partSize)] }
        writer.write(parts.count)
        write(writer.bytes)
        let wave = max(1, ProcessInfo.processInfo.activeProcessorCount)
        for start in stride(from: 0, to: parts.count, by: wave) {
            let segments = ParallelMap.map(Array(parts[start..<min(parts.count, start + wave)]), chunkSize: 1) { part -> Segment in
                var segment = Segment()
                // Most of an entry's bytes are its body's HTML and texts; the rest is a few hundred.
                segment.records.reserveCapacity(part.count * 512)
                segment.bodies.reserveCapacity(part.reduce(0) { total, reading in
                    let body = reading.source.parsed.entry?.body
                    return total + (body.map { $0.html.utf8.count + $0.textUTF8.count + $0.footnoteTextUTF8.count } ?? 0)
                })
                for reading in part { Self.write(reading.source, at: reading.path, into: &segment.records, bodies: &segment.bodies) }
                segment.count = part.count
                return segment
            }
            for segment in segments {
                // As `BinaryWriter.write(rawBytes:)` writes a segment: its length, then its bytes:
                // the count of its entries, their records (length-prefixed), then their bodies.
                var header = BinaryWriter()
                header.write(16 + segment.records.bytes.count + segment.bodies.bytes.count)
                header.write(segment.count)
                header.write(segment.records.bytes.count)
                write(header.bytes)
                write(segment.records.bytes)
                write(segment.bodies.bytes)
            }
        }
    }

    /// One segment as it is made: every entry's record, and apart from them, after them, the
    /// bodies' bytes, which records point into. Loading reads the records alone, so that the
    /// bodies' pages of a mapped cache are read only for the entries a build shows.
    private struct Segment {
        var count = 0
        var records = BinaryWriter()
        var bodies = BinaryWriter()
    }

    /// Decodes a cache (the `window` of `bytes`, by default all of them); nil for a damaged
    /// one (then everything is read again). The bodies keep referring to
    /// `bytes`: the parts are read in place, never copied.
    public init?(decoding bytes: [UInt8], window: Range<Int>? = nil) {
        self.init(decoding: SharedBytes(bytes), window: window ?? 0..<bytes.count)
    }

    /// Decodes the `window` of shared bytes (the saved cache mapped into memory) the same way.
    public init?(decoding bytes: SharedBytes, window: Range<Int>) {
        var reader = BinaryReader(bytes, window: window)
        guard let readingKey = reader.string(), let savedAt = reader.int(), let contentPaths = reader.uint64(),
              let segmentCount = reader.int(), segmentCount >= 0, segmentCount <= bytes.count else { return nil }
        var parts: [Range<Int>] = []
        for _ in 0..<segmentCount {
            guard let part = reader.range() else { return nil }
            parts.append(part)
        }
        guard reader.isAtEnd else { return nil }
        let segments = ParallelMap.map(parts, chunkSize: 1) { part -> [(path: String, source: Source)]? in
            var header = BinaryReader(bytes, window: part)
            guard let count = header.int(), count >= 0, count <= part.count, let records = header.range() else { return nil }
            var segment = BinaryReader(bytes, window: records)
            let bodies = records.upperBound..<part.upperBound
            var sources: [(path: String, source: Source)] = []
            sources.reserveCapacity(count)
            var values = SegmentValues()
            for _ in 0..<count {
                guard Self.readSource(&segment, in: bytes, bodies: bodies, values: &values, into: &sources) else { return nil }
            }
            return segment.isAtEnd ? sources : nil
        }
        guard !segments.contains(where: { $0 == nil }) else { return nil }
        self.init(readingKey: readingKey, ordered: ReadingsInOrder(parts: segments.map { $0! }), savedAt: savedAt,
                  contentPaths: contentPaths)
    }

    private static func write(_ source: Source, at path: String, into writer: inout BinaryWriter, bodies: inout BinaryWriter) {
        writer.write(path)
        writer.write(source.size)
        writer.write(source.modified)
        writer.write(source.imageLookups.count)
        for lookup in source.imageLookups {
            writer.write(lookup.reference)
            writer.write(optional: lookup.resolved)
        }
        write(source.parsed, into: &writer, bodies: &bodies)
    }

    /// Appends the next reading to `sources` (not returned: the copy of an optional reading cost
    /// as much as its retains and releases); false when it is damaged.
    private static func readSource(_ reader: inout BinaryReader, in bytes: SharedBytes, bodies: Range<Int>,
                                   values: inout SegmentValues, into sources: inout [(path: String, source: Source)]) -> Bool {
        guard let path = reader.string(), let size = reader.int(), let modified = reader.int(),
              let lookupCount = reader.int(), lookupCount >= 0, lookupCount < 10_000 else { return false }
        var lookups: [ImageLookup] = []
        if lookupCount > 0 { lookups.reserveCapacity(lookupCount) }
        for _ in 0..<lookupCount {
            guard let reference = values.string(&reader, in: bytes), let resolved = values.optionalString(&reader, in: bytes) else { return false }
            lookups.append(ImageLookup(reference: reference, resolved: resolved))
        }
        guard let parsed = readParsed(&reader, in: bytes, bodies: bodies, path: path, values: &values) else { return false }
        sources.append((path, Source(size: size, modified: modified, imageLookups: lookups, parsed: parsed)))
        return true
    }

    private static func write(_ parsed: ParsedEntry, into writer: inout BinaryWriter, bodies: inout BinaryWriter) {
        writer.write(parsed.diagnostics.count)
        for diagnostic in parsed.diagnostics {
            writer.write(diagnostic.isError)
            writer.write(diagnostic.location.path)
            writer.write(diagnostic.location.line)
            writer.write(diagnostic.location.column)
            writer.write(diagnostic.message)
        }
        let unknown = parsed.unknownEmotions.keys.sorted()
        writer.write(unknown)
        writer.write(unknown.map { parsed.unknownEmotions[$0]! })
        writer.write(parsed.entry != nil)
        guard let entry = parsed.entry else {
            writer.write(optional: parsed.idWithoutEntry)
            return write(parsed.picturesWithoutEntry, into: &writer)
        }
        writer.write(entry.id)
        writer.write(entry.slug)
        writer.write(entry.sourcePath)
        writer.write(entry.title)
        // The stamp and the source key are kept, not worked out again from the path and the lookups.
        writer.write(optional: entry.readingStamp)
        writer.write(entry.sourceKey)
        writer.write(entry.instant.timeIntervalSince1970)
        writer.write(entry.local.wallClockSeconds)
        // Blocks, so that the lists and extras many entries share are decoded once (`SegmentValues`).
        writer.write(block: { $0.write(entry.emotionIDs) })
        writer.write(block: { $0.write(entry.tags) })
        writer.write(entry.images.count)
        for image in entry.images {
            writer.write(image.number)
            writer.write(image.sourcePath)
            writer.write(image.fileExtension)
            writer.write(image.alt)
            writer.write(optional: image.caption)
            writer.write(image.origin == .body)
            writer.write(image.line)
            writer.write(image.column)
        }
        writeApart(entry.body.html.utf8, into: &writer, bodies: &bodies)
        writer.write(entry.body.pictures.count)
        for picture in entry.body.pictures {
            writer.write(picture.number)
            writer.write(picture.tag.lowerBound)
            writer.write(picture.tag.upperBound)
            writer.write(picture.source)
        }
        writeApart(entry.body.textUTF8, into: &writer, bodies: &bodies)
        writeApart(entry.body.footnoteTextUTF8, into: &writer, bodies: &bodies)
        writer.write(entry.body.wordCount)
        writer.write(entry.isDraft)
        writer.write(block: { writeMetadata(.map(entry.extra), into: &$0) })
        writer.write(entry.shapeHash)
    }

    /// The pictures an entry file without an entry names (`ParsedEntry.picturesWithoutEntry`), all
    /// named in that file.
    private static func write(_ pictures: [PictureUse], into writer: inout BinaryWriter) {
        writer.write(pictures.count)
        for picture in pictures {
            writer.write(picture.sourcePath)
            writer.write(picture.location.line)
            writer.write(picture.location.column)
        }
    }

    private static func readPictures(_ reader: inout BinaryReader, path: String) -> [PictureUse]? {
        guard let count = reader.int(), count >= 0, count < 100_000 else { return nil }
        var pictures: [PictureUse] = []
        for _ in 0..<count {
            guard let file = reader.string(), let line = reader.int(), let column = reader.int() else { return nil }
            pictures.append(PictureUse(sourcePath: file, location: SourceLocation(path: path, line: line, column: column)))
        }
        return pictures
    }

    /// Appends `content` to the bodies, and writes where among them it lies.
    private static func writeApart<Bytes: Collection>(_ content: Bytes, into writer: inout BinaryWriter,
                                                      bodies: inout BinaryWriter) where Bytes.Element == UInt8 {
        writer.write(bodies.bytes.count)
        writer.write(content.count)
        bodies.append(content)
    }

    /// Where in `bytes` lies what `writeApart` put among the `bodies`; nil when that is outside them.
    private static func readApart(_ reader: inout BinaryReader, bodies: Range<Int>) -> Range<Int>? {
        guard let offset = reader.int(), let count = reader.int(), offset >= 0, count >= 0,
              offset <= bodies.count, count <= bodies.count - offset else { return nil }
        return bodies.lowerBound + offset..<bodies.lowerBound + offset + count
    }

    /// `path`: the entry file's, which its source path nearly always is (and then shares).
    private static func readParsed(_ reader: inout BinaryReader, in bytes: SharedBytes, bodies: Range<Int>, path: String,
                                   values: inout SegmentValues) -> ParsedEntry? {
        guard let diagnosticCount = reader.int(), diagnosticCount >= 0, diagnosticCount < 100_000 else { return nil }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<diagnosticCount {
            guard let isError = reader.bool(), let path = reader.string(), let line = reader.int(), let column = reader.int(),
                  let message = reader.string() else { return nil }
            diagnostics.append(Diagnostic(isError ? .error : .warning, at: SourceLocation(path: path, line: line, column: column), message))
        }
        guard let unknownIDs = reader.strings(), let unknownNames = reader.strings(), unknownIDs.count == unknownNames.count,
              let hasEntry = reader.bool() else { return nil }
        let unknown = unknownIDs.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: zip(unknownIDs, unknownNames))
        guard hasEntry else {
            guard let id = reader.optionalString(), let pictures = readPictures(&reader, path: path) else { return nil }
            return ParsedEntry(entry: nil, unknownEmotions: unknown, diagnostics: diagnostics, imageLookups: [],
                               picturesWithoutEntry: pictures, idWithoutEntry: id)
        }
        guard let id = reader.string(), let slug = reader.string(), let sourcePath = reader.string(likely: path), let title = reader.string(),
              let stamp = reader.optionalUInt64(), let sourceKey = reader.uint64(), let instant = reader.double(), let wallClock = reader.int(),
              let emotionIDs = values.list(&reader, in: bytes), let tags = values.list(&reader, in: bytes),
              let imageCount = reader.int(), imageCount >= 0, imageCount < 100_000 else { return nil }
        var images: [EntryImage] = []
        if imageCount > 0 { images.reserveCapacity(imageCount) }
        for _ in 0..<imageCount {
            guard let number = reader.int(), let imagePath = values.string(&reader, in: bytes), let fileExtension = values.string(&reader, in: bytes),
                  let alt = values.string(&reader, in: bytes), let caption = reader.optionalString(), let fromBody = reader.bool(),
                  let line = reader.int(), let column = reader.int() else { return nil }
            images.append(EntryImage(number: number, entryID: id, sourcePath: imagePath, fileExtension: fileExtension,
                                     alt: alt, caption: caption, origin: fromBody ? .body : .frontMatter, line: line, column: column))
        }
        guard let body = readBody(&reader, in: bytes, bodies: bodies), let isDraft = reader.bool(), let extraBytes = reader.range(),
              let extra = values.extras.value(at: extraBytes, in: bytes, decode: { range in
                  var block = BinaryReader(bytes, window: range)
                  guard case .map(let extra)? = readMetadata(&block), block.isAtEnd else { return nil }
                  return extra
              }),
              let shapeHash = reader.uint64() else { return nil }
        let entry = Entry(id: id, slug: slug, sourcePath: sourcePath, title: title, instant: Date(timeIntervalSince1970: instant),
                          local: LocalDateTime(wallClockSeconds: wallClock), emotionIDs: emotionIDs, tags: tags, images: images,
                          body: body, isDraft: isDraft, extra: extra, readingStamp: stamp,
                          shapeHash: shapeHash, sourceKey: sourceKey)
        return ParsedEntry(entry: entry, unknownEmotions: unknown, diagnostics: diagnostics, imageLookups: [])
    }

    /// The body's HTML and texts stay bytes of `bytes` (the cache's part) until first used.
    private static func readBody(_ reader: inout BinaryReader, in bytes: SharedBytes, bodies: Range<Int>) -> EntryBody? {
        guard let html = readApart(&reader, bodies: bodies), let count = reader.int(), count >= 0, count < 100_000 else { return nil }
        let length = html.count
        var pictures: [EntryBody.Picture] = []
        var end = 0
        for _ in 0..<count {
            // Offsets are checked, so that a damaged cache cannot make a page cut outside the HTML.
            guard let number = reader.int(), let tagStart = reader.int(), let tagEnd = reader.int(), let source = reader.int(),
                  end <= tagStart, tagStart < source, source <= tagEnd, tagEnd <= length else { return nil }
            pictures.append(EntryBody.Picture(number: number, tag: tagStart..<tagEnd, source: source))
            end = tagEnd
        }
        guard let text = readApart(&reader, bodies: bodies), let footnoteText = readApart(&reader, bodies: bodies), let wordCount = reader.int(), wordCount >= 0 else { return nil }
        return EntryBody(bytes: bytes, html: html, pictures: pictures, text: text, footnoteText: footnoteText, wordCount: wordCount)
    }

    private static func writeMetadata(_ value: MetadataValue, into writer: inout BinaryWriter) {
        switch value {
        case .string(let text): writer.write(0); writer.write(text)
        case .int(let number): writer.write(1); writer.write(number)
        case .double(let number): writer.write(2); writer.write(number)
        case .bool(let flag): writer.write(3); writer.write(flag)
        case .null: writer.write(4)
        case .list(let items):
            writer.write(5)
            writer.write(items.count)
            for item in items { writeMetadata(item, into: &writer) }
        case .map(let pairs):
            writer.write(6)
            writer.write(pairs.count)
            for key in pairs.keys.sorted() {
                writer.write(key)
                writeMetadata(pairs[key]!, into: &writer)
            }
        }
    }

    private static func readMetadata(_ reader: inout BinaryReader) -> MetadataValue? {
        switch reader.int() {
        case 0: return reader.string().map(MetadataValue.string)
        case 1: return reader.int().map(MetadataValue.int)
        case 2: return reader.double().map(MetadataValue.double)
        case 3: return reader.bool().map(MetadataValue.bool)
        case 4: return .null
        case 5:
            guard let count = reader.int(), count >= 0, count < 1_000_000 else { return nil }
            var items: [MetadataValue] = []
            for _ in 0..<count {
                guard let item = readMetadata(&reader) else { return nil }
                items.append(item)
            }
            return .list(items)
        case 6:
            guard let count = reader.int(), count >= 0, count < 1_000_000 else { return nil }
            var pairs: [String: MetadataValue] = [:]
            for _ in 0..<count {
                guard let key = reader.string(), let item = readMetadata(&reader) else { return nil }
                pairs[key] = item
            }
            return .map(pairs)
        default: return nil
        }
    }
}

/// An image reference of an entry and the file it resolved to.
struct ImageLookup: Sendable, Equatable {
    var reference: String
    var resolved: String?
}
