/// A picture ready to publish: its display version and its thumbnails.
public struct ProcessedPicture: Hashable, Sendable {
    /// Long edge at most `PictureSettings.maxSize`; the picture's own size when it is smaller.
    public var display: Rendition
    /// Narrower than the display version, narrowest first, one per `PictureSettings.thumbnailWidths`
    /// entry below the display version's width: a small picture has fewer thumbnails, or none, and
    /// its display version serves instead. An animated GIF's thumbnails are its first frame, still.
    public var thumbnails: [Rendition]

    public init(display: Rendition, thumbnails: [Rendition]) {
        self.display = display
        self.thumbnails = thumbnails
    }

    /// Thumbnails then the display version, narrowest first: the candidates of a `srcset`.
    public var renditions: [Rendition] { thumbnails + [display] }
}
