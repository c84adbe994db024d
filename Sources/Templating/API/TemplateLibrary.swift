import Foundation

/// A set of named templates, compiled once and rendered many times, from any number of threads.
///
/// ```
/// {{ entry.title }}                       printed HTML-escaped (& < > " ')
/// {{ entry.body | raw }}                  printed as is (so is a `.html` value)
/// {{ entry.date | date: "yyyy-MM-dd" }}   filters chain left to right: {{ x | lower | truncate: 10 }}
/// {% if a and not b %}…{% elif x >= 2 %}…{% else %}…{% endif %}
/// {% for e in entries %}{{ loop.index }}…{% else %}no entries{% endfor %}
/// {% include "partials/card.html" %}      sees the variables in scope where it stands
/// {% extends "layout.html" %}{% block main %}{{ super() }}…{% endblock %}
/// {# a comment #}   {%- … -%} {{- … -}} {#- … -#} trim whitespace (newlines too) on that side
/// ```
///
/// Expressions: dotted names, "double" or 'single' quoted strings, numbers, `true`, `false`,
/// `null`, `== != < <= > >=`, `and`, `or`, `not` and parentheses. False, null, 0, and an empty
/// string, list or map are falsy. Filters: `date: "pattern"` (DateFormatter pattern, in the
/// library's locale and timezone), `truncate: N` (N characters, then "…"), `join: ", "`,
/// `length`, `default: "x"`, `pluralize: "{n} entry|{n} entries"` (a number in words: the form
/// before `|` for 1, the one after it otherwise, `{n}` standing for the number, grouped in the
/// library's locale as `12,345`), `json` (safe inside `<script>`), `url` (one path segment),
/// `upper`, `lower`, `raw`.
///
/// Missing names and keys: printing or looping over a name the context lacks, or a key a map
/// lacks, is an error with the template's path, line and column and the nearest known name.
/// Two places treat a missing name or key (or a null on the way) as `null` instead, so optional
/// fields can be tested: anywhere inside an `{% if %}`/`{% elif %}` condition
/// (`{% if entry.cover %}` is false when `cover` is missing), and the input of `default`
/// (`{{ entry.mood | default: "calm" }}`). `default` replaces null, missing and empty values.
/// Printing `null` prints nothing; printing a date, list or map is an error.
///
/// A template that extends another may hold only blocks (and whitespace or comments) outside
/// its `{% extends %}`; anything else there is an error because it would never be shown.
public final class TemplateLibrary: Sendable {
    private let templates: [String: CompiledTemplate]
    private let kits: RenderKitPool

    /// Every syntax, name and template error in the library, sorted by path, line and column.
    /// A template listed here (or one that uses it) throws its first error when rendered.
    public let errors: [TemplateError]

    /// Parses and compiles every template in `sources` (name → text). `paths` gives the path to
    /// show in errors for a name, such as "Templates/layout.html" for "layout.html"; a name
    /// without one is shown as is. The `date` filter formats in `locale` and `timeZone`.
    public init(sources: [String: String], paths: [String: String] = [:],
                locale: Locale = Locale(identifier: "en_US_POSIX"), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        var parsed: [String: ParsedTemplate] = [:]
        var allErrors: [TemplateError] = []
        for (name, text) in sources {
            let template = Parser.parseTemplate(text, path: paths[name] ?? name)
            parsed[name] = template
            allErrors += template.errors
        }
        var compiler = Compiler(templates: parsed, paths: paths)
        var compiled: [String: CompiledTemplate] = [:]
        for name in sources.keys.sorted() {
            let template = compiler.compile(name)
            compiled[name] = template
            allErrors += template.errors
        }
        var seen: Set<String> = []
        errors = allErrors
            .filter { seen.insert($0.description).inserted }
            .sorted { ($0.location.path, $0.location.line, $0.location.column) < ($1.location.path, $1.location.line, $1.location.column) }
        templates = compiled
        // Each kit compiles the same sources in the same order, so its date patterns are numbered as these.
        let names = sources.keys.sorted()
        let datePatterns = compiler.datePatterns
        let formatted = FormattedDates(patternCount: datePatterns.count)
        kits = RenderKitPool { [parsed, compiled] kitNumber in
            // The first kit walks the library's own compilation: a rebuild that renders a few pages
            // on one core compiles the theme once, not twice.
            var templates = compiled
            if kitNumber > 0 {
                var compiler = Compiler(templates: parsed, paths: paths)
                templates = Dictionary(uniqueKeysWithValues: names.map { ($0, compiler.compile($0)) })
            }
            let formatters = DateFormatterSet(patterns: datePatterns, locale: locale, timeZone: timeZone, shared: formatted)
            return RenderKit(formatters: formatters, templates: templates)
        }
    }

    /// The names of all templates, sorted.
    public var templateNames: [String] { templates.keys.sorted() }

    /// The names of the templates `name` is made from, itself included: everything it reaches
    /// through `extends` and `include`, even templates that do not exist yet. Empty for an
    /// unknown name. Rebuild pages whose template depends on a changed file.
    public func dependencies(of name: String) -> Set<String> {
        templates[name]?.dependencies ?? []
    }

    /// Renders the template `name` with the variables in `context`.
    public func render(_ name: String, with context: [String: TemplateValue]) throws -> String {
        String(decoding: try renderUTF8(name, with: context), as: UTF8.self)
    }

    /// Renders the template `name`; `context` must be a `.map` of the variables.
    public func render(_ name: String, with context: TemplateValue) throws -> String {
        guard case .map(let variables) = context else {
            throw TemplateError(TemplateLocation(path: name, line: 1, column: 1), .notAMapContext(kind: context.kindDescription))
        }
        return try render(name, with: variables)
    }

    /// Renders the template `name` to UTF-8 bytes, ready to write to a file.
    public func renderUTF8(_ name: String, with context: [String: TemplateValue]) throws -> [UInt8] {
        guard let template = templates[name] else {
            throw TemplateError(TemplateLocation(path: name, line: 1, column: 1),
                                .templateNotFound(name, suggestion: nearestName(to: name, in: templates.keys)))
        }
        if let error = template.errors.first { throw error }
        let kit = kits.borrow()
        defer { kits.giveBack(kit) }
        let own = kit.templates[name] ?? template
        // Room for nearly every page, so the buffer seldom grows; capacity never written is never touched.
        var renderer = Renderer(context: context, slotCount: own.slotCount, steps: own.steps, stepNames: own.stepNames,
                                bindingCount: own.bindingCount, formatters: kit.formatters, capacity: 65_536)
        try renderer.render(own.instructions)
        return renderer.output.bytes
    }
}
