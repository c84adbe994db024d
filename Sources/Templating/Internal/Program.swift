import Foundation

// The compiled form of a template: names resolved to steps from context keys or loop slots,
// filters to an enum, includes inlined and blocks chosen, so rendering is a walk that appends to
// one buffer.

/// A field of the `loop` variable inside `{% for %}`.
enum LoopField: String, CaseIterable, Sendable {
    case index, index0, first, last, length
}

/// Where a variable is used and what was in scope there; read only to build an error message.
final class VariableSite: Sendable {
    let path: [String]
    /// The loop slot the first name is bound to, or nil for a name the context gives.
    let slot: Int?
    let location: TemplateLocation
    let scopeNames: [String]
    /// In `if` conditions and before `default`, a missing name or key is null instead of an error.
    let isLenient: Bool

    init(path: [String], slot: Int?, location: TemplateLocation, scopeNames: [String], isLenient: Bool) {
        self.path = path
        self.slot = slot
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

/// One step on the way to a variable's value. Every distinct dotted prefix of the names a template
/// uses (`site`, `site.urls`, `site.urls.home`) is one step, shared by all its uses in the same scope.
struct PathStep: Sendable {
    /// Names are numbers in `CompiledTemplate.stepNames`: a step holds no reference, so the renderer
    /// reads one without retaining and releasing a string each time.
    enum Source: Sendable {
        /// A name the context gives.
        case context(name: Int)
        /// The item of the loop that binds `slot`.
        case local(slot: Int)
        /// The value of name `key` in the map that step `parent` reaches.
        case member(parent: Int, key: Int)
    }

    var source: Source
    /// The loop whose item the value depends on, or 0 for the context, which stays the same for a
    /// whole render.
    var binding: Int
    /// Whether a render keeps what this step found until its binding changes: worth it only for a
    /// step reached more than once per item (`page.kind` in every menu entry).
    var isRemembered: Bool
}

/// A filter with its arguments compiled.
enum Filter: Sendable {
    case date(patternIndex: Int)
    case truncate(CompiledExpression)
    case join(CompiledExpression)
    case length
    case defaultValue(CompiledExpression)
    case pluralize(CompiledExpression)
    case json
    case url
    case upper
    case lower
    case raw

    static let names = ["date", "truncate", "join", "length", "default", "pluralize", "json", "url", "upper", "lower", "raw"]
}

/// An expression ready to evaluate.
indirect enum CompiledExpression: Sendable {
    case constant(TemplateValue)
    case variable(step: Int, VariableSite)
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
    case forLoop(slot: Int, binding: Int, sequence: CompiledExpression, body: [Instruction], empty: [Instruction], ExpressionSite)
}

/// A template ready to render, or the errors that keep it from rendering.
struct CompiledTemplate: Sendable {
    var instructions: [Instruction]
    var slotCount: Int
    var steps: [PathStep]
    /// The names the steps look up, by number.
    var stepNames: [String]
    /// The number of loop bindings; binding 0 is the context.
    var bindingCount: Int
    var dependencies: Set<String>
    var errors: [TemplateError]
}
