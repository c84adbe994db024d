import Foundation

// The compiled form of a template: names resolved to context keys or loop slots, filters to an
// enum, includes inlined and blocks chosen, so rendering is a walk that appends to one buffer.

/// A field of the `loop` variable inside `{% for %}`.
enum LoopField: String, CaseIterable, Sendable {
    case index, index0, first, last, length
}

/// Where a variable is used and what was in scope there; read only to build an error message.
final class VariableSite: Sendable {
    let path: [String]
    let location: TemplateLocation
    let scopeNames: [String]
    /// In `if` conditions and before `default`, a missing name or key is null instead of an error.
    let isLenient: Bool

    init(path: [String], location: TemplateLocation, scopeNames: [String], isLenient: Bool) {
        self.path = path
        self.location = location
        self.scopeNames = scopeNames
        self.isLenient = isLenient
    }
}

/// Where a filter or operator is used; read only to build an error message.
final class ExpressionSite: Sendable {
    let name: String
    let inputText: String
    let location: TemplateLocation

    init(name: String, inputText: String, location: TemplateLocation) {
        self.name = name
        self.inputText = inputText
        self.location = location
    }
}

/// A filter with its arguments compiled.
enum Filter: Sendable {
    case date(patternIndex: Int)
    case truncate(CompiledExpression)
    case join(CompiledExpression)
    case length
    case defaultValue(CompiledExpression)
    case json
    case url
    case upper
    case lower
    case raw

    static let names = ["date", "truncate", "join", "length", "default", "json", "url", "upper", "lower", "raw"]
}

/// An expression ready to evaluate.
indirect enum CompiledExpression: Sendable {
    case constant(TemplateValue)
    case context(key: String, path: [String], VariableSite)
    case local(slot: Int, path: [String], VariableSite)
    case loopField(slot: Int, LoopField)
    case loopObject(slot: Int)
    case not(CompiledExpression)
    case and(CompiledExpression, CompiledExpression)
    case or(CompiledExpression, CompiledExpression)
    case comparison(ComparisonOperator, CompiledExpression, CompiledExpression, ExpressionSite)
    case filter(Filter, CompiledExpression, ExpressionSite)
}

/// One step of rendering.
indirect enum Instruction: Sendable {
    case text([UInt8])
    case output(CompiledExpression, ExpressionSite)
    case conditional([(CompiledExpression, [Instruction])], otherwise: [Instruction])
    case forLoop(slot: Int, sequence: CompiledExpression, body: [Instruction], empty: [Instruction], ExpressionSite)
}

/// A template ready to render, or the errors that keep it from rendering.
struct CompiledTemplate: Sendable {
    var instructions: [Instruction]
    var slotCount: Int
    var dependencies: Set<String>
    var errors: [TemplateError]
}
