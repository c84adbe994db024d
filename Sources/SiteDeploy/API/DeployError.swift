import DiaryModel

/// Why a deploy stopped, naming the target and, when one is to blame, the file and the remote's answer.
public struct DeployError: Error, CustomStringConvertible, Equatable {
    public enum Reason: Error, Equatable {
        /// daybook.yml has no `deploy:` list.
        case noTargets
        /// daybook.yml's problems, one located diagnostic a line.
        case configuration(String)
        /// A folder target inside the output folder or the build cache, or holding the output folder.
        case unsafeFolder(String)
        case unknownTarget(String, known: [String])
        /// A readable site for a target without `public: true`.
        case readableSite
        /// The build reported errors (they were printed as diagnostics).
        case buildFailed(String)
        /// The build cache holds no record of what the last build wrote.
        case noBuildRecord
        case tooManyDeletes(Int, limit: Int)
        case credentials(String)
        /// A program Daybook runs (git, rsync) is missing or failed.
        case tool(String)
        /// The remote refused or failed: what it answered.
        case remote(file: String?, answer: String)
        /// The target's record under .daybook/deploy/ could not be written.
        case record(String)
    }

    public var target: String
    public var reason: Reason

    public init(target: String, _ reason: Reason) {
        self.target = target
        self.reason = reason
    }

    public var description: String {
        if case .configuration(let lines) = reason { return lines }
        return "error: deploy to '\(target)': " + message
    }

    private var message: String {
        switch reason {
        case .noTargets:
            return "daybook.yml has no 'deploy:' targets; add one such as '- name: pages' with 'to: git' and 'url:' (README, Publishing)"
        case .configuration(let lines):
            return lines
        case .unsafeFolder(let path):
            return "\(path) is inside the output folder or .daybook/, or holds the output folder: nothing was sent"
        case .unknownTarget(let name, let known):
            return "no deploy target is named '\(name)' in daybook.yml (known: \(known.joined(separator: ", ")))"
        case .readableSite:
            return "the site is not encrypted and this target does not say 'public: true': nothing was sent; "
                + "deploy with --encrypt (or 'encrypt: true' in daybook.yml), or add 'public: true' to the target if anyone may read the diary"
        case .buildFailed(let summary):
            return summary + "; nothing was sent"
        case .noBuildRecord:
            return "the build cache has no record of the files the build wrote; nothing was sent"
        case .tooManyDeletes(let count, let limit):
            return "the plan deletes \(count) files, more than --max-deletes \(limit); nothing was sent (check the target, or add --force)"
        case .credentials(let problem):
            return problem
        case .tool(let problem):
            return problem
        case .remote(let file, let answer):
            return (file.map { "\($0): " } ?? "") + answer
        case .record(let problem):
            return "cannot write the deploy record: \(problem)"
        }
    }
}
