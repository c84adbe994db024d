/// One published file of a picture: its display version or a thumbnail.
public struct Rendition: Hashable, Sendable {
    /// JPEG, PNG or GIF: formats every browser shows.
    public var format: PictureFormat
    /// Width as shown, in pixels (the orientation is already in the pixels).
    public var width: Int
    /// Height as shown, in pixels.
    public var height: Int
    /// The encoded file, with no metadata.
    public var bytes: [UInt8]

    public init(format: PictureFormat, width: Int, height: Int, bytes: [UInt8]) {
        self.format = format
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    public var fileExtension: String { format.fileExtension }
}
