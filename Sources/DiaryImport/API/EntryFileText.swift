import DiaryModel

/// The text of a new entry file (SPEC §2): front matter Daybook reads back exactly as given,
/// then the Markdown body. `daybook new` and every importer write entries through it.
public struct EntryFileText: Sendable, Equatable {
    /// A front-matter value beyond the keys Daybook knows, kept for templates.
    public enum Extra: Sendable, Equatable {
        case text(String)
        case flag(Bool)
    }

    /// One extra front-matter line.
    public struct Field: Sendable, Equatable {
        public var key: String
        public var value: Extra

        public init(_ key: String, _ value: Extra) {
            self.key = key
            self.value = value
        }
    }

    public var title: String?
    /// The wall-clock time written as the date, without an offset.
    public var date: LocalDateTime
    /// An emotion id of the diary.
    public var emotion: String
    public var tags: [String]
    /// Picture paths relative to the entry file, listed under `images:`.
    public var images: [String]
    /// Extra keys in the order given.
    public var extra: [Field]
    public var body: String

    public init(title: String? = nil, date: LocalDateTime, emotion: String, tags: [String] = [], images: [String] = [],
                extra: [Field] = [], body: String = "") {
        self.title = title
        self.date = date
        self.emotion = emotion
        self.tags = tags
        self.images = images
        self.extra = extra
        self.body = body
    }

    /// `2025-10-20 09:30`, with `:SS` only when the seconds are not zero.
    public static func dateText(_ date: LocalDateTime) -> String {
        date.second == 0 ? date.description : date.description + (date.second < 10 ? ":0" : ":") + String(date.second)
    }

    /// The whole file: `---`, the front matter, `---`, a blank line, the body ending in one line break.
    public var rendered: String {
        var text = "---\n"
        if let title, !title.isEmpty { text += "title: \(YAMLText.quoted(title))\n" }
        text += "date: \(Self.dateText(date))\n"
        text += "emotion: \(emotion)\n"
        if !tags.isEmpty { text += "tags: [\(tags.map(YAMLText.quoted).joined(separator: ", "))]\n" }
        if !images.isEmpty {
            text += "images:\n"
            for image in images { text += "  - \(YAMLText.quoted(image))\n" }
        }
        for field in extra {
            switch field.value {
            case .text(let words): text += "\(field.key): \(YAMLText.quoted(words))\n"
            case .flag(let flag): text += "\(field.key): \(flag)\n"
            }
        }
        text += "---\n\n"
        var end = body.endIndex
        while end > body.startIndex, body[body.index(before: end)].isWhitespace { end = body.index(before: end) }
        if end > body.startIndex { text += body[..<end] + "\n" }
        return text
    }
}

/// Text written into YAML exactly as given: double-quoted, so that `no`, `2025` or `a: b` stay text.
public enum YAMLText {
    public static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    escaped += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }

    /// The text of a value `quoted` wrote, or a plain one, as a single line of front matter gives it.
    public static func unquoted(_ value: Substring) -> String {
        let trimmed = String(value).trimmed
        if trimmed.count >= 2, trimmed.hasPrefix("'"), trimmed.hasSuffix("'") {
            return String(trimmed.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return String(trimmed) }
        var text = ""
        var escaping = false
        for character in trimmed.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
