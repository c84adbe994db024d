/// What a processed picture is cached under: the SHA-256 of the picture's bytes and a hash of the
/// settings it was processed with. The same bytes under two names have one key.
public struct PictureKey: Hashable, Sendable, CustomStringConvertible {
    /// SHA-256 of the picture file, 64 hex digits.
    public var content: String
    /// The first 16 hex digits of the SHA-256 of `PictureSettings.fingerprint`.
    public var settings: String

    public init(content: String, settings: String) {
        self.content = content
        self.settings = settings
    }

    public var description: String { "\(settings)/\(content)" }
}
