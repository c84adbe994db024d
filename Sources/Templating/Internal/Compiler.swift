import Foundation

/// Compiles parsed templates once: resolves names to steps from context keys or loop slots,
/// filters to `Filter`, inlines includes and picks the most derived version of every block.
struct Compiler {
    private let templates: [String: ParsedTemplate]
    private let paths: [String: String]
    /// Date patterns met so far; `Filter.date` refers to them by index.
    private(set) var datePatterns: [String] = []

    private var errors: [TemplateError] = []
    private var dependencies: Set<String> = []
    private var stack: [String] = []
    private var slotCount = 0
    private var steps: [PathStep] = []
    private var stepNames: [String] = []
    private var stepNameNumbers: [String: Int] = [:]
    private var stepIndex: [StepKey: Int] = [:]
    /// How often each step is reached, counting a use inside a loop deeper than the step's own
    /// binding twice, since it runs once per item there.
    private var stepUses: [Int] = []
    private var bindingCount = 1

    private struct StepKey: Hashable {
        var binding: Int
        var parent: Int?
        var name: String
    }

    private struct Scope {
        var locals: [(name: String, slot: Int, binding: Int)] = []
        var loopSlot: Int?
        /// The innermost loop binding, or 0 outside every loop.
        var binding = 0

        var names: [String] { locals.map(\.name) + (loopSlot == nil ? [] : ["loop"]) }
    }

    private struct BlockContext {
        var chain: [ParsedTemplate]
        var current: (name: String, level: Int)?
    }

    init(templates: [String: ParsedTemplate], paths: [String: String]) {
        self.templates = templates
        self.paths = paths
    }

    /// Compiles the template called `name` as a page of its own.
    mutating func compile(_ name: String) -> CompiledTemplate {
        errors = []
        dependencies = []
        stack = []
        slotCount = 0
        steps = []
        stepNames = []
        stepNameNumbers = [:]
        stepIndex = [:]
        stepUses = []
        bindingCount = 1
        let instructions = compileTemplate(name, at: nil, scope: Scope())
        for index in steps.indices where stepUses[index] > 1 {
            if case .local = steps[index].source { continue }
            steps[index].isRemembered = true
        }
        return CompiledTemplate(instructions: Self.mergingText(instructions), slotCount: slotCount, steps: steps,
                                stepNames: stepNames, bindingCount: bindingCount, dependencies: dependencies, errors: errors)
    }

    // MARK: - Templates

    private mutating func compileTemplate(_ name: String, at location: TemplateLocation?, scope: Scope) -> [Instruction] {
        dependencies.insert(name)
        guard let template = resolve(name, at: location) else { return [] }
        let depth = stack.count
        stack.append(name)
        defer { stack.removeSubrange(depth...) }
        var chain = [template]
        var current = template
        while let parent = current.extends {
            dependencies.insert(parent.name)
            guard let parentTemplate = resolve(parent.name, at: parent.location) else { return [] }
            chain.append(parentTemplate)
            stack.append(parent.name)
            current = parentTemplate
        }
        return compileNodes(current.nodes, blocks: BlockContext(chain: chain, current: nil), scope: scope)
    }

    /// The parsed template `name`, or nil after recording why it cannot be used.
    private mutating func resolve(_ name: String, at location: TemplateLocation?) -> ParsedTemplate? {
        let here = location ?? TemplateLocation(path: paths[name] ?? name, line: 1, column: 1)
        if let start = stack.firstIndex(of: name) {
            errors.append(TemplateError(here, .cycle(Array(stack[start...]) + [name])))
            return nil
        }
        guard let template = templates[name] else {
            errors.append(TemplateError(here, .templateNotFound(name, suggestion: nearestName(to: name, in: templates.keys))))
            return nil
        }
        guard template.errors.isEmpty else {
            errors.append(contentsOf: template.errors)
            return nil
        }
        return template
    }

    // MARK: - Nodes

    private mutating func compileNodes(_ nodes: [Node], blocks: BlockContext, scope: Scope) -> [Instruction] {
        var instructions: [Instruction] = []
        for node in nodes {
            switch node {
            case .text(let text, _):
                instructions.append(.text(Array(text.utf8)))
            case .output(let expression, let location):
                let site = ExpressionSite(name: "output", inputText: expression.sourceText, location: location)
                instructions.append(.output(compileExpression(expression, scope: scope, isLenient: false), site))
            case .superBlock(let location):
                instructions += compileSuper(at: location, blocks: blocks, scope: scope)
            case .conditional(let branches, let otherwise):
                let compiled = branches.map { branch in
                    (compileExpression(branch.condition, scope: scope, isLenient: true),
                     compileNodes(branch.body, blocks: blocks, scope: scope))
                }
                instructions.append(.conditional(compiled, otherwise: compileNodes(otherwise ?? [], blocks: blocks, scope: scope)))
            case .forLoop(let variable, let sequence, let body, let empty, let location):
                let slot = scope.locals.count
                slotCount = max(slotCount, slot + 1)
                let binding = bindingCount
                bindingCount += 1
                var inner = scope
                inner.locals.append((variable, slot, binding))
                inner.loopSlot = slot
                inner.binding = binding
                let site = ExpressionSite(name: "for", inputText: sequence.sourceText, location: location)
                instructions.append(.forLoop(slot: slot, binding: binding,
                                             sequence: compileExpression(sequence, scope: scope, isLenient: false),
                                             body: compileNodes(body, blocks: blocks, scope: inner),
                                             empty: compileNodes(empty ?? [], blocks: blocks, scope: scope),
                                             site))
            case .include(let name, let location):
                instructions += compileTemplate(name, at: location, scope: scope)
            case .extends:
                continue
            case .block(let name, let body, _):
                let level = blocks.chain.firstIndex { $0.blocks[name] != nil } ?? 0
                let definition = blocks.chain[level].blocks[name] ?? body
                var context = blocks
                context.current = (name, level)
                instructions += compileNodes(definition, blocks: context, scope: scope)
            }
        }
        return instructions
    }

    private mutating func compileSuper(at location: TemplateLocation, blocks: BlockContext, scope: Scope) -> [Instruction] {
        guard let current = blocks.current else {
            errors.append(TemplateError(location, .superOutsideBlock))
            return []
        }
        let parentLevels = blocks.chain.indices.dropFirst(current.level + 1)
        guard let level = parentLevels.first(where: { blocks.chain[$0].blocks[current.name] != nil }),
              let definition = blocks.chain[level].blocks[current.name] else {
            errors.append(TemplateError(location, .superWithoutParent(block: current.name)))
            return []
        }
        var context = blocks
        context.current = (current.name, level)
        return compileNodes(definition, blocks: context, scope: scope)
    }

    // MARK: - Expressions

    private mutating func compileExpression(_ expression: Expression, scope: Scope, isLenient: Bool) -> CompiledExpression {
        switch expression {
        case .string(let value): return .constant(.string(value))
        case .int(let value): return .constant(.int(value))
        case .double(let value): return .constant(.double(value))
        case .bool(let value): return .constant(.bool(value))
        case .null: return .constant(.null)
        case .not(let operand):
            return .not(compileExpression(operand, scope: scope, isLenient: isLenient))
        case .and(let left, let right):
            return .and(compileExpression(left, scope: scope, isLenient: isLenient),
                        compileExpression(right, scope: scope, isLenient: isLenient))
        case .or(let left, let right):
            return .or(compileExpression(left, scope: scope, isLenient: isLenient),
                       compileExpression(right, scope: scope, isLenient: isLenient))
        case .comparison(let op, let left, let right, let location):
            let site = ExpressionSite(name: op.rawValue, inputText: expression.sourceText, location: location)
            return .comparison(op, compileExpression(left, scope: scope, isLenient: isLenient),
                               compileExpression(right, scope: scope, isLenient: isLenient), site)
        case .variable(let path, let location):
            return compileVariable(path, at: location, scope: scope, isLenient: isLenient)
        case .filter(let name, let input, let arguments, let location):
            return compileFilter(name, input: input, arguments: arguments, at: location, scope: scope, isLenient: isLenient)
        }
    }

    private mutating func compileVariable(_ path: [String], at location: TemplateLocation, scope: Scope,
                                          isLenient: Bool) -> CompiledExpression {
        let first = path[0]
        let rest = Array(path.dropFirst())
        let local = scope.locals.last { $0.name == first }
        let site = VariableSite(path: path, slot: local?.slot, location: location, scopeNames: scope.names, isLenient: isLenient)
        if let local {
            let root = step(.local(slot: local.slot), binding: local.binding, key: StepKey(binding: local.binding, name: first))
            return .variable(step: steps(from: root, through: rest, usedIn: scope), site)
        }
        guard first == "loop", let loopSlot = scope.loopSlot else {
            let root = step(.context(name: nameNumber(first)), binding: 0, key: StepKey(binding: 0, name: first))
            return .variable(step: steps(from: root, through: rest, usedIn: scope), site)
        }
        guard let fieldName = rest.first else { return .loopObject(slot: loopSlot) }
        guard let field = LoopField(rawValue: fieldName) else {
            let suggestion = nearestName(to: fieldName, in: LoopField.allCases.map(\.rawValue)).map { "loop.\($0)" }
            errors.append(TemplateError(location, .unknownVariable(path.joined(separator: "."), suggestion: suggestion)))
            return .constant(.null)
        }
        if rest.count > 1 {
            let kind = field == .first || field == .last ? "a boolean" : "an integer"
            errors.append(TemplateError(location, .notAMap(expression: "loop.\(fieldName)", kind: kind, key: rest[1])))
            return .constant(.null)
        }
        return .loopField(slot: loopSlot, field)
    }

    /// The step reached from `root` through `keys`, made on first use; counts the use on it and
    /// on every step before it.
    private mutating func steps(from root: Int, through keys: [String], usedIn scope: Scope) -> Int {
        var index = root
        for key in keys {
            let binding = steps[index].binding
            index = step(.member(parent: index, key: nameNumber(key)), binding: binding,
                         key: StepKey(binding: binding, parent: index, name: key))
        }
        var used: Int? = index
        while let current = used {
            stepUses[current] += steps[current].binding == scope.binding ? 1 : 2
            guard case .member(let parent, _) = steps[current].source else { break }
            used = parent
        }
        return index
    }

    private mutating func nameNumber(_ name: String) -> Int {
        if let number = stepNameNumbers[name] { return number }
        stepNames.append(name)
        stepNameNumbers[name] = stepNames.count - 1
        return stepNames.count - 1
    }

    private mutating func step(_ source: PathStep.Source, binding: Int, key: StepKey) -> Int {
        if let index = stepIndex[key] { return index }
        steps.append(PathStep(source: source, binding: binding, isRemembered: false))
        stepUses.append(0)
        stepIndex[key] = steps.count - 1
        return steps.count - 1
    }

    private mutating func compileFilter(_ name: String, input: Expression, arguments: [Expression], at location: TemplateLocation,
                                        scope: Scope, isLenient: Bool) -> CompiledExpression {
        let compiledInput = compileExpression(input, scope: scope, isLenient: isLenient || name == "default")
        let compiledArguments = arguments.map { compileExpression($0, scope: scope, isLenient: false) }
        let site = ExpressionSite(name: name, inputText: input.sourceText, location: location)
        func wrongArguments(_ usage: String) -> CompiledExpression {
            errors.append(TemplateError(location, .wrongFilterArguments(filter: name, usage: usage)))
            return .constant(.null)
        }
        let filter: Filter
        switch name {
        case "date":
            guard arguments.count == 1, case .string(let pattern) = arguments[0] else {
                return wrongArguments("date: \"yyyy-MM-dd\"")
            }
            if let index = datePatterns.firstIndex(of: pattern) {
                filter = .date(patternIndex: index)
            } else {
                datePatterns.append(pattern)
                filter = .date(patternIndex: datePatterns.count - 1)
            }
        case "truncate":
            guard compiledArguments.count == 1 else { return wrongArguments("truncate: 100") }
            filter = .truncate(compiledArguments[0])
        case "join":
            guard compiledArguments.count <= 1 else { return wrongArguments("join: \", \"") }
            filter = .join(compiledArguments.first ?? .constant(.string(", ")))
        case "default":
            guard compiledArguments.count == 1 else { return wrongArguments("default: \"text\"") }
            filter = .defaultValue(compiledArguments[0])
        case "pluralize":
            guard compiledArguments.count == 1 else { return wrongArguments("pluralize: \"{n} entry|{n} entries\"") }
            filter = .pluralize(compiledArguments[0])
        case "length", "json", "url", "upper", "lower", "raw":
            guard arguments.isEmpty else { return wrongArguments(name) }
            switch name {
            case "length": filter = .length
            case "json": filter = .json
            case "url": filter = .url
            case "upper": filter = .upper
            case "lower": filter = .lower
            default: filter = .raw
            }
        default:
            errors.append(TemplateError(location, .unknownFilter(name, suggestion: nearestName(to: name, in: Filter.names))))
            return .constant(.null)
        }
        return .filter(filter, compiledInput, site)
    }

    // MARK: - Text

    /// Joins neighbouring text so rendering appends it in one copy.
    private static func mergingText(_ instructions: [Instruction]) -> [Instruction] {
        var merged: [Instruction] = []
        for instruction in instructions {
            switch instruction {
            case .text(let bytes):
                if case .text(let previous)? = merged.last {
                    merged[merged.count - 1] = .text(previous + bytes)
                } else if !bytes.isEmpty {
                    merged.append(instruction)
                }
            case .output, .conditional, .forLoop:
                merged.append(mergingNested(instruction))
            }
        }
        return merged
    }

    private static func mergingNested(_ instruction: Instruction) -> Instruction {
        switch instruction {
        case .conditional(let branches, let otherwise):
            return .conditional(branches.map { ($0.0, mergingText($0.1)) }, otherwise: mergingText(otherwise))
        case .forLoop(let slot, let binding, let sequence, let body, let empty, let site):
            return .forLoop(slot: slot, binding: binding, sequence: sequence, body: mergingText(body),
                            empty: mergingText(empty), site)
        case .text, .output:
            return instruction
        }
    }
}
