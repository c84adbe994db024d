/// A comparison operator in an expression.
enum ComparisonOperator: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}

/// An expression as written in a template, before names and filters are resolved.
indirect enum Expression: Equatable, Sendable {
    case variable([String], TemplateLocation)
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case not(Expression)
    case and(Expression, Expression)
    case or(Expression, Expression)
    case comparison(ComparisonOperator, Expression, Expression, TemplateLocation)
    case filter(String, input: Expression, arguments: [Expression], TemplateLocation)
}

/// One branch of an `if`: its condition and body.
struct ConditionalBranch: Equatable, Sendable {
    var condition: Expression
    var body: [Node]
    var location: TemplateLocation
}

/// The syntax tree of a template, as the parser builds it.
indirect enum Node: Equatable, Sendable {
    case text(String, TemplateLocation)
    case output(Expression, TemplateLocation)
    case superBlock(TemplateLocation)
    case conditional([ConditionalBranch], otherwise: [Node]?)
    case forLoop(variable: String, sequence: Expression, body: [Node], empty: [Node]?, TemplateLocation)
    case include(String, TemplateLocation)
    case extends(String, TemplateLocation)
    case block(String, [Node], TemplateLocation)
}

// MARK: - Outline

extension Expression {
    /// The expression in template syntax, as error messages and outlines quote it.
    var sourceText: String { describe(nested: false) }

    private func describe(nested: Bool) -> String {
        func wrap(_ text: String) -> String { nested ? "(\(text))" : text }
        switch self {
        case .variable(let path, _): return path.joined(separator: ".")
        case .string(let value): return "\"\(value)\""
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .not(let operand): return wrap("not \(operand.describe(nested: true))")
        case .and(let left, let right):
            return wrap("\(left.describe(nested: true)) and \(right.describe(nested: true))")
        case .or(let left, let right):
            return wrap("\(left.describe(nested: true)) or \(right.describe(nested: true))")
        case .comparison(let op, let left, let right, _):
            return wrap("\(left.describe(nested: true)) \(op.rawValue) \(right.describe(nested: true))")
        case .filter(let name, let input, let arguments, _):
            let head = "\(input.describe(nested: true)) | \(name)"
            guard !arguments.isEmpty else { return head }
            return head + ": " + arguments.map { $0.describe(nested: true) }.joined(separator: ", ")
        }
    }
}

extension Array where Element == Node {
    /// A readable, indented outline of the tree, one node per line, for parser tests.
    var outline: String {
        var lines: [String] = []
        for node in self { node.appendOutline(to: &lines, indent: "") }
        return lines.joined(separator: "\n")
    }
}

extension Node {
    fileprivate func appendOutline(to lines: inout [String], indent: String) {
        func at(_ location: TemplateLocation) -> String { "@\(location.line):\(location.column)" }
        func body(_ nodes: [Node]) { for node in nodes { node.appendOutline(to: &lines, indent: indent + "  ") } }
        switch self {
        case .text(let text, _):
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
                .replacingOccurrences(of: "\"", with: "\\\"")
            lines.append("\(indent)text \"\(escaped)\"")
        case .output(let expression, let location):
            lines.append("\(indent)value \(expression.sourceText) \(at(location))")
        case .superBlock(let location):
            lines.append("\(indent)super \(at(location))")
        case .conditional(let branches, let otherwise):
            for (index, branch) in branches.enumerated() {
                lines.append("\(indent)\(index == 0 ? "if" : "elif") \(branch.condition.sourceText) \(at(branch.location))")
                body(branch.body)
            }
            if let otherwise {
                lines.append("\(indent)else")
                body(otherwise)
            }
        case .forLoop(let variable, let sequence, let loopBody, let empty, let location):
            lines.append("\(indent)for \(variable) in \(sequence.sourceText) \(at(location))")
            body(loopBody)
            if let empty {
                lines.append("\(indent)else")
                body(empty)
            }
        case .include(let name, let location):
            lines.append("\(indent)include \"\(name)\" \(at(location))")
        case .extends(let name, let location):
            lines.append("\(indent)extends \"\(name)\" \(at(location))")
        case .block(let name, let blockBody, let location):
            lines.append("\(indent)block \(name) \(at(location))")
            body(blockBody)
        }
    }
}
