import Foundation
import DiaryModel

/// Daylio's note text into Markdown. Notes may carry the few HTML tags Daylio's editor makes
/// (`<br>`, `<b>`, `<i>`, `<s>`, lists, paragraphs) and character entities; Daybook's Markdown
/// drops raw HTML, so these become their Markdown equals and any other tag goes. A line break
/// the writer typed stays one: each line becomes a paragraph.
enum DaylioNote {
    static func markdown(fromHTML html: String) -> String {
        var text = ""
        let lines = html.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var rest = lines[...]
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            text += rest[..<open]
            rest = rest[open...]
            if rest.first == "&" {
                if let (character, end) = entity(at: rest) {
                    text.append(character)
                    rest = rest[end...]
                } else {
                    text.append("&")
                    rest = rest.dropFirst()
                }
                continue
            }
            guard let (name, isClosing, end) = tag(at: rest) else {
                text.append("<")
                rest = rest.dropFirst()
                continue
            }
            text += replacement(for: name, closing: isClosing)
            rest = rest[end...]
        }
        text += rest
        return tidy(text)
    }

    private static func replacement(for name: String, closing: Bool) -> String {
        switch name {
        case "br": return "\n"
        case "p", "div": return closing ? "\n\n" : ""
        case "b", "strong": return "**"
        case "i", "em": return "*"
        case "s", "strike", "del": return "~~"
        case "li": return closing ? "" : "\n- "
        case "ul", "ol": return "\n"
        default: return ""
        }
    }

    /// `<b>`, `</li>`, `<br/>`, `<span style="…">`: the lower-case name, whether it closes, and
    /// where it ends. Text such as `<3` is not a tag.
    private static func tag(at text: Substring) -> (String, Bool, Substring.Index)? {
        var index = text.index(after: text.startIndex)
        let isClosing = index < text.endIndex && text[index] == "/"
        if isClosing { index = text.index(after: index) }
        let nameStart = index
        while index < text.endIndex, text[index].isASCII, text[index].isLetter || text[index].isNumber { index = text.index(after: index) }
        guard index > nameStart, let first = text[nameStart].unicodeScalars.first, first.properties.isAlphabetic,
              let close = text[index...].firstIndex(of: ">"), !text[index..<close].contains("<") else { return nil }
        return (text[nameStart..<index].lowercased(), isClosing, text.index(after: close))
    }

    private static let named: [String: Character] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]

    /// `&amp;`, `&#39;`, `&#x27;`: the character and where the entity ends.
    private static func entity(at text: Substring) -> (Character, Substring.Index)? {
        guard let semicolon = text.prefix(10).firstIndex(of: ";") else { return nil }
        let name = text[text.index(after: text.startIndex)..<semicolon]
        let end = text.index(after: semicolon)
        if let character = named[String(name)] { return (character, end) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (Character(scalar), end)
    }

    /// Each line the writer typed as its own paragraph (Markdown would join lines into one),
    /// list items kept together, no spaces at line ends, no blank lines at either end.
    private static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n") {
            var trimmedLine = line
            while let last = trimmedLine.last, last == " " || last == "\t" { trimmedLine = trimmedLine.dropLast() }
            guard !trimmedLine.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            if let previous = lines.last, !(previous.hasPrefix("- ") && trimmedLine.hasPrefix("- ")) { lines.append("") }
            lines.append(trimmedLine)
        }
        return lines.joined(separator: "\n").trimmed
    }
}
