import DiaryIndex
import DiaryModel

/// What of a build's page plan the next build in another process (the command line) needs to
/// keep it, saved with the page signatures: while the entries keep their shape (an edit of an
/// entry's words), that build plans and signs again only the statistics pages and the pages
/// of the entries whose version changed, as a `daybook serve` session does with its memo.
struct SavedPagePlan: Equatable {
    /// The configuration, the emotions and every entry's shape the plan was made from (`shapeKey`).
    var shapeKey: UInt64
    var context: PageSignatures.Context
    /// Per entry (index into the site index's entries): its version when the plan was signed.
    var versions: [UInt64]
    /// The positions of the pages that show entry `n`: `pagePositions[pageStarts[n]..<pageStarts[n + 1]]`.
    var pageStarts: [Int32]
    var pagePositions: [Int32]
    /// The positions of the pages drawn from the statistics (`PageContent.isStatistics`).
    var statisticsPages: [Int]
    var pageCount: Int

    /// The plan of `pages`, signed in `context` with the entries at `versions`.
    init(pages: [PlannedPage], shapeKey: UInt64, context: PageSignatures.Context, versions: [UInt64]) {
        self.shapeKey = shapeKey
        self.context = context
        self.versions = versions
        pageCount = pages.count
        var counts = [Int32](repeating: 0, count: versions.count + 1)
        for page in pages {
            for entry in page.entries { counts[entry + 1] += 1 }
        }
        for entry in versions.indices { counts[entry + 1] += counts[entry] }
        pageStarts = counts
        var next = counts
        pagePositions = [Int32](repeating: 0, count: Int(counts[versions.count]))
        for (position, page) in pages.enumerated() {
            for entry in page.entries {
                pagePositions[Int(next[entry])] = Int32(position)
                next[entry] += 1
            }
        }
        statisticsPages = pages.indices.filter { pages[$0].content.isStatistics }
    }

    /// The key of a plan made with the configuration `configKey` and `emotions` for `entries`.
    static func shapeKey(configKey: String, emotions: [Emotion], entries: [Entry]) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(configKey)
        hasher.combine(emotions.count)
        for emotion in emotions {
            for field in [emotion.id, emotion.label, emotion.emoji, emotion.color] + emotion.aliases { hasher.combine(field) }
            hasher.combine(emotion.aliases.count)
            hasher.combine(emotion.isConfigured)
        }
        hasher.combine(SiteIndex.shapeKey(of: entries))
        return hasher.value
    }

    /// The positions, ascending, of the pages whose signature may differ from the plan's for
    /// entries at `current` versions: the statistics pages and those showing a changed entry.
    func positionsToSign(versions current: [UInt64]) -> [Int] {
        var positions = Set(statisticsPages)
        for entry in versions.indices where versions[entry] != current[entry] {
            for position in pagePositions[Int(pageStarts[entry])..<Int(pageStarts[entry + 1])] { positions.insert(Int(position)) }
        }
        return positions.sorted()
    }

    func write(into writer: inout BinaryWriter) {
        writer.write(Int(Int64(bitPattern: shapeKey)))
        writer.write(Int(Int64(bitPattern: context.global)))
        writer.write(context.templates.count)
        for name in context.templates.keys.sorted() {
            writer.write(name)
            writer.write(Int(Int64(bitPattern: context.templates[name]!)))
        }
        writer.write(pageCount)
        writer.write(statisticsPages.count)
        for position in statisticsPages { writer.write(position) }
        Self.write(numbers: versions, into: &writer)
        Self.write(numbers: pageStarts, into: &writer)
        Self.write(numbers: pagePositions, into: &writer)
    }

    /// Reads what `write(into:)` wrote; nil when damaged.
    init?(reading reader: inout BinaryReader) {
        guard let shapeKey = reader.int(), let global = reader.int(), let templateCount = reader.int(),
              templateCount >= 0, templateCount < 10_000 else { return nil }
        var templates: [String: UInt64] = [:]
        for _ in 0..<templateCount {
            guard let name = reader.string(), let key = reader.int() else { return nil }
            templates[name] = UInt64(bitPattern: Int64(key))
        }
        guard let pageCount = reader.int(), pageCount >= 0, let statisticsCount = reader.int(),
              statisticsCount >= 0, statisticsCount <= pageCount else { return nil }
        var statisticsPages: [Int] = []
        for _ in 0..<statisticsCount {
            guard let position = reader.int(), (0..<pageCount).contains(position) else { return nil }
            statisticsPages.append(position)
        }
        guard let versions = reader.rawBytes().flatMap({ Self.numbers($0, as: UInt64.self) }),
              let pageStarts = reader.rawBytes().flatMap({ Self.numbers($0, as: Int32.self) }),
              let pagePositions = reader.rawBytes().flatMap({ Self.numbers($0, as: Int32.self) }),
              pageStarts.count == versions.count + 1, pageStarts.first == 0, Int(pageStarts.last!) == pagePositions.count,
              zip(pageStarts, pageStarts.dropFirst()).allSatisfy({ $0 <= $1 }),
              pagePositions.allSatisfy({ (0..<Int32(clamping: pageCount)).contains($0) }) else { return nil }
        self.shapeKey = UInt64(bitPattern: Int64(shapeKey))
        context = PageSignatures.Context(global: UInt64(bitPattern: Int64(global)), templates: templates)
        self.versions = versions
        self.pageStarts = pageStarts
        self.pagePositions = pagePositions
        self.statisticsPages = statisticsPages
        self.pageCount = pageCount
    }

    /// Writes `numbers` as little-endian bytes, as `numbers(_:as:)` reads them: on a little-endian
    /// machine, the array's own bytes, copied at once (a large diary's plan holds over a million).
    private static func write<Number: FixedWidthInteger>(numbers: [Number], into writer: inout BinaryWriter) {
        #if _endian(little)
        numbers.withUnsafeBytes { writer.write(rawBytes: $0) }
        #else
        numbers.map { $0.littleEndian }.withUnsafeBytes { writer.write(rawBytes: $0) }
        #endif
    }

    /// Little-endian numbers of `type` packed in `bytes`; nil when the bytes do not divide evenly.
    private static func numbers<Number: FixedWidthInteger>(_ bytes: [UInt8], as type: Number.Type) -> [Number]? {
        let size = MemoryLayout<Number>.size
        guard bytes.count % size == 0 else { return nil }
        return [Number](unsafeUninitializedCapacity: bytes.count / size) { numbers, count in
            bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(numbers).copyMemory(from: $0) }
            count = numbers.count
            #if !_endian(little)
            for position in 0..<count { numbers[position] = Number(littleEndian: numbers[position]) }
            #endif
        }
    }
}
