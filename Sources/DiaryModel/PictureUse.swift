/// A picture file as an entry file names it: the file (relative to the diary root) and where the
/// entry names it. What a picture check needs of an entry that could not be read, so that every
/// picture it names that exists is checked in the same run as its other problems.
public struct PictureUse: Hashable, Sendable {
    /// The picture's file, relative to the diary root (`Content/photos/leaves.jpg`).
    public var sourcePath: String
    /// Its `images:` item or its `![…](…)` in the entry file.
    public var location: SourceLocation

    public init(sourcePath: String, location: SourceLocation) {
        self.sourcePath = sourcePath
        self.location = location
    }

    /// The pictures of `entry`, each where the entry names it first.
    public static func of(_ entry: Entry) -> [PictureUse] {
        entry.images.map { image in
            PictureUse(sourcePath: image.sourcePath, location: SourceLocation(path: entry.sourcePath, line: image.line, column: image.column))
        }
    }
}
