import Foundation

/// A value a template can see: everything a page passes to a template is built from these cases.
///
/// Build maps and lists with literals (`["title": "Rain", "tags": ["a", "b"]]`) or with the
/// cases directly (`.map(["date": .date(someDate)])`). `.html` holds text that is already safe
/// HTML and is printed without escaping.
public enum TemplateValue: Sendable {
    /// Text, HTML-escaped when printed.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number with a fraction; whole values print without one (`3`).
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// An instant; print it with `| date: "pattern"` in the library's locale and timezone.
    case date(Date)
    /// Pre-escaped, trusted HTML (for example rendered Markdown); printed as is.
    case html(String)
    /// A sequence for `{% for %}`, `join` and `length`.
    case list([TemplateValue])
    /// Named values reached with dots (`entry.title`).
    case map([String: TemplateValue])
    /// No value: prints nothing, is falsy, and `default` replaces it.
    case null
}

// MARK: - Truthiness and descriptions

extension TemplateValue {
    /// False for `false`, `null`, `0`, `0.0`, an empty string, list or map; true otherwise.
    public var isTruthy: Bool {
        switch self {
        case .bool(let value): return value
        case .null: return false
        case .int(let value): return value != 0
        case .double(let value): return value != 0
        case .string(let value), .html(let value): return !value.isEmpty
        case .list(let values): return !values.isEmpty
        case .map(let values): return !values.isEmpty
        case .date: return true
        }
    }

    /// The kind of value, as error messages name it ("a string", "a list").
    var kindDescription: String {
        switch self {
        case .string: return "a string"
        case .int: return "an integer"
        case .double: return "a number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .html: return "raw HTML"
        case .list: return "a list"
        case .map: return "a map"
        case .null: return "null"
        }
    }

    /// True for `null` and for an empty string, list or map: the values `default` replaces.
    var isNullOrEmpty: Bool {
        switch self {
        case .null: return true
        case .string(let value), .html(let value): return value.isEmpty
        case .list(let values): return values.isEmpty
        case .map(let values): return values.isEmpty
        default: return false
        }
    }
}

// MARK: - Equality

extension TemplateValue: Equatable {
    /// Numbers compare by value (`1 == 1.0`), and a string equals raw HTML with the same text.
    public static func == (lhs: TemplateValue, rhs: TemplateValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)), (.html(let a), .html(let b)),
             (.string(let a), .html(let b)), (.html(let a), .string(let b)):
            return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.date(let a), .date(let b)): return a == b
        case (.list(let a), .list(let b)): return a == b
        case (.map(let a), .map(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }
}

// MARK: - Literals

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    /// A `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An `.int`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A `.list`.
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    /// A `.map`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue {
    /// `text` as `{{ }}` prints it: `& < > " '` replaced by entities, so it is safe between tags
    /// and inside a quoted attribute value, for HTML a page puts together outside a template.
    public static func escapedHTML(_ text: String) -> String {
        HTMLEscaper.escape(text)
    }
}
