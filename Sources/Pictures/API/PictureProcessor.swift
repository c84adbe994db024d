import Foundation

/// Turns a picture's bytes into what the site publishes: a display version and thumbnails, oriented,
/// in sRGB, without any metadata, in a format every browser shows.
///
/// The picture is decoded once, straight at the display size (a 4000×3000 JPEG is decoded at
/// 2000×1500 by libjpeg itself, then reduced), kept in memory at that size (5.8 MB for 1600×1200),
/// and every thumbnail is made from it. Safe to use from several threads at once.
///
/// What is published, by source:
/// - JPEG, HEIC/HEIF/AVIF and WebP: JPEG; PNG when some pixel is transparent.
/// - PNG and SVG (drawn at its own size, at most the display size): PNG. A lossless picture
///   (a screenshot, a drawing) stays lossless.
/// - GIF: an animation stays an animated GIF, resized frame by frame; its thumbnails are its first
///   frame, still (a gallery of moving cells is hard to look at), as a JPEG unless transparent: an
///   animation is mostly a clip of film, and a PNG of a frame of film is larger than the whole GIF.
///   A still GIF becomes a PNG.
/// An alpha channel in which every pixel is opaque is dropped.
public final class PictureProcessor: @unchecked Sendable {
    public let settings: PictureSettings
    private let lock = NSLock()
    private var decodes = 0

    public init(settings: PictureSettings = PictureSettings()) {
        self.settings = settings
    }

    /// How many pictures this processor has decoded: a rebuild with nothing new must leave it unchanged.
    public var decodeCount: Int {
        lock.withLock { decodes }
    }

    /// The picture's format and size as shown, from its header, without decoding its pixels. Throws a
    /// `PictureError` for an empty, unsupported, truncated, damaged or oversized picture.
    public func probe(_ bytes: [UInt8]) throws -> PictureInfo {
        try bytes.withUnsafeBytes { try PictureProbe($0, maxPixels: settings.maxPixels).info }
    }

    /// The display version and the thumbnails of the picture. Throws a `PictureError`.
    public func process(_ bytes: [UInt8]) throws -> ProcessedPicture {
        try bytes.withUnsafeBytes { buffer in
            let probe = try PictureProbe(buffer, maxPixels: settings.maxPixels)
            let info = probe.info
            lock.withLock { decodes += 1 }
            let still = try VipsImage.decode(buffer, format: info.format, fitting: settings.maxSize,
                                             allFrames: false, hasColourProfile: probe.hasColourProfile)
                .inDisplayColours(format: info.format)
                .inMemory(format: info.format)
                .droppingOpaqueAlpha(format: info.format)
            let stillFormat = Self.stillFormat(of: info, hasAlpha: still.hasAlpha)
            let display = info.isAnimatedGIF
                ? try animation(buffer, info: info)
                : try rendition(of: still, as: stillFormat, source: info.format)
            let thumbnails = try settings.thumbnailWidths
                .filter { $0 < still.width }
                .map { width in
                    try rendition(of: still.resized(toWidth: width, format: info.format), as: stillFormat, source: info.format)
                }
            return ProcessedPicture(display: display, thumbnails: thumbnails)
        }
    }

    /// What a still picture, or an animation's first frame, is published as: see the type's documentation.
    static func stillFormat(of source: PictureInfo, hasAlpha: Bool) -> PictureFormat {
        if hasAlpha { return .png }
        if source.isAnimatedGIF { return .jpeg }
        switch source.format {
        case .jpeg, .heif, .webp: return .jpeg
        case .png, .gif, .svg: return .png
        }
    }

    private func rendition(of image: VipsImage, as format: PictureFormat, source: PictureFormat) throws -> Rendition {
        let bytes = try image.encoded(as: format, jpegQuality: settings.jpegQuality, source: source)
        return Rendition(format: format, width: image.width, height: image.height, bytes: bytes)
    }

    /// Every frame resized and encoded as it is decoded: an animation is never held in memory whole.
    private func animation(_ buffer: UnsafeRawBufferPointer, info: PictureInfo) throws -> Rendition {
        let frames = try VipsImage.decode(buffer, format: .gif, fitting: settings.maxSize,
                                          allFrames: true, hasColourProfile: false)
        let bytes = try frames.encoded(as: .gif, jpegQuality: settings.jpegQuality, source: .gif)
        return Rendition(format: .gif, width: frames.width, height: frames.pageHeight, bytes: bytes)
    }
}
