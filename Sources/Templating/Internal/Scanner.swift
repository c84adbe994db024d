/// One piece of a template as the scanner sees it: literal text, a delimiter, or a word of an
/// expression inside `{{ }}` or `{% %}`. Comments never become tokens.
struct Token: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case text(String)
        case outputOpen, outputClose
        case tagOpen, tagClose
        case name(String)
        case string(String)
        case int(Int)
        case double(Double)
        case symbol(String)
        case end
    }

    var kind: Kind
    var line: Int
    var column: Int
}

extension Token.Kind {
    /// The token as the user wrote it, for "found '…'" in messages.
    var sourceText: String {
        switch self {
        case .text(let text): return text
        case .outputOpen: return "{{"
        case .outputClose: return "}}"
        case .tagOpen: return "{%"
        case .tagClose: return "%}"
        case .name(let name): return name
        case .string(let value): return "\"\(value)\""
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .symbol(let symbol): return symbol
        case .end: return "end of template"
        }
    }
}

/// A cursor over a template's UTF-8 bytes that knows its line and column and cuts the template
/// into tokens. Whitespace control (`{%-`, `-%}`, `{{-`, `-}}`, `{#-`, `-#}`) is applied here by
/// trimming the neighbouring text.
struct Scanner {
    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    private var line = 1
    private var column = 1

    private enum Mode { case output, tag }

    init(_ text: String, path: String) {
        self.bytes = Array(text.utf8)
        self.path = path
    }

    /// Scans the whole template; on a syntax error returns the tokens before it and the error.
    static func scan(_ text: String, path: String) -> (tokens: [Token], error: TemplateError?) {
        var scanner = Scanner(text, path: path)
        var tokens: [Token] = []
        do {
            try scanner.scanAll(into: &tokens)
            return (tokens, nil)
        } catch let error as TemplateError {
            return (tokens, error)
        } catch {
            return (tokens, nil)
        }
    }

    // MARK: - Template level

    private mutating func scanAll(into tokens: inout [Token]) throws {
        var trimLeadingWhitespace = false
        while true {
            if trimLeadingWhitespace {
                while index < bytes.count, Self.isWhitespace(bytes[index]) { advance() }
            }
            let textLine = line, textColumn = column
            let textStart = index
            while index < bytes.count, !isAtOpeningDelimiter() { advance() }
            var textEnd = index
            let trimsBefore = index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: "-")
            if trimsBefore {
                while textEnd > textStart, Self.isWhitespace(bytes[textEnd - 1]) { textEnd -= 1 }
            }
            if textEnd > textStart {
                let text = String(decoding: bytes[textStart..<textEnd], as: UTF8.self)
                tokens.append(Token(kind: .text(text), line: textLine, column: textColumn))
            }
            guard index < bytes.count else {
                tokens.append(Token(kind: .end, line: line, column: column))
                return
            }
            let openLine = line, openColumn = column
            let kind = bytes[index + 1]
            advance()
            advance()
            if trimsBefore { advance() }
            switch kind {
            case UInt8(ascii: "#"):
                trimLeadingWhitespace = try skipComment(openLine: openLine, openColumn: openColumn)
            case UInt8(ascii: "{"):
                tokens.append(Token(kind: .outputOpen, line: openLine, column: openColumn))
                trimLeadingWhitespace = try scanExpression(.output, into: &tokens, openLine: openLine, openColumn: openColumn)
            default:
                tokens.append(Token(kind: .tagOpen, line: openLine, column: openColumn))
                trimLeadingWhitespace = try scanExpression(.tag, into: &tokens, openLine: openLine, openColumn: openColumn)
            }
        }
    }

    private func isAtOpeningDelimiter() -> Bool {
        guard bytes[index] == UInt8(ascii: "{"), index + 1 < bytes.count else { return false }
        let next = bytes[index + 1]
        return next == UInt8(ascii: "{") || next == UInt8(ascii: "%") || next == UInt8(ascii: "#")
    }

    /// Skips a comment; returns whether it ends with `-#}`.
    private mutating func skipComment(openLine: Int, openColumn: Int) throws -> Bool {
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "}") {
                let trims = index > 0 && bytes[index - 1] == UInt8(ascii: "-")
                advance()
                advance()
                return trims
            }
            advance()
        }
        throw error(openLine, openColumn, .unclosedDelimiter(open: "{#", close: "#}"))
    }

    // MARK: - Expressions

    /// Scans the words inside `{{ }}` or `{% %}` up to and including the closing delimiter;
    /// returns whether the closing delimiter asks to trim the following whitespace.
    private mutating func scanExpression(_ mode: Mode, into tokens: inout [Token], openLine: Int, openColumn: Int) throws -> Bool {
        let closer = mode == .output ? UInt8(ascii: "}") : UInt8(ascii: "%")
        let unclosed = mode == .output
            ? TemplateError.Reason.unclosedDelimiter(open: "{{", close: "}}")
            : TemplateError.Reason.unclosedDelimiter(open: "{%", close: "%}")
        while true {
            while index < bytes.count, Self.isWhitespace(bytes[index]) { advance() }
            guard index < bytes.count else { throw error(openLine, openColumn, unclosed) }
            let byte = bytes[index]
            let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let afterNext: UInt8 = index + 2 < bytes.count ? bytes[index + 2] : 0
            let closeKind: Token.Kind = mode == .output ? .outputClose : .tagClose
            if byte == closer, next == UInt8(ascii: "}") {
                tokens.append(Token(kind: closeKind, line: line, column: column))
                advance()
                advance()
                return false
            }
            if byte == UInt8(ascii: "-"), next == closer, afterNext == UInt8(ascii: "}") {
                tokens.append(Token(kind: closeKind, line: line, column: column))
                advance()
                advance()
                advance()
                return true
            }
            if isAtOpeningDelimiter() { throw error(openLine, openColumn, unclosed) }
            let tokenLine = line, tokenColumn = column
            let kind: Token.Kind
            if Self.isNameStart(byte) {
                kind = .name(scanName())
            } else if Self.isDigit(byte) {
                kind = scanNumber()
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                kind = .string(try scanString())
            } else if let symbol = scanSymbol() {
                kind = .symbol(symbol)
            } else {
                // A stray character with no closing delimiter ahead most likely means a missing one.
                guard hasCloser(closer) else { throw error(openLine, openColumn, unclosed) }
                let scalar = String(decoding: bytes[index..<min(bytes.count, index + Self.scalarLength(byte))], as: UTF8.self)
                throw error(tokenLine, tokenColumn, .unexpectedCharacter(scalar))
            }
            tokens.append(Token(kind: kind, line: tokenLine, column: tokenColumn))
        }
    }

    /// Whether `closer` followed by `}` comes before the next opening delimiter.
    private func hasCloser(_ closer: UInt8) -> Bool {
        var ahead = index
        while ahead + 1 < bytes.count {
            if bytes[ahead] == closer, bytes[ahead + 1] == UInt8(ascii: "}") { return true }
            if bytes[ahead] == UInt8(ascii: "{"), [UInt8(ascii: "{"), UInt8(ascii: "%"), UInt8(ascii: "#")].contains(bytes[ahead + 1]) {
                return false
            }
            ahead += 1
        }
        return false
    }

    private mutating func scanName() -> String {
        let start = index
        while index < bytes.count, Self.isNameStart(bytes[index]) || Self.isDigit(bytes[index]) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func scanNumber() -> Token.Kind {
        let start = index
        while index < bytes.count, Self.isDigit(bytes[index]) { advance() }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), Self.isDigit(bytes[index + 1]) {
            advance()
            while index < bytes.count, Self.isDigit(bytes[index]) { advance() }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            return .double(Double(text) ?? 0)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let value = Int(text) { return .int(value) }
        return .double(Double(text) ?? 0)
    }

    private mutating func scanString() throws -> String {
        let quote = bytes[index]
        let startLine = line, startColumn = column
        advance()
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                advance()
                return String(decoding: value, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                advance()
                switch bytes[index] {
                case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
                default: value.append(bytes[index])
                }
                advance()
                continue
            }
            value.append(byte)
            advance()
        }
        throw error(startLine, startColumn, .unclosedString)
    }

    private mutating func scanSymbol() -> String? {
        let byte = bytes[index]
        let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
        let twoByte: String?
        switch (byte, next) {
        case (UInt8(ascii: "="), UInt8(ascii: "=")): twoByte = "=="
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): twoByte = "!="
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): twoByte = "<="
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): twoByte = ">="
        default: twoByte = nil
        }
        if let twoByte {
            advance()
            advance()
            return twoByte
        }
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: ","),
             UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "-"):
            advance()
            return String(UnicodeScalar(byte))
        default:
            return nil
        }
    }

    // MARK: - Cursor

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private func error(_ line: Int, _ column: Int, _ reason: TemplateError.Reason) -> TemplateError {
        TemplateError(TemplateLocation(path: path, line: line, column: column), reason)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func scalarLength(_ byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
    }
}
