import BuildSupport
import Foundation

/// One diary entry, read from one Markdown file and fully validated.
///
/// A value, but its fields live in one shared, immutable box: a build copies entries into
/// indexes, pages and caches tens of thousands of times, and copying a dozen strings and
/// arrays would cost a retain and a release for each of them every time.
public struct Entry: Sendable {
    private final class Fields: Sendable {
        // The fields a pass over every entry reads (to index, count or sort them) come first, on
        // the object's first cache line: at 109,500 entries such a pass costs a memory read per entry.
        let local: LocalDateTime
        let primaryEmotionID: String
        let shapeHash: UInt64
        let sourceKey: UInt64
        let emotionIDs: [String]
        let id: String
        let slug: String
        let sourcePath: String
        let title: String
        let instant: Date
        let tags: [String]
        let images: [EntryImage]
        let body: EntryBody
        let isDraft: Bool
        let extra: [String: MetadataValue]
        let readingStamp: UInt64?

        init(id: String, slug: String, sourcePath: String, title: String, instant: Date, local: LocalDateTime,
             emotionIDs: [String], tags: [String], images: [EntryImage], body: EntryBody,
             isDraft: Bool, extra: [String: MetadataValue], readingStamp: UInt64?, shapeHash: UInt64?, sourceKey: UInt64?) {
            self.id = id
            self.slug = slug
            self.sourcePath = sourcePath
            self.title = title
            self.instant = instant
            self.local = local
            self.emotionIDs = emotionIDs
            primaryEmotionID = emotionIDs.first ?? ""
            self.shapeHash = shapeHash
                ?? Entry.shapeHash(id: id, slug: slug, title: title, day: local.day, emotionIDs: emotionIDs, tags: tags, images: images)
            self.sourceKey = sourceKey ?? Entry.sourceKey(id: id, sourcePath: sourcePath)
            self.tags = tags
            self.images = images
            self.body = body
            self.isDraft = isDraft
            self.extra = extra
            self.readingStamp = readingStamp
        }
    }

    private let fields: Fields

    /// `YYYY-MM-DD-<slug>`, unique in the diary.
    public var id: String { fields.id }
    /// The same for every copy of this entry and for no other entry while it exists: an entry
    /// taken unchanged from the cache keeps it from build to build (`daybook serve`).
    public var identity: ObjectIdentifier { ObjectIdentifier(fields) }
    /// From the file name (SPEC §2); the last part of the entry's URL.
    public var slug: String { fields.slug }
    /// The Markdown file, relative to the diary root.
    public var sourcePath: String { fields.sourcePath }
    public var title: String { fields.title }
    /// The moment the entry is dated at.
    public var instant: Date { fields.instant }
    /// The same moment on the diary's wall clock; its day is the entry's day.
    public var local: LocalDateTime { fields.local }
    /// Emotion ids, the primary one first, no repeats.
    public var emotionIDs: [String] { fields.emotionIDs }
    /// Tags as written, first spelling kept, no two with the same slug.
    public var tags: [String] { fields.tags }
    public var images: [EntryImage] { fields.images }
    /// The body: its HTML (local pictures by number, not yet by address) and its visible text.
    public var body: EntryBody { fields.body }
    /// The body's `wordCount`, read without copying the body: the statistics add up every entry's.
    public var wordCount: Int { fields.body.wordCount }
    public var isDraft: Bool { fields.isDraft }
    /// Front-matter keys Daybook has no field for, such as `weather`.
    public var extra: [String: MetadataValue] { fields.extra }
    /// Identifies the reading the entry was made from (its file's path, size and time, the
    /// configuration and how its pictures resolved: `EntryCache.stamp`), so that what a build
    /// worked out from the entry can be kept under it; nil when the reading cannot tell (a file
    /// changed too recently, an entry not read from a file).
    public var readingStamp: UInt64? { fields.readingStamp }

    public init(id: String, slug: String, sourcePath: String, title: String, instant: Date, local: LocalDateTime,
                emotionIDs: [String], tags: [String], images: [EntryImage], body: EntryBody,
                isDraft: Bool, extra: [String: MetadataValue], readingStamp: UInt64? = nil, shapeHash: UInt64? = nil,
                sourceKey: UInt64? = nil) {
        fields = Fields(id: id, slug: slug, sourcePath: sourcePath, title: title, instant: instant, local: local,
                        emotionIDs: emotionIDs, tags: tags, images: images, body: body, isDraft: isDraft, extra: extra,
                        readingStamp: readingStamp, shapeHash: shapeHash, sourceKey: sourceKey)
    }

    /// The same entry under another reading stamp (a new entry, with an identity of its own).
    public func withReadingStamp(_ stamp: UInt64?) -> Entry {
        Entry(id: id, slug: slug, sourcePath: sourcePath, title: title, instant: instant, local: local, emotionIDs: emotionIDs,
              tags: tags, images: images, body: body, isDraft: isDraft, extra: extra, readingStamp: stamp, shapeHash: shapeHash,
              sourceKey: sourceKey)
    }

    public var day: Day { local.day }

    private static func shapeHash(id: String, slug: String, title: String, day: Day, emotionIDs: [String], tags: [String],
                                  images: [EntryImage]) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(id)
        hasher.combine(slug)
        hasher.combine(title)
        hasher.combine(day.year)
        hasher.combine(day.month)
        hasher.combine(day.day)
        hasher.combine(emotionIDs.count)
        for emotion in emotionIDs { hasher.combine(emotion) }
        hasher.combine(tags.count)
        for tag in tags { hasher.combine(tag) }
        hasher.combine(images.count)
        for image in images { image.combine(into: &hasher) }
        return hasher.value
    }

    /// The first of `emotionIDs`.
    public var primaryEmotionID: String { fields.primaryEmotionID }
    /// A hash of what the site's index takes from the entry (`SiteIndex.haveSameShape`): its id,
    /// slug, title, day, emotions, tags and pictures; not its body. Worked out once, when the
    /// entry is made, while those fields are at hand. The entry cache keeps it: a change to what
    /// it hashes needs a new version of the cache's format.
    public var shapeHash: UInt64 { fields.shapeHash }
    /// A hash of the entry's id and file, worked out when the entry is made (or kept with it by
    /// the entry cache): a list of which file each entry comes from is kept under a hash of these.
    public var sourceKey: UInt64 { fields.sourceKey }

    public static func sourceKey(id: String, sourcePath: String) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(id)
        hasher.combine(sourcePath)
        return hasher.value
    }

    /// Diary order: by moment, then by file path (SPEC §2).
    public static func diaryOrder(_ a: Entry, _ b: Entry) -> Bool {
        a.instant == b.instant ? a.sourcePath < b.sourcePath : a.instant < b.instant
    }
}
