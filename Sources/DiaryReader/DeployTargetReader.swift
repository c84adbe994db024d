import DiaryModel
import Yams

/// Reads `deploy:` of daybook.yml: a list of targets, each a mapping with `name`, `to`, `url`
/// and the keys of its kind (SPEC §12). Every problem is an error at its line and column: a
/// mistyped key of a command that writes to a server is not ignored, and a credential is never
/// accepted here.
enum DeployTargetReader {
    static let commonKeys = ["name", "to", "url", "public"]
    static let keysByKind = ["git": ["branch", "history"], "rsync": [], "s3": ["endpoint", "region", "profile"], "dir": []]
    static let kinds = ["git", "rsync", "s3", "dir"]
    /// Words for a secret: a key that looks like one is refused with where credentials belong.
    static let secretWords = ["key", "secret", "token", "password", "credential"]

    static func read(_ field: YAMLMapping.Field, in mapping: YAMLMapping) -> ([DeployTarget], [Diagnostic]) {
        guard case .sequence(let items) = field.value else {
            return ([], [.error(at: mapping.location(of: field.value),
                                "'deploy' must be a list of targets, each '- name: pages' with 'to' and 'url'")])
        }
        var targets: [DeployTarget] = []
        var diagnostics: [Diagnostic] = []
        for item in items {
            switch mapping.mapping(item) {
            case .failure(let problem): diagnostics.append(problem)
            case .success(let itemMapping):
                let (target, problems) = readTarget(itemMapping, at: mapping.location(of: item))
                diagnostics += problems
                guard let target else { continue }
                if targets.contains(where: { $0.name == target.name }) {
                    diagnostics.append(.error(at: target.location, "the deploy target name '\(target.name)' is used twice"))
                } else {
                    targets.append(target)
                }
            }
        }
        return (targets, diagnostics)
    }

    /// One target, or nil with the problems that stop it.
    private static func readTarget(_ item: YAMLMapping, at location: SourceLocation) -> (DeployTarget?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func take<T>(_ result: Result<T, Diagnostic>) -> T? {
            switch result {
            case .success(let value): return value
            case .failure(let problem): diagnostics.append(problem); return nil
            }
        }
        let name = item["name"].flatMap { take(item.text($0)) }
        let kind = item["to"].flatMap { take(item.text($0)) }
        let url = item["url"].flatMap { take(item.text($0)) }
        diagnostics += requiredProblems(item, at: location, name: name, kind: kind, url: url)
        diagnostics += keyProblems(item, kind: kind)
        let isPublic = item["public"].flatMap { take(item.bool($0)) } ?? false
        guard let name, !name.isEmpty, Slug.make(from: name) == name, let kind, kinds.contains(kind), let url, !url.isEmpty, !url.hasPrefix("-"),
              let transport = readTransport(item, kind: kind, url: url, diagnostics: &diagnostics) else { return (nil, diagnostics) }
        return (DeployTarget(name: name, transport: transport, url: url, isPublic: isPublic, location: location), diagnostics)
    }

    /// `name`, `to` and `url`: present and well formed.
    private static func requiredProblems(_ item: YAMLMapping, at location: SourceLocation,
                                         name: String?, kind: String?, url: String?) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if item["name"] == nil {
            problems.append(.error(at: location, "each deploy target needs a 'name', such as 'name: pages'"))
        } else if let name, let field = item["name"], name.isEmpty || Slug.make(from: name) != name {
            let slug = Slug.make(from: name)
            problems.append(.error(at: item.location(of: field.value),
                                   "the deploy target name '\(name)' must be lower-case letters, digits and '-'\(slug.isEmpty ? "" : " such as '\(slug)'")"))
        }
        if item["to"] == nil {
            problems.append(.error(at: location, "each deploy target needs 'to: git', 'to: rsync', 'to: s3' or 'to: dir'"))
        } else if let kind, let field = item["to"], !kinds.contains(kind) {
            problems.append(.error(at: item.location(of: field.value),
                                   "'to' must be git, rsync, s3 or dir, found '\(kind)'\(Suggestion.hint(for: kind, among: kinds))"))
        }
        if item["url"] == nil || url?.isEmpty == true {
            problems.append(.error(at: item["url"].map { item.location(of: $0.value) } ?? location,
                                   "each deploy target needs a 'url': a repository, [user@]host:path, s3://bucket/prefix or a folder"))
        } else if let url, let field = item["url"], url.hasPrefix("-") {
            // git and rsync would read it as one of their options (`--receive-pack=…` runs a program).
            problems.append(.error(at: item.location(of: field.value), "a deploy target's url cannot start with '-', found '\(url)'"))
        } else if kind == "s3", let url, let field = item["url"], S3Address(url) == nil {
            problems.append(.error(at: item.location(of: field.value), "an s3 target's url must look like 's3://bucket/prefix/', found '\(url)'"))
        }
        return problems
    }

    /// Keys that belong to no kind, or to another kind than this target's, and credentials.
    private static func keyProblems(_ item: YAMLMapping, kind: String?) -> [Diagnostic] {
        let allowed = commonKeys + (kind.flatMap { keysByKind[$0] } ?? keysByKind.values.flatMap { $0 })
        var problems: [Diagnostic] = []
        for field in item.fields where !allowed.contains(field.key) {
            let at = item.location(of: field.keyNode)
            let lowered = field.key.lowercased()
            if secretWords.contains(where: lowered.contains) {
                problems.append(.error(at: at, "credentials never go in daybook.yml, which may be shared or committed: "
                                           + "set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or name a ~/.aws/credentials section with 'profile:'"))
            } else if let other = keysByKind.first(where: { $0.value.contains(field.key) })?.key {
                problems.append(.error(at: at, "'\(field.key)' belongs to '\(other)' targets, not to '\(kind ?? "?")' ones"))
            } else {
                let hint = Suggestion.hint(for: field.key, among: allowed)
                problems.append(.error(at: at, "unknown key '\(field.key)' of a deploy target\(hint)"))
            }
        }
        return problems
    }

    /// The kind's own settings, with their defaults.
    private static func readTransport(_ item: YAMLMapping, kind: String, url: String,
                                      diagnostics: inout [Diagnostic]) -> DeployTarget.Transport? {
        func text(_ key: String) -> String? {
            guard let field = item[key] else { return nil }
            switch item.text(field) {
            case .success(let value): return value.isEmpty ? nil : value
            case .failure(let problem): diagnostics.append(problem); return nil
            }
        }
        switch kind {
        case "git":
            let history = text("history")
            if let history, history != "keep", history != "one", let field = item["history"] {
                diagnostics.append(.error(at: item.location(of: field.value), "'history' must be 'keep' or 'one', found '\(history)'"))
                return nil
            }
            let branch = text("branch") ?? "gh-pages"
            if branch.hasPrefix("-"), let field = item["branch"] {
                diagnostics.append(.error(at: item.location(of: field.value), "'branch' cannot start with '-', found '\(branch)'"))
                return nil
            }
            return .git(branch: branch, keepHistory: history == "keep")
        case "rsync": return .rsync
        case "s3":
            let endpoint = text("endpoint")
            if let endpoint, !(endpoint.hasPrefix("https://") || endpoint.hasPrefix("http://")), let field = item["endpoint"] {
                diagnostics.append(.error(at: item.location(of: field.value), "'endpoint' must start with https:// (or http://), found '\(endpoint)'"))
                return nil
            }
            return .s3(endpoint: endpoint, region: text("region") ?? "us-east-1", profile: text("profile"))
        default: return .directory
        }
    }
}
