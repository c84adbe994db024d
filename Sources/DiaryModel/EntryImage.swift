import BuildSupport

/// A picture of an entry, from its front matter or its body, published as a display version and
/// thumbnails (where: `URLMap`).
public struct EntryImage: Hashable, Sendable {
    /// Where the picture was named.
    public enum Origin: String, Sendable {
        case frontMatter
        case body
    }

    /// `<entry id>_image_<n>`: stable across builds, and the anchor `#image-<n>` on the entry page.
    public var id: String
    /// 1-based: front-matter images first, then body images in reading order.
    public var number: Int
    public var entryID: String
    /// The picture's file, relative to the diary root (`Content/photos/leaves.jpg`).
    public var sourcePath: String
    /// Lower-cased file extension without the dot (`jpg`).
    public var fileExtension: String
    public var alt: String
    public var caption: String?
    public var origin: Origin
    /// Where the entry file names the picture first (its `images:` item or its `![…](…)`), 1-based:
    /// a picture that cannot be published is an error there.
    public var line: Int
    public var column: Int

    public init(number: Int, entryID: String, sourcePath: String, fileExtension: String,
                alt: String, caption: String?, origin: Origin, line: Int = 1, column: Int = 1) {
        self.id = Self.id(entryID: entryID, number: number)
        self.number = number
        self.entryID = entryID
        self.sourcePath = sourcePath
        self.fileExtension = fileExtension
        self.alt = alt
        self.caption = caption
        self.origin = origin
        self.line = line
        self.column = column
    }

    /// `<entry id>_image_<number>`, written once into storage of its final size: interpolating grew
    /// the string twice, a quarter of reading a cached entry with a picture.
    static func id(entryID: String, number: Int) -> String {
        var entry = entryID
        let digits = String(number)
        let marker: StaticString = "_image_"
        return entry.withUTF8 { entryBytes in
            String(unsafeUninitializedCapacity: entryBytes.count + marker.utf8CodeUnitCount + digits.utf8.count) { buffer in
                var end = buffer.initialize(fromContentsOf: entryBytes)
                end = buffer[end...].initialize(fromContentsOf: UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount))
                return buffer[end...].initialize(fromContentsOf: digits.utf8)
            }
        }
    }

    /// The anchor of this picture on its entry's page.
    public var anchor: String { "image-\(number)" }
}

extension EntryImage {
    /// Hashes what names and describes the picture: its id, file, alt text, caption and origin
    /// (not where the entry names it).
    public func combine(into hasher: inout StableHasher) {
        hasher.combine(id)
        hasher.combine(sourcePath)
        hasher.combine(fileExtension)
        hasher.combine(alt)
        hasher.combine(caption != nil)
        hasher.combine(caption ?? "")
        hasher.combine(origin.rawValue)
    }
}
