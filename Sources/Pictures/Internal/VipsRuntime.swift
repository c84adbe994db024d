import Foundation
import CVips

/// libvips, opened and started once per process, when the first picture must be read: one thread per
/// picture, no operation cache, and only the decoders of the formats Daybook accepts.
enum VipsRuntime {
    /// Nil once libvips is ready; otherwise why it could not start. Evaluated once, on first use.
    static let startFailure: String? = {
        if let loadFailure = daybook_vips_load() { return String(cString: loadFailure) }
        if daybook_vips_init("daybook") != 0 { return takeError() ?? "libvips could not start" }
        // libvips reports what it tolerates (a profile it ignores, a stray byte) on standard error
        // through glib; Daybook reports problems itself, as diagnostics.
        daybook_vips_silence_warnings()
        // Pictures are processed one per core (PictureLibrary): more threads per picture would only
        // compete with the other pictures and with the rest of the build.
        daybook_vips_concurrency_set(1)
        // Every picture is decoded once and its buffer freed afterwards: a cached operation would
        // hold memory, and could even answer for a new buffer that reuses a freed one's address.
        daybook_vips_cache_set_max(0)
        daybook_vips_cache_set_max_mem(0)
        daybook_vips_cache_set_max_files(0)
        // Decoders of other formats (ImageMagick, PDF, TIFF, FITS, Matlab…) stay out of reach.
        daybook_vips_operation_block_set("VipsForeignLoad", 1)
        for loader in allowedLoaders { daybook_vips_operation_block_set(loader, 0) }
        return nil
    }()

    static let allowedLoaders = [
        "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadNsgif",
        "VipsForeignLoadWebp", "VipsForeignLoadHeif", "VipsForeignLoadSvg",
    ]

    /// The version of the libvips headers Daybook was built with, such as `8.14.1`, known without
    /// opening the library; the library opened must be that release or a newer one of its soname
    /// (`daybook_vips_load`).
    static let builtVersion = String(cString: daybook_vips_built_version())

    /// The release of the library opened, such as `8.14.2`; nil until it is.
    static var loadedVersion: String? {
        daybook_vips_loaded_version().map { String(cString: $0) }
    }

    /// Starts libvips if it is not running yet.
    static func start() throws {
        if let startFailure { throw PictureError(.unavailable("cannot start libvips: \(startFailure)")) }
    }

    /// libvips' last error, in Daybook's style (lower case, no class names, no final period), and
    /// clears it. The buffer is shared by all threads, so a message may rarely carry another
    /// picture's words too; the failure itself is always this picture's.
    static func takeError() -> String? {
        guard let raw = daybook_vips_error_buffer_copy() else { return nil }
        defer { daybook_vips_free(raw) }
        let lines = String(cString: raw).split(whereSeparator: \.isNewline).map(clean).filter { !$0.isEmpty }
        var unique: [String] = []
        for line in lines where !unique.contains(line) { unique.append(line) }
        return unique.isEmpty ? nil : unique.joined(separator: "; ")
    }

    /// `VipsJpeg: Premature end of input file.` → `premature end of input file`.
    private static func clean(_ line: Substring) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" ") {
            text = String(text[colon.upperBound...])
        }
        while text.hasSuffix(".") { text.removeLast() }
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
