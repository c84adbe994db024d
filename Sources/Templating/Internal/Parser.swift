/// A template after parsing: its tree, what it extends, its blocks by name, and every syntax
/// error found in it.
struct ParsedTemplate: Sendable {
    var nodes: [Node]
    var extends: (name: String, location: TemplateLocation)?
    var blocks: [String: [Node]]
    var errors: [TemplateError]
}

/// Turns the scanner's tokens into a tree of `Node`s. It recovers after a bad tag so that one
/// pass reports as many syntax errors as it can.
struct Parser {
    private let tokens: [Token]
    private let path: String
    private var position = 0
    private var errors: [TemplateError] = []
    private var openTerminators: [Set<String>] = []
    private var blocks: [String: [Node]] = [:]
    private var extends: (name: String, location: TemplateLocation)?
    private var seenContent = false

    private static let knownTags = ["if", "elif", "else", "endif", "for", "endfor", "include", "extends", "block", "endblock"]
    private static let keywords: Set<String> = ["and", "or", "not", "in"]

    private init(tokens: [Token], path: String) {
        self.tokens = tokens
        self.path = path
    }

    /// Parses `text`; throws the first syntax error.
    static func parse(_ text: String, path: String) throws -> [Node] {
        let template = parseTemplate(text, path: path)
        if let error = template.errors.first { throw error }
        return template.nodes
    }

    /// Parses `text`, collecting every syntax error it can find.
    static func parseTemplate(_ text: String, path: String) -> ParsedTemplate {
        let (tokens, scanError) = Scanner.scan(text, path: path)
        if let scanError {
            // The tokens stop at the error, so parsing them would only report unclosed blocks.
            return ParsedTemplate(nodes: [], extends: nil, blocks: [:], errors: [scanError])
        }
        var parser = Parser(tokens: tokens, path: path)
        let (nodes, _) = parser.parseNodes(until: [])
        parser.checkChildTemplate(nodes)
        let errors = parser.errors.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return ParsedTemplate(nodes: nodes, extends: parser.extends, blocks: parser.blocks, errors: errors)
    }

    // MARK: - Nodes

    /// Parses nodes until one of `terminators` (returned with the position on its tag name), the
    /// end of the template, or an end tag that closes an enclosing block (both return nil).
    private mutating func parseNodes(until terminators: Set<String>) -> ([Node], (name: String, location: TemplateLocation)?) {
        var nodes: [Node] = []
        while true {
            let token = tokens[position]
            switch token.kind {
            case .end:
                return (nodes, nil)
            case .text(let text):
                position += 1
                if !text.allSatisfy(\.isWhitespace) { seenContent = true }
                nodes.append(.text(text, location(of: token)))
            case .outputOpen:
                position += 1
                seenContent = true
                let outputLocation = location(of: token)
                if let node = recovering({ try $0.parseOutput(at: outputLocation) }) { nodes.append(node) }
            case .tagOpen:
                guard case .name(let name) = peek(1) else {
                    position += 1
                    record(TemplateError(location(of: tokens[position]),
                                         .unexpectedToken(expected: "a tag name", found: tokens[position].kind.sourceText)))
                    skipPastClose()
                    continue
                }
                let tagLocation = location(of: token)
                if terminators.contains(name) {
                    position += 1
                    return (nodes, (name, tagLocation))
                }
                if openTerminators.contains(where: { $0.contains(name) }) {
                    return (nodes, nil)
                }
                position += 2
                if name != "extends" { seenContent = true }
                if let node = parseTag(name, at: tagLocation) { nodes.append(node) }
            default:
                record(TemplateError(location(of: token), .unexpectedToken(expected: "text", found: token.kind.sourceText)))
                position += 1
            }
        }
    }

    private mutating func parseTag(_ name: String, at location: TemplateLocation) -> Node? {
        switch name {
        case "if": return parseConditional(at: location)
        case "for": return parseForLoop(at: location)
        case "block": return parseBlock(at: location)
        case "include":
            guard let name = recovering({ try $0.parseTemplateName(tag: "include") }) else { return nil }
            return .include(name, location)
        case "extends":
            if extends != nil || seenContent || !openTerminators.isEmpty {
                record(TemplateError(location, .extendsNotFirst))
            }
            guard let name = recovering({ try $0.parseTemplateName(tag: "extends") }) else { return nil }
            if extends == nil { extends = (name, location) }
            return .extends(name, location)
        case "elif", "endif":
            record(TemplateError(location, .unexpectedTag(name, reason: "no '{% if %}' is open")))
        case "else":
            record(TemplateError(location, .unexpectedTag(name, reason: "no '{% if %}' or '{% for %}' is open")))
        case "endfor":
            record(TemplateError(location, .unexpectedTag(name, reason: "no '{% for %}' is open")))
        case "endblock":
            record(TemplateError(location, .unexpectedTag(name, reason: "no '{% block %}' is open")))
        default:
            record(TemplateError(location, .unknownTag(name, suggestion: nearestName(to: name, in: Self.knownTags))))
        }
        skipPastClose()
        return nil
    }

    private mutating func parseOutput(at location: TemplateLocation) throws -> Node {
        if case .name("super") = peek(0), case .symbol("(") = peek(1), case .symbol(")") = peek(2), peek(3) == .outputClose {
            position += 4
            return .superBlock(location)
        }
        let expression = try parseExpression()
        try expect(.outputClose)
        return .output(expression, location)
    }

    private mutating func parseConditional(at location: TemplateLocation) -> Node {
        var branches: [ConditionalBranch] = []
        var otherwise: [Node]?
        var condition = parseTagExpression()
        var branchLocation = location
        openTerminators.append(["elif", "else", "endif"])
        defer { openTerminators.removeLast() }
        while true {
            let (body, terminator) = parseNodes(until: otherwise == nil ? ["elif", "else", "endif"] : ["endif"])
            if otherwise == nil {
                branches.append(ConditionalBranch(condition: condition, body: body, location: branchLocation))
            } else {
                otherwise = body
            }
            guard let terminator else {
                record(TemplateError(location, .unclosedBlock(tag: "if")))
                break
            }
            position += 1
            switch terminator.name {
            case "elif":
                condition = parseTagExpression()
                branchLocation = terminator.location
                continue
            case "else":
                expectTagClose()
                otherwise = []
                openTerminators[openTerminators.count - 1] = ["endif"]
                continue
            default:
                expectTagClose()
            }
            break
        }
        return .conditional(branches, otherwise: otherwise)
    }

    private mutating func parseForLoop(at location: TemplateLocation) -> Node {
        var variable = "_"
        var sequence = Expression.null
        do {
            variable = try parseLoopVariable()
            guard case .name("in") = tokens[position].kind else {
                throw unexpected(expected: "'in'")
            }
            position += 1
            sequence = try parseExpression()
            try expect(.tagClose)
        } catch {
            record(error)
            skipPastClose()
        }
        openTerminators.append(["else", "endfor"])
        defer { openTerminators.removeLast() }
        let (body, terminator) = parseNodes(until: ["else", "endfor"])
        var empty: [Node]?
        if let terminator {
            position += 1
            expectTagClose()
            if terminator.name == "else" {
                openTerminators[openTerminators.count - 1] = ["endfor"]
                let (emptyBody, end) = parseNodes(until: ["endfor"])
                empty = emptyBody
                if end == nil {
                    record(TemplateError(location, .unclosedBlock(tag: "for")))
                } else {
                    position += 1
                    expectTagClose()
                }
            }
        } else {
            record(TemplateError(location, .unclosedBlock(tag: "for")))
        }
        return .forLoop(variable: variable, sequence: sequence, body: body, empty: empty, location)
    }

    private mutating func parseBlock(at location: TemplateLocation) -> Node? {
        var name = ""
        do {
            guard case .name(let blockName) = tokens[position].kind else { throw unexpected(expected: "a block name") }
            name = blockName
            position += 1
            try expect(.tagClose)
        } catch {
            record(error)
            skipPastClose()
        }
        openTerminators.append(["endblock"])
        let (body, terminator) = parseNodes(until: ["endblock"])
        openTerminators.removeLast()
        if terminator != nil {
            position += 1
            if case .name(let closingName) = tokens[position].kind {
                if closingName != name, !name.isEmpty {
                    record(TemplateError(self.location(of: tokens[position]),
                                         .unexpectedToken(expected: "'\(name)' or nothing after 'endblock'", found: closingName)))
                }
                position += 1
            }
            expectTagClose()
        } else {
            record(TemplateError(location, .unclosedBlock(tag: "block")))
        }
        guard !name.isEmpty else { return nil }
        if blocks[name] != nil {
            record(TemplateError(location, .duplicateBlock(name)))
        } else {
            blocks[name] = body
        }
        return .block(name, body, location)
    }

    private mutating func parseLoopVariable() throws -> String {
        guard case .name(let name) = tokens[position].kind, !Self.keywords.contains(name) else {
            throw unexpected(expected: "a loop variable name")
        }
        position += 1
        return name
    }

    private mutating func parseTemplateName(tag: String) throws -> String {
        guard case .string(let name) = tokens[position].kind else {
            throw unexpected(expected: "a template name in quotes after '\(tag)'")
        }
        position += 1
        try expect(.tagClose)
        return name
    }

    /// Reports (in a child template) anything outside blocks that would silently disappear.
    private mutating func checkChildTemplate(_ nodes: [Node]) {
        guard let extends else { return }
        let afterExtends = nodes.drop { node in
            if case .extends = node { return false }
            return true
        }
        for node in afterExtends {
            switch node {
            case .block, .extends: continue
            case .text(let text, _) where text.allSatisfy(\.isWhitespace): continue
            case .text(_, let location), .output(_, let location), .superBlock(let location), .include(_, let location),
                 .forLoop(_, _, _, _, let location):
                record(TemplateError(location, .contentOutsideBlock(parent: extends.name)))
            case .conditional(let branches, _):
                if let first = branches.first { record(TemplateError(first.location, .contentOutsideBlock(parent: extends.name))) }
            }
        }
    }

    // MARK: - Expressions

    private mutating func parseTagExpression() -> Expression {
        do {
            let expression = try parseExpression()
            try expect(.tagClose)
            return expression
        } catch {
            record(error)
            skipPastClose()
            return .null
        }
    }

    private mutating func parseExpression() throws -> Expression {
        var left = try parseAnd()
        while case .name("or") = tokens[position].kind {
            position += 1
            left = .or(left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws -> Expression {
        var left = try parseNot()
        while case .name("and") = tokens[position].kind {
            position += 1
            left = .and(left, try parseNot())
        }
        return left
    }

    private mutating func parseNot() throws -> Expression {
        if case .name("not") = tokens[position].kind {
            position += 1
            return .not(try parseNot())
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws -> Expression {
        let left = try parseFiltered()
        guard case .symbol(let symbol) = tokens[position].kind, let op = ComparisonOperator(rawValue: symbol) else {
            return left
        }
        let location = location(of: tokens[position])
        position += 1
        return .comparison(op, left, try parseFiltered(), location)
    }

    private mutating func parseFiltered() throws -> Expression {
        var expression = try parsePrimary()
        while case .symbol("|") = tokens[position].kind {
            position += 1
            let nameToken = tokens[position]
            guard case .name(let name) = nameToken.kind else { throw unexpected(expected: "a filter name after '|'") }
            position += 1
            var arguments: [Expression] = []
            if case .symbol(":") = tokens[position].kind {
                position += 1
                arguments.append(try parsePrimary())
                while case .symbol(",") = tokens[position].kind {
                    position += 1
                    arguments.append(try parsePrimary())
                }
            }
            expression = .filter(name, input: expression, arguments: arguments, location(of: nameToken))
        }
        return expression
    }

    private mutating func parsePrimary() throws -> Expression {
        let token = tokens[position]
        switch token.kind {
        case .string(let value):
            position += 1
            return .string(value)
        case .int(let value):
            position += 1
            return .int(value)
        case .double(let value):
            position += 1
            return .double(value)
        case .symbol("-"):
            switch peek(1) {
            case .int(let value):
                position += 2
                return .int(-value)
            case .double(let value):
                position += 2
                return .double(-value)
            default:
                throw unexpected(expected: "an expression")
            }
        case .symbol("("):
            position += 1
            let inner = try parseExpression()
            guard case .symbol(")") = tokens[position].kind else { throw unexpected(expected: "')'") }
            position += 1
            return inner
        case .name("true"):
            position += 1
            return .bool(true)
        case .name("false"):
            position += 1
            return .bool(false)
        case .name("null"):
            position += 1
            return .null
        case .name(let name) where !Self.keywords.contains(name):
            position += 1
            var path = [name]
            while case .symbol(".") = tokens[position].kind {
                position += 1
                guard case .name(let key) = tokens[position].kind else { throw unexpected(expected: "a key name after '.'") }
                position += 1
                path.append(key)
            }
            return .variable(path, location(of: token))
        default:
            throw unexpected(expected: "an expression")
        }
    }

    // MARK: - Tokens

    private func peek(_ offset: Int) -> Token.Kind {
        position + offset < tokens.count ? tokens[position + offset].kind : .end
    }

    private mutating func expect(_ kind: Token.Kind) throws {
        guard tokens[position].kind == kind else { throw unexpected(expected: "'\(kind.sourceText)'") }
        position += 1
    }

    private mutating func expectTagClose() {
        do {
            try expect(.tagClose)
        } catch {
            record(error)
            skipPastClose()
        }
    }

    private func unexpected(expected: String) -> TemplateError {
        let token = tokens[position]
        return TemplateError(location(of: token), .unexpectedToken(expected: expected, found: token.kind.sourceText))
    }

    /// Runs `parse`; on an error records it, skips the rest of the tag and returns nil.
    private mutating func recovering<T>(_ parse: (inout Parser) throws -> T) -> T? {
        do {
            return try parse(&self)
        } catch {
            record(error)
            skipPastClose()
            return nil
        }
    }

    private mutating func skipPastClose() {
        while true {
            switch tokens[position].kind {
            case .end: return
            case .tagClose, .outputClose:
                position += 1
                return
            case .tagOpen, .outputOpen, .text: return
            default: position += 1
            }
        }
    }

    private mutating func record(_ error: Error) {
        if let error = error as? TemplateError { errors.append(error) }
    }

    private func location(of token: Token) -> TemplateLocation {
        TemplateLocation(path: path, line: token.line, column: token.column)
    }
}
