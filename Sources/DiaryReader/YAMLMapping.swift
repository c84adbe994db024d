import DiaryModel
import Yams

/// A YAML mapping read with the position of every key and value, so that a problem with a
/// value is reported at that value's own line and column in the file.
struct YAMLMapping {
    struct Field {
        var key: String
        var keyNode: Node
        var value: Node
    }

    var fields: [Field]
    let path: String
    /// Lines in the file before the YAML text's first line.
    let lineOffset: Int

    /// Parses `yaml`; an empty document is an empty mapping. Fails on a syntax error,
    /// a top level that is not a mapping, or a key given twice.
    static func parse(_ yaml: String, path: String, lineOffset: Int) -> Result<YAMLMapping, Diagnostic> {
        let root: Node?
        do {
            // Scalars are classified by `ScalarKind`, never by Yams' tags: the basic resolver
            // spares every process the regular expressions of the default one (1.6 ms at start).
            root = try Yams.compose(yaml: yaml, .basic)
        } catch {
            return .failure(diagnostic(for: error, path: path, lineOffset: lineOffset, yaml: yaml))
        }
        let empty = YAMLMapping(fields: [], path: path, lineOffset: lineOffset)
        guard let root else { return .success(empty) }
        if case .scalar(let scalar) = root, ScalarKind.of(scalar) == .null { return .success(empty) }
        guard case .mapping = root else {
            return .failure(.error(at: empty.location(of: root), "expected 'key: value' lines, found \(describe(root))"))
        }
        return empty.mapping(root)
    }

    /// The fields of a nested mapping node, with the same rules as the top level.
    func mapping(_ node: Node) -> Result<YAMLMapping, Diagnostic> {
        guard case .mapping(let mapping) = node else {
            return .failure(.error(at: location(of: node), "expected 'key: value' pairs, found \(Self.describe(node))"))
        }
        var fields: [Field] = []
        var seen: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard case .scalar(let keyScalar) = keyNode else {
                return .failure(.error(at: location(of: keyNode), "a key must be plain text, found \(Self.describe(keyNode))"))
            }
            let key = keyScalar.string
            if let first = seen[key] {
                return .failure(.error(at: location(of: keyNode),
                                       "the key '\(key)' is given twice; it was first set on line \(location(of: first).line)"))
            }
            seen[key] = keyNode
            fields.append(Field(key: key, keyNode: keyNode, value: value))
        }
        return .success(YAMLMapping(fields: fields, path: path, lineOffset: lineOffset))
    }

    subscript(key: String) -> Field? { fields.first { $0.key == key } }

    func location(of node: Node) -> SourceLocation {
        let mark = node.mark
        return SourceLocation(path: path, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
    }

    // MARK: - Typed values

    /// Plain text as written: `no`, `2025` and `1.10` stay text.
    func text(_ field: Field) -> Result<String, Diagnostic> {
        guard case .scalar(let scalar) = field.value else {
            return .failure(.error(at: location(of: field.value), "'\(field.key)' must be text, found \(Self.describe(field.value))"))
        }
        return .success(ScalarKind.of(scalar) == .null ? "" : scalar.string)
    }

    /// A list of plain texts, or one text whose items are separated by commas.
    func textList(_ field: Field) -> Result<[(text: String, node: Node)], Diagnostic> {
        switch field.value {
        case .scalar(let scalar):
            if ScalarKind.of(scalar) == .null { return .success([]) }
            let items = scalar.string.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
            return .success(items.map { ($0, field.value) })
        case .sequence(let sequence):
            var items: [(String, Node)] = []
            for item in sequence {
                guard case .scalar(let scalar) = item else {
                    return .failure(.error(at: location(of: item), "each item of '\(field.key)' must be text, found \(Self.describe(item))"))
                }
                let text = scalar.string.trimmed
                if !text.isEmpty { items.append((text, item)) }
            }
            return .success(items)
        default:
            return .failure(.error(at: location(of: field.value),
                                   "'\(field.key)' must be a list such as [a, b] or text such as \"a, b\", found \(Self.describe(field.value))"))
        }
    }

    func bool(_ field: Field) -> Result<Bool, Diagnostic> {
        if case .scalar(let scalar) = field.value, case .bool(let value) = ScalarKind.of(scalar) { return .success(value) }
        return .failure(.error(at: location(of: field.value), "'\(field.key)' must be true or false, found \(Self.describe(field.value))"))
    }

    func integer(_ field: Field) -> Result<Int, Diagnostic> {
        if case .scalar(let scalar) = field.value, case .int(let value) = ScalarKind.of(scalar) { return .success(value) }
        return .failure(.error(at: location(of: field.value), "'\(field.key)' must be a whole number, found \(Self.describe(field.value))"))
    }

    /// A value kept for templates, typed the way YAML reads it, except that timestamps stay text.
    static func metadata(_ node: Node) -> MetadataValue {
        switch node {
        case .scalar(let scalar):
            switch ScalarKind.of(scalar) {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .double(let value): return .double(value)
            case .text: return .string(scalar.string)
            }
        case .sequence(let sequence):
            return .list(sequence.map(metadata))
        case .mapping(let mapping):
            var map: [String: MetadataValue] = [:]
            for (key, value) in mapping { map[key.string ?? "\(key)"] = metadata(value) }
            return .map(map)
        }
    }

    /// How a value reads in a message: `a list`, `a mapping`, `the text 'x'`.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    // MARK: - Syntax errors

    /// One position, the file's: where the problem is, or for a quote or bracket never closed,
    /// where it opens. libyaml's context ("while parsing a block mapping") becomes words, not a
    /// second position.
    private static func diagnostic(for error: Error, path: String, lineOffset: Int, yaml: String) -> Diagnostic {
        switch error {
        case YamlError.scanner(let context, let problem, let mark, _),
             YamlError.parser(let context, let problem, let mark, _),
             YamlError.composer(let context, let problem, let mark, _):
            let explained = syntaxMessage(problem, context: context?.text)
            let at = explained.atOpening ? context?.mark ?? mark : mark
            return .error(at: SourceLocation(path: path, line: at.line + lineOffset, column: at.column), "invalid YAML: " + explained.message)
        case YamlError.reader(let problem, _, _, _):
            return .error(at: SourceLocation(path: path, line: 1 + lineOffset), "invalid YAML: \(problem)")
        default:
            return .error(at: SourceLocation(path: path, line: 1 + lineOffset), "invalid YAML: \(error)")
        }
    }

    /// libyaml's wording of a problem, with where it happened in plain words and a hint for the
    /// mistakes people make in front matter; `atOpening` when the message is about the quote or
    /// bracket where the context began.
    static func syntaxMessage(_ problem: String, context: String?) -> (message: String, atOpening: Bool) {
        switch context {
        case "while scanning a quoted scalar" where problem.contains("end of stream"):
            return ("this quote is never closed; end the text with the same quote it starts with", true)
        case "while parsing a flow sequence":
            return ("this [ list is not closed with ']', or misses a ',' between items", true)
        case "while parsing a flow mapping":
            return ("this { mapping is not closed with '}', or misses a ',' between pairs", true)
        default:
            break
        }
        let places = [
            "while parsing a block mapping": "in the 'key: value' lines",
            "while parsing a block collection": "in a '- item' list",
            "while scanning a simple key": "in a key",
        ]
        var message = problem
        if let context, let place = places[context] { message += " \(place)" }
        if problem.contains("mapping values are not allowed") {
            message += "; put text that contains ': ' in quotes, such as title: \"Note: a walk\""
        } else if problem.contains("cannot start any token") {
            message += "; put text that starts with @, ` or % in quotes, and indent with spaces, not tabs"
        } else if problem.contains("did not find expected key") {
            message += "; check that the lines of the front matter line up"
        }
        return (message, false)
    }
}

/// What a scalar means under YAML 1.1's plain-scalar rules, worked out without the regular
/// expressions Yams resolves tags with (they cost more than the rest of the front matter).
/// Quoted scalars are always text; timestamps stay text so dates are read in the diary's zone.
enum ScalarKind: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case text

    static func of(_ scalar: Node.Scalar) -> ScalarKind {
        guard scalar.style == .plain || scalar.style == .any else { return .text }
        let text = scalar.string
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return .bool(true)
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return .bool(false)
        default: break
        }
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39) else { return .text }
        if let value = Int(text) { return .int(value) }
        let isDecimal = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        if isDecimal, let value = Double(text) { return .double(value) }
        return .text
    }
}
