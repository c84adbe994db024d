/// The `Content-Type` a served file gets, from its extension.
enum ContentType {
    static let html = "text/html; charset=utf-8"
    static let fallback = "application/octet-stream"

    static let byExtension: [String: String] = [
        "html": html, "htm": html,
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json",
        "txt": "text/plain; charset=utf-8",
        "xml": "application/xml", "rss": "application/rss+xml", "atom": "application/atom+xml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "svg": "image/svg+xml", "ico": "image/x-icon",
        "bmp": "image/bmp", "heic": "image/heic", "tif": "image/tiff", "tiff": "image/tiff",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "wasm": "application/wasm",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "ogg": "audio/ogg", "wav": "audio/wav",
        "mp4": "video/mp4", "webm": "video/webm", "mov": "video/quicktime",
    ]

    /// The type for a file path such as `assets/style.css`; unknown extensions are binary.
    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    static func isHTML(_ type: String) -> Bool {
        type.hasPrefix("text/html")
    }
}
