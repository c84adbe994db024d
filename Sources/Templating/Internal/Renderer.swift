import Foundation

/// The state of one loop while its body renders.
struct LoopState {
    var index = 0
    var length = 0
}

/// What following a variable's steps found.
enum StepResult {
    case found(TemplateValue)
    /// A key is missing, or a value on the way is null: null where names may be missing.
    case absent
    /// A value on the way is not a map: always an error.
    case invalid
}

/// Walks compiled instructions and appends the page to one UTF-8 buffer. One renderer serves
/// one render on one thread; the instructions it walks are shared and never change.
struct Renderer: ~Copyable {
    var output: OutputBuffer
    private let context: [String: TemplateValue]
    private var locals: [TemplateValue]
    private var loops: [LoopState]
    let formatters: DateFormatterSet

    // Dictionary lookups (String hashing) were the largest cost of rendering, and templates ask
    // for the same names again and again, so a step found once is kept while its binding holds.
    private let steps: [PathStep]
    private let stepNames: [String]
    private var remembered: [StepResult]
    /// The stamp of `bindingStamps` under which each remembered result was found.
    private var rememberedStamps: [Int]
    /// Each loop binding gets a fresh stamp per item; the context keeps stamp 1.
    private var bindingStamps: [Int]
    private var nextStamp = 2

    init(context: [String: TemplateValue], slotCount: Int, steps: [PathStep], stepNames: [String], bindingCount: Int,
         formatters: DateFormatterSet, capacity: Int) {
        self.stepNames = stepNames
        self.context = context
        self.locals = Array(repeating: .null, count: slotCount)
        self.loops = Array(repeating: LoopState(), count: slotCount)
        self.formatters = formatters
        self.steps = steps
        self.remembered = Array(repeating: .absent, count: steps.count)
        self.rememberedStamps = Array(repeating: 0, count: steps.count)
        self.bindingStamps = Array(repeating: 1, count: bindingCount)
        output = OutputBuffer(capacity: capacity)
    }

    // MARK: - Instructions

    mutating func render(_ instructions: [Instruction]) throws {
        for instruction in instructions {
            switch instruction {
            case .text(let bytes):
                output.append(bytes)
            case .output(let expression, let site):
                try write(try evaluate(expression), site: site)
            case .conditional(let branches, let otherwise):
                var rendered = false
                for (condition, body) in branches where try evaluate(condition).isTruthy {
                    try render(body)
                    rendered = true
                    break
                }
                if !rendered { try render(otherwise) }
            case .forLoop(let slot, let binding, let sequence, let body, let empty, let site):
                let value = try evaluate(sequence)
                guard case .list(let items) = value else {
                    throw TemplateError(site.location, .notIterable(expression: site.inputText, kind: value.kindDescription))
                }
                if items.isEmpty {
                    try render(empty)
                    continue
                }
                let savedItem = locals[slot]
                let savedLoop = loops[slot]
                loops[slot].length = items.count
                for (index, item) in items.enumerated() {
                    locals[slot] = item
                    loops[slot].index = index
                    bindingStamps[binding] = nextStamp
                    nextStamp += 1
                    try render(body)
                }
                locals[slot] = savedItem
                loops[slot] = savedLoop
            }
        }
    }

    private mutating func write(_ value: TemplateValue, site: ExpressionSite) throws {
        switch value {
        case .string(let text): HTMLEscaper.append(text, to: &output)
        case .html(let html): output.append(html)
        case .int(let number): output.append(number)
        case .double(let number): output.append(Self.format(number))
        case .bool(let flag): output.append(flag ? "true" : "false" as StaticString)
        case .null: break
        case .date, .list, .map:
            throw TemplateError(site.location, .notPrintable(expression: site.inputText, kind: value.kindDescription))
        }
    }

    /// Whole numbers print without a fraction (`3`, not `3.0`).
    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    // MARK: - Expressions

    mutating func evaluate(_ expression: CompiledExpression) throws -> TemplateValue {
        switch expression {
        case .constant(let value):
            return value
        case .variable(let step, let site):
            switch follow(step) {
            case .found(let value): return value
            case .absent where site.isLenient: return .null
            case .absent, .invalid: return try lookUpFromTheStart(site: site)
            }
        case .loopField(let slot, let field):
            let loop = loops[slot]
            switch field {
            case .index: return .int(loop.index + 1)
            case .index0: return .int(loop.index)
            case .first: return .bool(loop.index == 0)
            case .last: return .bool(loop.index == loop.length - 1)
            case .length: return .int(loop.length)
            }
        case .loopObject(let slot):
            let loop = loops[slot]
            return .map(["index": .int(loop.index + 1), "index0": .int(loop.index), "first": .bool(loop.index == 0),
                         "last": .bool(loop.index == loop.length - 1), "length": .int(loop.length)])
        case .not(let operand):
            return .bool(!(try evaluate(operand).isTruthy))
        // Written out rather than with `&&` and `||`, whose autoclosures copy the whole renderer.
        case .and(let left, let right):
            guard try evaluate(left).isTruthy else { return .bool(false) }
            return .bool(try evaluate(right).isTruthy)
        case .or(let left, let right):
            guard try !evaluate(left).isTruthy else { return .bool(true) }
            return .bool(try evaluate(right).isTruthy)
        case .comparison(let op, let left, let right, let site):
            return .bool(try compare(op, try evaluate(left), try evaluate(right), site: site))
        case .filter(let filter, let input, let site):
            return try apply(filter, to: try evaluate(input), site: site)
        }
    }

    /// The value step `index` reaches, kept for the next use if the step is remembered.
    private mutating func follow(_ index: Int) -> StepResult {
        let step = steps[index]
        let stamp = bindingStamps[step.binding]
        if step.isRemembered, rememberedStamps[index] == stamp { return remembered[index] }
        let result: StepResult
        switch step.source {
        case .local(let slot):
            return .found(locals[slot])
        case .context(let name):
            if let value = context[stepNames[name]] { result = .found(value) } else { result = .absent }
        case .member(let parent, let key):
            switch follow(parent) {
            case .found(.map(let map)):
                if let value = map[stepNames[key]] { result = .found(value) } else { result = .absent }
            case .found(.null), .absent: result = .absent
            case .found, .invalid: result = .invalid
            }
        }
        if step.isRemembered {
            remembered[index] = result
            rememberedStamps[index] = stamp
        }
        return result
    }

    /// Looks a variable up again from its first name, to return null where a missing name is
    /// allowed or to throw the error that names what is missing.
    private func lookUpFromTheStart(site: VariableSite) throws -> TemplateValue {
        let path = Array(site.path.dropFirst())
        if let slot = site.slot {
            return path.isEmpty ? locals[slot] : try lookUp(path, in: locals[slot], site: site)
        }
        let key = site.path[0]
        guard let value = context[key] else {
            if site.isLenient { return .null }
            let suggestion = nearestName(to: key, in: Array(context.keys) + site.scopeNames)
            throw TemplateError(site.location, .unknownVariable(key, suggestion: suggestion))
        }
        return path.isEmpty ? value : try lookUp(path, in: value, site: site)
    }

    /// Follows `path` through maps. A missing key (or a null on the way) is an error, unless the
    /// site is lenient (an `if` test or the input of `default`), where it is null.
    private func lookUp(_ path: [String], in start: TemplateValue, site: VariableSite) throws -> TemplateValue {
        var value = start
        for (depth, key) in path.enumerated() {
            guard case .map(let map) = value else {
                if site.isLenient, case .null = value { return .null }
                let parent = site.path[0...depth].joined(separator: ".")
                throw TemplateError(site.location, .notAMap(expression: parent, kind: value.kindDescription, key: key))
            }
            guard let next = map[key] else {
                if site.isLenient { return .null }
                let parent = site.path[0...depth].joined(separator: ".")
                let suggestion = nearestName(to: key, in: map.keys).map { "\(parent).\($0)" }
                throw TemplateError(site.location, .unknownVariable(site.path.joined(separator: "."), suggestion: suggestion))
            }
            value = next
        }
        return value
    }

    private func compare(_ op: ComparisonOperator, _ left: TemplateValue, _ right: TemplateValue,
                         site: ExpressionSite) throws -> Bool {
        switch op {
        case .equal: return left == right
        case .notEqual: return left != right
        default: break
        }
        let order: ComparisonResult
        switch (left, right) {
        case (.int(let a), .int(let b)): order = a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
        case (.int, .double), (.double, .int), (.double, .double):
            let a = left.numberValue ?? 0, b = right.numberValue ?? 0
            order = a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
        case (.string(let a), .string(let b)), (.html(let a), .html(let b)), (.string(let a), .html(let b)),
             (.html(let a), .string(let b)):
            order = a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
        case (.date(let a), .date(let b)): order = a.compare(b)
        default:
            throw TemplateError(site.location, .notComparable(operator: op.rawValue, left: left.kindDescription,
                                                             right: right.kindDescription))
        }
        switch op {
        case .less: return order == .orderedAscending
        case .lessOrEqual: return order != .orderedDescending
        case .greater: return order == .orderedDescending
        default: return order != .orderedAscending
        }
    }
}

extension TemplateValue {
    var numberValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}
