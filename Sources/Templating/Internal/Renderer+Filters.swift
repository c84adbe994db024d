import Foundation

extension Renderer {
    /// Applies one filter to `value`.
    mutating func apply(_ filter: Filter, to value: TemplateValue, site: ExpressionSite) throws -> TemplateValue {
        func wrongInput(_ expected: String) -> TemplateError {
            TemplateError(site.location, .wrongFilterInput(filter: site.name, expected: expected,
                                                           expression: site.inputText, kind: value.kindDescription))
        }
        switch filter {
        case .date(let patternIndex):
            guard case .date(let date) = value else { throw wrongInput("a date") }
            return .string(formatters.string(from: date, patternIndex: patternIndex))
        case .truncate(let limitExpression):
            guard case .int(let limit) = try evaluate(limitExpression), limit >= 0 else {
                throw TemplateError(site.location, .wrongFilterArguments(filter: "truncate", usage: "truncate: 100"))
            }
            switch value {
            case .string(let text): return .string(Self.truncate(text, to: limit))
            case .html(let text): return .html(Self.truncate(text, to: limit))
            default: throw wrongInput("a string")
            }
        case .join(let separatorExpression):
            guard case .list(let items) = value else { throw wrongInput("a list") }
            let separator = try evaluate(separatorExpression)
            return try join(items, separator: separator, wrongInput: wrongInput)
        case .length:
            switch value {
            case .string(let text), .html(let text): return .int(text.count)
            case .list(let items): return .int(items.count)
            case .map(let map): return .int(map.count)
            default: throw wrongInput("a string, list or map")
            }
        case .defaultValue(let fallback):
            return value.isNullOrEmpty ? try evaluate(fallback) : value
        case .pluralize(let formsExpression):
            guard case .int(let count) = value else { throw wrongInput("a whole number") }
            guard let forms = Self.plainText(try evaluate(formsExpression)) else {
                throw TemplateError(site.location, .wrongFilterArguments(filter: "pluralize", usage: "pluralize: \"{n} entry|{n} entries\""))
            }
            return .string(Self.pluralize(count, forms, groupingSeparator: formatters.groupingSeparator))
        case .json:
            var json: [UInt8] = []
            appendJSON(value, to: &json)
            return .html(String(decoding: json, as: UTF8.self))
        case .url:
            guard let text = Self.plainText(value) else { throw wrongInput("a string or number") }
            return .string(Self.percentEncodePathSegment(text))
        case .upper:
            switch value {
            case .string(let text): return .string(text.uppercased())
            case .html(let text): return .html(text.uppercased())
            default: throw wrongInput("a string")
            }
        case .lower:
            switch value {
            case .string(let text): return .string(text.lowercased())
            case .html(let text): return .html(text.lowercased())
            default: throw wrongInput("a string")
            }
        case .raw:
            switch value {
            case .string(let text), .html(let text): return .html(text)
            default: return value
            }
        }
    }

    // MARK: - Helpers

    /// `forms` is `one|other` (or one form for every count); the form for `count`, with `{n}`
    /// replaced by the number, its digits grouped in threes (`12,345`). Made from UTF-8 bytes:
    /// every page's footer counts its entries, and String's own searching and slicing cost more
    /// than the rest of that page's filters.
    static func pluralize(_ count: Int, _ forms: String, groupingSeparator: String) -> String {
        let digits = Array(String(count.magnitude).utf8)
        var number: [UInt8] = count < 0 ? [UInt8(ascii: "-")] : []
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { number += groupingSeparator.utf8 }
            number.append(digit)
        }
        var forms = forms
        return forms.withUTF8 { utf8 in
            var form = utf8[...]
            if let bar = utf8.firstIndex(of: UInt8(ascii: "|")) {
                form = count == 1 ? utf8[..<bar] : utf8[(bar + 1)...]
            }
            var text: [UInt8] = []
            text.reserveCapacity(form.count + number.count)
            var offset = form.startIndex
            while offset < form.endIndex {
                if form[offset...].starts(with: "{n}".utf8) {
                    text += number
                    offset += 3
                } else {
                    text.append(form[offset])
                    offset += 1
                }
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Keeps the first `limit` characters; if anything was cut, drops trailing whitespace and adds "…".
    static func truncate(_ text: String, to limit: Int) -> String {
        var text = text
        if let truncated = text.withUTF8({ truncatePlain($0, to: limit) }) { return truncated }
        return truncateCharacters(text, to: limit)
    }

    /// `truncate` of printable ASCII and Hangul syllables, on the bytes: each of those characters
    /// is one scalar that never joins a neighbour, so they are counted without String's character
    /// breaking (a tenth of the cost; the day's look-back data truncates every entry's excerpt).
    /// Nil when a character it reads is anything else.
    private static func truncatePlain(_ utf8: UnsafeBufferPointer<UInt8>, to limit: Int) -> String? {
        var end = 0
        for _ in 0...max(0, limit) {
            guard end < utf8.count else { return String(decoding: utf8, as: UTF8.self) }
            let lead = utf8[end]
            if lead >= 0x20 && lead < 0x7F {
                end += 1
            } else if (0xEA...0xED).contains(lead), end + 2 < utf8.count,
                      (0xAC00...0xD7A3).contains(UInt32(lead & 0x0F) << 12 | UInt32(utf8[end + 1] & 0x3F) << 6 | UInt32(utf8[end + 2] & 0x3F)) {
                end += 3
            } else {
                return nil
            }
        }
        // The loop read one character past the limit, which joins nothing: cut before it.
        end -= utf8[end - 1] < 0x80 ? 1 : 3
        while end > 0, utf8[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: utf8[..<end]), as: UTF8.self) + "…"
    }

    static func truncateCharacters(_ text: String, to limit: Int) -> String {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else {
            return text
        }
        var kept = text[..<end]
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        return kept + "…"
    }

    /// Joins items as text. If any item is raw HTML, the result is HTML and the other items and
    /// the separator are escaped into it.
    private func join(_ items: [TemplateValue], separator: TemplateValue,
                      wrongInput: (String) -> TemplateError) throws -> TemplateValue {
        let separatorIsHTML: Bool
        let separatorText: String
        switch separator {
        case .html(let text): (separatorIsHTML, separatorText) = (true, text)
        default:
            guard let text = Self.plainText(separator) else { throw wrongInput("a list") }
            (separatorIsHTML, separatorText) = (false, text)
        }
        var pieces: [(text: String, isHTML: Bool)] = []
        pieces.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .html(let text): pieces.append((text, true))
            default:
                guard let text = Self.plainText(item) else { throw wrongInput("a list of strings or numbers") }
                pieces.append((text, false))
            }
        }
        guard separatorIsHTML || pieces.contains(where: \.isHTML) else {
            return .string(pieces.map(\.text).joined(separator: separatorText))
        }
        var html = ""
        for (index, piece) in pieces.enumerated() {
            if index > 0 { html += separatorIsHTML ? separatorText : HTMLEscaper.escape(separatorText) }
            html += piece.isHTML ? piece.text : HTMLEscaper.escape(piece.text)
        }
        return .html(html)
    }

    /// Strings and numbers as text; nil for anything else.
    static func plainText(_ value: TemplateValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return format(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters, so the result is one path segment.
    static func percentEncodePathSegment(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - JSON

    /// Appends `value` as JSON that is safe inside `<script>`: `<`, `>`, `&`, U+2028 and U+2029
    /// are written as `\u` escapes. Map keys are sorted so output is stable.
    func appendJSON(_ value: TemplateValue, to json: inout [UInt8]) {
        switch value {
        case .string(let text), .html(let text): Self.appendJSONString(text, to: &json)
        case .int(let number): json.appendUTF8(String(number))
        case .double(let number): json.appendUTF8(number.isFinite ? Self.format(number) : "null")
        case .bool(let flag): json.append(contentsOf: flag ? "true" : "false" as StaticString)
        case .null: json.append(contentsOf: "null" as StaticString)
        case .date(let date): Self.appendJSONString(formatters.isoString(from: date), to: &json)
        case .list(let items):
            json.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                appendJSON(item, to: &json)
            }
            json.append(UInt8(ascii: "]"))
        case .map(let map):
            json.append(UInt8(ascii: "{"))
            for (index, key) in map.keys.sorted().enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                Self.appendJSONString(key, to: &json)
                json.append(UInt8(ascii: ":"))
                if let item = map[key] { appendJSON(item, to: &json) }
            }
            json.append(UInt8(ascii: "}"))
        }
    }

    /// Runs of bytes that need no escaping are copied whole: the day's look-back data is written
    /// through this filter, an excerpt at a time.
    private static func appendJSONString(_ text: String, to json: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        func appendEscape(_ code: Int) {
            json.append(contentsOf: "\\u" as StaticString)
            for shift in stride(from: 12, through: 0, by: -4) { json.append(hex[(code >> shift) & 0xF]) }
        }
        json.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            var index = 0
            func copyRun() { json.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index])) }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "'"), 0..<0x20:
                    copyRun()
                    switch byte {
                    case UInt8(ascii: "\""): json.append(contentsOf: "\\\"" as StaticString)
                    case UInt8(ascii: "\\"): json.append(contentsOf: "\\\\" as StaticString)
                    case UInt8(ascii: "\n"): json.append(contentsOf: "\\n" as StaticString)
                    case UInt8(ascii: "\r"): json.append(contentsOf: "\\r" as StaticString)
                    case UInt8(ascii: "\t"): json.append(contentsOf: "\\t" as StaticString)
                    default: appendEscape(Int(byte))
                    }
                    copied = index + 1
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 and U+2029 end a line in JavaScript source.
                    copyRun()
                    appendEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                    index += 2
                    copied = index + 1
                default: break
                }
                index += 1
            }
            copyRun()
        }
        json.append(UInt8(ascii: "\""))
    }
}
