import Foundation

/// One diary entry, read from one Markdown file and fully validated.
///
/// A value, but its fields live in one shared, immutable box: a build copies entries into
/// indexes, pages and caches tens of thousands of times, and copying a dozen strings and
/// arrays would cost a retain and a release for each of them every time.
public struct Entry: Sendable {
    private final class Fields: Sendable {
        let id: String
        let slug: String
        let sourcePath: String
        let title: String
        let instant: Date
        let local: LocalDateTime
        let emotionIDs: [String]
        let tags: [String]
        let images: [EntryImage]
        let body: EntryBody
        let isDraft: Bool
        let extra: [String: MetadataValue]

        init(id: String, slug: String, sourcePath: String, title: String, instant: Date, local: LocalDateTime,
             emotionIDs: [String], tags: [String], images: [EntryImage], body: EntryBody,
             isDraft: Bool, extra: [String: MetadataValue]) {
            self.id = id
            self.slug = slug
            self.sourcePath = sourcePath
            self.title = title
            self.instant = instant
            self.local = local
            self.emotionIDs = emotionIDs
            self.tags = tags
            self.images = images
            self.body = body
            self.isDraft = isDraft
            self.extra = extra
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
    public var isDraft: Bool { fields.isDraft }
    /// Front-matter keys Daybook has no field for, such as `weather`.
    public var extra: [String: MetadataValue] { fields.extra }

    public init(id: String, slug: String, sourcePath: String, title: String, instant: Date, local: LocalDateTime,
                emotionIDs: [String], tags: [String], images: [EntryImage], body: EntryBody,
                isDraft: Bool, extra: [String: MetadataValue]) {
        fields = Fields(id: id, slug: slug, sourcePath: sourcePath, title: title, instant: instant, local: local,
                        emotionIDs: emotionIDs, tags: tags, images: images, body: body, isDraft: isDraft, extra: extra)
    }

    public var day: Day { local.day }

    public var primaryEmotionID: String { emotionIDs[0] }

    /// Diary order: by moment, then by file path (SPEC §2).
    public static func diaryOrder(_ a: Entry, _ b: Entry) -> Bool {
        a.instant == b.instant ? a.sourcePath < b.sourcePath : a.instant < b.instant
    }
}
