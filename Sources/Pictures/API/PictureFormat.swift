/// The kinds of picture Daybook reads. Only JPEG, PNG and GIF are published: every browser shows them.
public enum PictureFormat: String, Hashable, Sendable, CaseIterable {
    case jpeg
    case png
    case gif
    case webp
    /// HEIC and HEIF (iPhone photos) and AVIF: one container, decoded by libheif.
    case heif
    /// Rasterised, never published as SVG: an SVG file opened from the site's origin can run script.
    case svg

    /// The extension of a published file in this format, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .gif: return "gif"
        case .webp: return "webp"
        case .heif: return "heic"
        case .svg: return "svg"
        }
    }

    /// The names a user knows, for messages that list what is accepted.
    static let acceptedNames = "jpeg, png, gif, webp, heic, heif, avif or svg"
}
