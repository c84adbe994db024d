import BuildSupport
import DiaryIndex
import DiaryModel
import SitePages

/// What of a build's page plan the next build in another process (the command line) needs to
/// keep it, saved with the page signatures: while the entries keep their shape (an edit of an
/// entry's words), that build plans and signs again only the statistics pages and the pages
/// of the entries whose version changed, as a `daybook serve` session does with its memo.
struct SavedPagePlan: Equatable, BinaryRecord {
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

    /// The keys and templates, the statistics pages, then each array of numbers after its count,
    /// in one copy (a large diary's plan holds over a million).
    func write(into writer: inout BinaryWriter) {
        writer.write(shapeKey)
        writer.write(context.global)
        writer.write(context.templates.count)
        for name in context.templates.keys.sorted() {
            writer.write(name)
            writer.write(context.templates[name]!)
        }
        writer.write(pageCount)
        writer.write(statisticsPages.count)
        for position in statisticsPages { writer.write(position) }
        writer.write(versions.count)
        writer.write(pageStarts.count)
        writer.write(pagePositions.count)
        writer.write(numbers: versions)
        writer.write(numbers: pageStarts)
        writer.write(numbers: pagePositions)
    }

    /// Reads what `write(into:)` wrote; nil when damaged.
    init?(reading reader: inout BinaryReader) {
        guard let shapeKey = reader.uint64(), let global = reader.uint64(), let templateCount = reader.int(),
              templateCount >= 0, templateCount < 10_000 else { return nil }
        var templates: [String: UInt64] = [:]
        for _ in 0..<templateCount {
            guard let name = reader.string(), let key = reader.uint64() else { return nil }
            templates[name] = key
        }
        guard let pageCount = reader.int(), pageCount >= 0, let statisticsCount = reader.int(),
              statisticsCount >= 0, statisticsCount <= pageCount else { return nil }
        var statisticsPages: [Int] = []
        for _ in 0..<statisticsCount {
            guard let position = reader.int(), (0..<pageCount).contains(position) else { return nil }
            statisticsPages.append(position)
        }
        guard let versionCount = reader.int(), let startCount = reader.int(), let positionCount = reader.int(),
              let versions = reader.numbers(count: versionCount, as: UInt64.self),
              let pageStarts = reader.numbers(count: startCount, as: Int32.self),
              let pagePositions = reader.numbers(count: positionCount, as: Int32.self),
              pageStarts.count == versions.count + 1, pageStarts.first == 0, Int(pageStarts.last!) == pagePositions.count,
              zip(pageStarts, pageStarts.dropFirst()).allSatisfy({ $0 <= $1 }),
              pagePositions.allSatisfy({ (0..<Int32(clamping: pageCount)).contains($0) }) else { return nil }
        self.shapeKey = shapeKey
        context = PageSignatures.Context(global: global, templates: templates)
        self.versions = versions
        self.pageStarts = pageStarts
        self.pagePositions = pagePositions
        self.statisticsPages = statisticsPages
        self.pageCount = pageCount
    }
}
