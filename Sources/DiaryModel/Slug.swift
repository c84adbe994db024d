import Foundation

/// The one slug rule of the diary (SPEC §2), shared by entry ids, tag URLs and emotion URLs:
/// Unicode NFC, lower-cased, letters and digits kept, every other run of characters
/// becomes one `-`, no leading or trailing `-`.
public enum Slug {
    /// The longest slug in UTF-8 bytes: a tag's or emotion's slug names a folder of the site, and a
    /// file name holds at most 255 bytes on the usual file systems.
    public static let longestBytes = 255

    /// Why `name` cannot be a tag's or emotion's URL (`what` is "tag" or "emotion"), or nil when it can.
    public static func problem(naming name: String, as what: String) -> String? {
        let slug = make(from: name)
        if slug.isEmpty { return "the \(what) '\(name)' has no letters or digits to make a URL from" }
        guard slug.utf8.count > longestBytes else { return nil }
        let shown = name.count > 40 ? name.prefix(39) + "…" : Substring(name)
        return "the \(what) '\(shown)' is too long to make a URL from: its URL part is \(slug.utf8.count) bytes, "
            + "and a file name holds at most \(longestBytes); shorten it"
    }

    public static func make(from text: String) -> String {
        if let slug = asciiSlug(text) { return slug }
        let normalized = text.normalizedNFC.lowercased()
        var slug = String.UnicodeScalarView()
        var pendingDash = false
        for scalar in normalized.unicodeScalars {
            if isKept(scalar) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return String(slug)
    }

    /// The same rule for ASCII text, where NFC and lower-casing change nothing but A–Z:
    /// it skips Unicode normalization, which cost most of reading a file name.
    private static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var slug: [UInt8] = []
            slug.reserveCapacity(bytes.count)
            var pendingDash = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                let lower = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
                if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                    if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    slug.append(lower)
                } else {
                    pendingDash = true
                }
            }
            return String(decoding: slug, as: UTF8.self)
        }
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A)
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.generalCategory == .decimalNumber
    }
}
