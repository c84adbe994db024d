/// The `Content-Type` and `Cache-Control` an S3 bucket serves each file with.
enum ContentType {
    static let byExtension = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "txt": "text/plain; charset=utf-8", "xml": "application/xml",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "webmanifest": "application/manifest+json",
        "woff2": "font/woff2", "bin": "application/octet-stream",
    ]

    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Every file revalidates (`no-cache`: kept, but checked with its ETag before each use). Only a
    /// file whose name changes with its content could be kept unchecked, and none does: pages and
    /// the search manifest keep their addresses, encrypted files keep their names across edits,
    /// the theme's files (`assets/style.css`) and pictures (`images/<entry id>_image_<n>.jpg`) keep
    /// theirs when their bytes change.
    static func cacheControl(for path: String) -> String {
        "no-cache"
    }
}
