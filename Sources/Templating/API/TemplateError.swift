/// The one error type of the template engine: where it happened and why.
///
/// `description` reads like a compiler diagnostic:
/// `Templates/entry.html:3:5: error: unknown filter 'uper'; did you mean 'upper'?`
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why a template could not be compiled or rendered; `message` words each case.
    public enum Reason: Equatable, Sendable {
        // Syntax
        case unclosedDelimiter(open: String, close: String)
        case unclosedString
        case unexpectedCharacter(String)
        case unexpectedToken(expected: String, found: String)
        case unknownTag(String, suggestion: String?)
        case unclosedBlock(tag: String)
        case unexpectedTag(String, reason: String)
        case extendsNotFirst
        case contentOutsideBlock(parent: String)
        case duplicateBlock(String)
        case superOutsideBlock
        // Names and templates
        case unknownVariable(String, suggestion: String?)
        case unknownFilter(String, suggestion: String?)
        case wrongFilterArguments(filter: String, usage: String)
        case templateNotFound(String, suggestion: String?)
        case cycle([String])
        case superWithoutParent(block: String)
        // Types
        case notIterable(expression: String, kind: String)
        case notPrintable(expression: String, kind: String)
        case wrongFilterInput(filter: String, expected: String, expression: String, kind: String)
        case notComparable(operator: String, left: String, right: String)
        case notAMap(expression: String, kind: String, key: String)
        case notAMapContext(kind: String)
    }

    /// Where the problem is: for an unclosed tag or block, where it opens.
    public var location: TemplateLocation
    /// What the problem is.
    public var reason: Reason

    /// An error at `location` because of `reason`.
    public init(_ location: TemplateLocation, _ reason: Reason) {
        self.location = location
        self.reason = reason
    }

    /// `path:line:column: error: message`.
    public var description: String { "\(location): error: \(message)" }

    /// The lowercase message, without location and without a final period.
    public var message: String {
        switch reason {
        case .unclosedDelimiter(let open, let close):
            return "unclosed '\(open)'; expected '\(close)'"
        case .unclosedString:
            return "unclosed string; expected a closing quote"
        case .unexpectedCharacter(let character):
            return "unexpected character '\(character)'"
        case .unexpectedToken(let expected, let found):
            return "expected \(expected), found '\(found)'"
        case .unknownTag(let name, let suggestion):
            return "unknown tag '\(name)'" + Self.hint(suggestion)
        case .unclosedBlock(let tag):
            return "unclosed '{% \(tag) %}'; expected '{% end\(tag) %}'"
        case .unexpectedTag(let tag, let reason):
            return "unexpected '{% \(tag) %}'; \(reason)"
        case .extendsNotFirst:
            return "'{% extends %}' must be the first tag in the template"
        case .contentOutsideBlock(let parent):
            return "content outside '{% block %}' in a template that extends '\(parent)' is never shown; move it into a block"
        case .duplicateBlock(let name):
            return "block '\(name)' is defined twice in this template"
        case .superOutsideBlock:
            return "'super()' can only be used inside a '{% block %}'"
        case .unknownVariable(let name, let suggestion):
            return "unknown variable '\(name)'" + Self.hint(suggestion)
        case .unknownFilter(let name, let suggestion):
            return "unknown filter '\(name)'" + Self.hint(suggestion)
        case .wrongFilterArguments(let filter, let usage):
            return "wrong arguments for filter '\(filter)'; write it as '\(usage)'"
        case .templateNotFound(let name, let suggestion):
            return "template '\(name)' not found" + Self.hint(suggestion)
        case .cycle(let names):
            return "include/extends cycle: " + names.map { "'\($0)'" }.joined(separator: " → ")
        case .superWithoutParent(let block):
            return "'super()' in block '\(block)', but no parent template defines block '\(block)'"
        case .notIterable(let expression, let kind):
            return "'\(expression)' is \(kind), but 'for' needs a list"
        case .notPrintable(let expression, let kind):
            return "'\(expression)' is \(kind) and cannot be printed" + Self.printHint(kind)
        case .wrongFilterInput(let filter, let expected, let expression, let kind):
            return "filter '\(filter)' needs \(expected), but '\(expression)' is \(kind)"
        case .notComparable(let op, let left, let right):
            return "cannot compare \(left) with \(right) using '\(op)'"
        case .notAMap(let expression, let kind, let key):
            return "'\(expression)' is \(kind), so it has no key '\(key)'"
        case .notAMapContext(let kind):
            return "the values given to the template must be a map, not \(kind)"
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func printHint(_ kind: String) -> String {
        switch kind {
        case "a date": return "; format it with a filter such as '| date: \"yyyy-MM-dd\"'"
        case "a list": return "; use '| join: \", \"' or '| json'"
        case "a map": return "; print one of its keys or use '| json'"
        default: return ""
        }
    }
}
