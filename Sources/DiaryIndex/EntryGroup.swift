import DiaryModel

/// The entries that share an emotion or a tag, newest first, split into pages.
public struct EntryGroup: Sendable {
    /// The URL slug: the emotion id, or the tag's slug.
    public var slug: String
    /// How the group is named on the page: the emotion's label, or the tag as first written.
    public var name: String
    /// Indexes into `SiteIndex.entries`, newest first.
    public var entries: [Int]
}

/// A picture in the gallery, by the entry that shows it (`SiteIndex.image(of:)`): the index
/// names tens of thousands of pictures, and copying each one's fields into it would cost more
/// than the rest of the gallery.
public struct GalleryItem: Sendable {
    /// Index into `SiteIndex.entries`.
    public var entry: Int
    /// Index into that entry's `images`.
    public var image: Int
}

/// Splits a list into pages of `size`; an empty list is one empty page.
public struct Pagination: Sendable {
    public var count: Int
    public var size: Int

    public init(count: Int, size: Int) {
        self.count = count
        self.size = max(1, size)
    }

    public var pageCount: Int { max(1, (count + size - 1) / size) }

    /// The positions shown on page `number` (1-based).
    public func range(ofPage number: Int) -> Range<Int> {
        let start = (number - 1) * size
        return start..<min(count, start + size)
    }
}
