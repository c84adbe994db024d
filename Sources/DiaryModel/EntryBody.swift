/// An entry's body as the reader leaves it, independent of the site it is published in: its
/// HTML with each local picture's address left out (the page fills it in from the site's URL
/// map), and the text a reader sees in it.
public struct EntryBody: Sendable, Hashable {
    /// Where one local picture sits in `html`.
    public struct Picture: Sendable, Hashable {
        /// Which of the entry's pictures it shows (`EntryImage.number`).
        public var number: Int
        /// The UTF-8 offsets of its whole `<img …>` tag in `html`, for a page that draws the tag itself.
        public var tag: Range<Int>
        /// The UTF-8 offset of its `src` value in `html`, which is left empty.
        public var source: Int

        public init(number: Int, tag: Range<Int>, source: Int) {
            self.number = number
            self.tag = tag
            self.source = source
        }
    }

    /// The body rendered to HTML (safe mode), the `src` of every local picture empty.
    public var html: String
    /// The local pictures in `html`, in order.
    public var pictures: [Picture]
    /// The visible text of the body without its footnotes: words, code, link text and picture
    /// descriptions, no URLs; blocks and line breaks are single spaces. What excerpts are cut from.
    public var text: String
    /// The visible text of the footnotes, the same way: searchable, but not part of an excerpt.
    public var footnoteText: String

    public init(html: String, pictures: [Picture] = [], text: String, footnoteText: String = "") {
        self.html = html
        self.pictures = pictures
        self.text = text
        self.footnoteText = footnoteText
    }

    /// The HTML with each local picture's address filled in: `pictureURL` gives the URL of a
    /// picture by its number, which is written escaped as cmark-gfm writes an address.
    public func html(pictureURL: (Int) -> String) -> String {
        guard !pictures.isEmpty else { return html }
        var source = html
        return source.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + pictures.count * 64)
            var copied = 0
            for picture in pictures {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<picture.source]))
                HrefEscaping.append(pictureURL(picture.number), to: &output)
                copied = picture.source
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: output, as: UTF8.self)
        }
    }
}
