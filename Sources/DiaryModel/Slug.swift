import Foundation

/// The one slug rule of the diary (SPEC §2), shared by entry ids, tag URLs and emotion URLs:
/// Unicode NFC, lower-cased, letters and digits kept, every other run of characters
/// becomes one `-`, no leading or trailing `-`.
public enum Slug {
    public static func make(from text: String) -> String {
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

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A)
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.generalCategory == .decimalNumber
    }
}
