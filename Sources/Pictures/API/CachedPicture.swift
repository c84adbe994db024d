/// A processed picture as stored in the cache: where each rendition's file is, and its size, so a
/// page can name it and give its `width` and `height` without reading it.
public struct CachedPicture: Hashable, Sendable {
    /// One rendition's file in the cache.
    public struct File: Hashable, Sendable {
        public var format: PictureFormat
        /// Width as shown, in pixels.
        public var width: Int
        /// Height as shown, in pixels.
        public var height: Int
        /// The file's path in the cache folder.
        public var path: String

        public var fileExtension: String { format.fileExtension }

        /// The encoded rendition. Throws a `PictureError` when the file cannot be read.
        public func bytes() throws -> [UInt8] {
            guard let bytes = PlainFiles.read(path) else {
                throw PictureError(.unavailable("cannot read the cached picture '\(path)'"))
            }
            return bytes
        }
    }

    public var key: PictureKey
    /// See `ProcessedPicture.display`.
    public var display: File
    /// See `ProcessedPicture.thumbnails`: narrowest first, each narrower than the display version.
    public var thumbnails: [File]

    public init(key: PictureKey, display: File, thumbnails: [File]) {
        self.key = key
        self.display = display
        self.thumbnails = thumbnails
    }

    /// Thumbnails then the display version, narrowest first: the candidates of a `srcset`.
    public var files: [File] { thumbnails + [display] }

    /// The narrowest file at least `width` pixels wide, or the display version.
    public func file(atLeast width: Int) -> File {
        thumbnails.first { $0.width >= width } ?? display
    }
}
