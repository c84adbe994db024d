import Foundation

/// Text as JSON string literals, for the small JSON files the build writes by hand (the offline
/// list and manifest, the encrypted site's on-this-day calendar).
package enum JSONText {
    /// `text` as a JSON string, appended to `json`: as it is unless it holds a quote, a backslash
    /// or a control character (paths never do).
    package static func append(_ text: String, to json: inout [UInt8]) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            json.append(UInt8(ascii: "\""))
            json += text.utf8
            json.append(UInt8(ascii: "\""))
        } else {
            json += quoted(text).utf8
        }
    }

    /// `text` as a JSON string.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
