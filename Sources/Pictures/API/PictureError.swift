/// Why a picture cannot be published. The site build prints `message` after the location of the
/// line that names the picture: `Content/2025/10/20.md:6:5: error: picture is truncated: …`.
public struct PictureError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The file has no bytes.
        case empty
        /// Not a format Daybook reads; the format's name when the first bytes tell it.
        case unsupportedFormat(String?)
        /// The file ends before the picture does (an interrupted copy or download).
        case truncated(PictureFormat)
        /// The decoder refused the picture; its own words.
        case damaged(PictureFormat, String)
        /// More pixels than `PictureSettings.maxPixels` (all frames of an animation counted).
        case tooLarge(width: Int, height: Int, frames: Int, limit: Int)
        /// The file or the cache could not be read or written, or libvips could not start; the system's words.
        case unavailable(String)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var message: String {
        switch reason {
        case .empty:
            return "picture file is empty"
        case .unsupportedFormat(let name?):
            return "unsupported picture format: \(name) (daybook reads \(PictureFormat.acceptedNames))"
        case .unsupportedFormat(nil):
            return "not a picture daybook can read (expected \(PictureFormat.acceptedNames))"
        case .truncated(let format):
            return "picture is truncated: the \(format.rawValue) file ends before the picture does"
        case .damaged(let format, let detail):
            return "damaged \(format.rawValue) picture: \(detail)"
        case .tooLarge(let width, let height, let frames, let limit):
            let frameNote = frames > 1 ? " in each of \(frames) frames" : ""
            return "picture is too large: \(width)×\(height) pixels\(frameNote) (the limit is \(limit / 1_000_000) megapixels)"
        case .unavailable(let detail):
            return detail
        }
    }

    public var description: String { message }
}
