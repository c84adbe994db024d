/// What a picture is, read from its header without decoding its pixels (`daybook check`).
public struct PictureInfo: Hashable, Sendable {
    public var format: PictureFormat
    /// Width as shown, in pixels: after the orientation is applied (for an animation, one frame's).
    public var width: Int
    /// Height as shown, in pixels: after the orientation is applied (for an animation, one frame's).
    public var height: Int
    /// Frames of an animated GIF or WebP, 1 for a still picture.
    public var frameCount: Int
    /// True when the picture has an alpha channel (it may still be fully opaque).
    public var hasAlpha: Bool

    public init(format: PictureFormat, width: Int, height: Int, frameCount: Int, hasAlpha: Bool) {
        self.format = format
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.hasAlpha = hasAlpha
    }

    /// True for a GIF with more than one frame: the only animation Daybook publishes as one.
    public var isAnimatedGIF: Bool { format == .gif && frameCount > 1 }
}
