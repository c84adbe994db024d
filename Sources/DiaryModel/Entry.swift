import Foundation

/// One diary entry, read from one Markdown file and fully validated.
public struct Entry: Sendable {
    /// `YYYY-MM-DD-<slug>`, unique in the diary.
    public var id: String
    /// From the file name (SPEC §2); the last part of the entry's URL.
    public var slug: String
    /// The Markdown file, relative to the diary root.
    public var sourcePath: String
    public var title: String
    /// The moment the entry is dated at.
    public var instant: Date
    /// The same moment on the diary's wall clock; its day is the entry's day.
    public var local: LocalDateTime
    /// Emotion ids, the primary one first, no repeats.
    public var emotionIDs: [String]
    /// Tags as written, first spelling kept, no two with the same slug.
    public var tags: [String]
    public var images: [EntryImage]
    /// The body rendered to HTML (safe mode), local image sources pointing at their copies.
    public var bodyHTML: String
    public var isDraft: Bool
    /// Front-matter keys Daybook has no field for, such as `weather`.
    public var extra: [String: MetadataValue]

    public init(id: String, slug: String, sourcePath: String, title: String, instant: Date, local: LocalDateTime,
                emotionIDs: [String], tags: [String], images: [EntryImage], bodyHTML: String,
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
        self.bodyHTML = bodyHTML
        self.isDraft = isDraft
        self.extra = extra
    }

    public var day: Day { local.day }

    public var primaryEmotionID: String { emotionIDs[0] }

    /// `YYYY/MM/DD/<slug>/`, relative to `base_url`.
    public var urlPath: String { "\(day.path)/\(slug)/" }

    /// Diary order: by moment, then by file path (SPEC §2).
    public static func diaryOrder(_ a: Entry, _ b: Entry) -> Bool {
        a.instant == b.instant ? a.sourcePath < b.sourcePath : a.instant < b.instant
    }
}
