import BuildSupport
import Foundation

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

    /// The local pictures in `html`, in order.
    public let pictures: [Picture]
    /// How many words a reader sees, footnotes included (`WordCount`): counted once, when the
    /// body is made, and kept in the entry cache, since the statistics add up every entry's on every build.
    public let wordCount: Int
    private let storage: Storage

    /// The body rendered to HTML (safe mode), the `src` of every local picture empty.
    public var html: String { storage.texts.html }
    /// `text` in UTF-8. Kept as bytes: a build hashes the text of the entries it works on, but
    /// decodes it only for the few whose cards or search records it makes again.
    public var textUTF8: [UInt8] { storage.texts.text }
    /// `footnoteText` in UTF-8.
    public var footnoteTextUTF8: [UInt8] { storage.texts.footnotes }

    /// The visible text of the body without its footnotes: words, code, link text and picture
    /// descriptions, no URLs; blocks and line breaks are single spaces. What excerpts are cut from.
    public var text: String { String(decoding: textUTF8, as: UTF8.self) }
    /// The visible text of the footnotes, the same way: searchable, but not part of an excerpt.
    public var footnoteText: String { String(decoding: footnoteTextUTF8, as: UTF8.self) }

    /// `wordCount`: as counted from these texts before (the entry cache); nil counts them.
    public init(html: String, pictures: [Picture] = [], textUTF8: [UInt8], footnoteTextUTF8: [UInt8] = [], wordCount: Int? = nil) {
        self.pictures = pictures
        self.wordCount = wordCount ?? WordCount.of(text: textUTF8, footnoteText: footnoteTextUTF8)
        storage = Storage(made: (html, textUTF8, footnoteTextUTF8))
    }

    public init(html: String, pictures: [Picture] = [], text: String, footnoteText: String = "") {
        self.init(html: html, pictures: pictures, textUTF8: Array(text.utf8), footnoteTextUTF8: Array(footnoteText.utf8))
    }

    /// A body whose HTML and texts are the UTF-8 at `html`, `text` and `footnoteText` in `bytes`
    /// (a saved entry cache), made only when first asked for: a build loads thousands of cached
    /// entries and shows or hashes the bodies of only a few.
    public init(bytes: SharedBytes, html: Range<Int>, pictures: [Picture], text: Range<Int>, footnoteText: Range<Int>, wordCount: Int) {
        precondition(html.upperBound <= bytes.count && text.upperBound <= bytes.count && footnoteText.upperBound <= bytes.count)
        self.pictures = pictures
        self.wordCount = wordCount
        storage = Storage(bytes: bytes, html: html, text: text, footnotes: footnoteText)
    }

    public static func == (a: EntryBody, b: EntryBody) -> Bool {
        a.pictures == b.pictures && a.html == b.html && a.textUTF8 == b.textUTF8 && a.footnoteTextUTF8 == b.footnoteTextUTF8
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(html)
        hasher.combine(pictures)
    }

    /// The HTML and texts, as given or as made from saved bytes on first use (from any thread).
    private final class Storage: @unchecked Sendable {
        typealias Texts = (html: String, text: [UInt8], footnotes: [UInt8])
        /// Bodies share a few locks, picked by address: a lock each cost two allocations for every
        /// entry read from the cache, and a body's texts are made once, quickly, without taking another.
        private static let locks = (0..<16).map { _ in NSLock() }
        private var lock: NSLock {
            Self.locks[(Int(bitPattern: Unmanaged.passUnretained(self).toOpaque()) >> 6) & (Self.locks.count - 1)]
        }
        private var made: Texts?
        private var saved: (bytes: SharedBytes, html: Range<Int>, text: Range<Int>, footnotes: Range<Int>)?

        init(made: Texts) {
            self.made = made
        }

        init(bytes: SharedBytes, html: Range<Int>, text: Range<Int>, footnotes: Range<Int>) {
            saved = (bytes, html, text, footnotes)
        }

        var texts: Texts {
            lock.lock()
            defer { lock.unlock() }
            if let made { return made }
            let (bytes, html, text, footnotes) = saved!
            let texts: Texts = (bytes.string(html), bytes[text], bytes[footnotes])
            made = texts
            // The saved bytes are shared by many entries: this one no longer holds on to them.
            saved = nil
            return texts
        }
    }

    /// The HTML with each local picture's address filled in: `pictureURL` gives the URL of a
    /// picture by its number, which is written escaped as cmark-gfm writes an address.
    public func html(pictureURL: (Int) -> String) -> String {
        html { (pictureURL($0), "") }
    }

    /// The HTML with each local picture's address filled in and `attributes` (already escaped,
    /// each with its leading space: ` width="640"`) written after it, by the picture's number.
    public func html(picture: (Int) -> (url: String, attributes: String)) -> String {
        guard !pictures.isEmpty else { return html }
        // Appended slice by slice: the slices are valid UTF-8 already, so nothing is checked again.
        var filled = ""
        filled.reserveCapacity(html.utf8.count + pictures.count * 200)
        let utf8 = html.utf8
        var copied = utf8.startIndex
        var address: [UInt8] = []
        for shown in pictures {
            let source = utf8.index(utf8.startIndex, offsetBy: shown.source)
            filled += Substring(utf8[copied..<source])
            let (url, attributes) = picture(shown.number)
            address.removeAll(keepingCapacity: true)
            HrefEscaping.append(url, to: &address)
            filled += String(decoding: address, as: UTF8.self)
            copied = source
            // The empty `src` value is followed by its closing quote: the attributes go after it.
            if !attributes.isEmpty, source < utf8.endIndex, utf8[source] == UInt8(ascii: "\"") {
                copied = utf8.index(after: source)
                filled += "\""
                filled += attributes
            }
        }
        filled += Substring(utf8[copied...])
        return filled
    }
}
