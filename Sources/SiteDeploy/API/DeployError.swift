import DiaryModel

/// Why a deploy stopped, naming the target and, when one is to blame, the file and the remote's answer.
public struct DeployError: Error, CustomStringConvertible, Equatable {
    public enum Reason: Error, Equatable {
        /// daybook.yml has no `deploy:` list.
        case noTargets
        /// daybook.yml's problems, one located diagnostic a line.
        case configuration(String)
        /// A local target folder that is, holds or lies inside the diary or one of its folders (why).
        case unsafeFolder(String, why: String)
        /// A local target folder that holds files no deploy of Daybook put there.
        case unmarkedFolder(String)
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
        /// A library Daybook needs (libcrypto, for the digests) cannot be used: why, and what to install.
        case library(String)
        /// The remote refused or failed: what it answered.
        case remote(file: String?, answer: String)
        /// The target's record under .daybook/deploy/ could not be written.
        case record(String)
        /// Stopped on request (Ctrl-C), with what the remote had confirmed by then.
        case interrupted(DeployProgress)
        /// Output holds an encrypted site, and this deploy was not asked to encrypt.
        case encryptedSiteNotAsked
    }

    public var target: String
    public var reason: Reason

    public init(target: String, _ reason: Reason) {
        self.target = target
        self.reason = reason
    }

    /// A refused target folder is a usage error (exit 2), as a refused output folder is.
    public var isUsage: Bool {
        switch reason {
        case .unsafeFolder, .unmarkedFolder: return true
        default: return false
        }
    }

    public var description: String {
        switch reason {
        case .configuration(let lines): return lines
        // No target to name: daybook.yml has none.
        case .noTargets: return "error: " + message
        default: return "error: deploy to '\(target)': " + message
        }
    }

    private var message: String {
        switch reason {
        case .noTargets:
            return "daybook.yml has no 'deploy:' targets; add one such as '- name: pages' with 'to: git' and 'url:' (README, Publishing)"
        case .configuration(let lines):
            return lines
        case .unsafeFolder(let path, let why):
            return "the target folder \(path) can never receive the site: \(why), and a deploy deletes what the site "
                + "does not have; nothing was written (choose a folder of its own, outside the diary)"
        case .unmarkedFolder(let path):
            return "the target folder \(path) already holds files that no deploy of Daybook put there; nothing was written "
                + "(choose an empty or new folder, or add --force if its files may be replaced, knowing that --verify deletes every file the site lacks)"
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
        case .tool(let problem), .library(let problem):
            return problem
        case .remote(let file, let answer):
            return (file.map { "\($0): " } ?? "") + answer
        case .record(let problem):
            return "cannot write the deploy record: \(problem)"
        case .interrupted(let progress):
            return "stopped: \(DeployReport.count(progress.files)) of \(DeployReport.count(progress.totalFiles)) files sent "
                + "(\(DeployReport.size(progress.bytes)) of \(DeployReport.size(progress.totalBytes))) and nothing deleted yet; "
                + "the target holds a mix of old and new files, and the links of every page there still work "
                + "(what a page uses is sent before it); run 'daybook deploy' again to finish: it sends only what is missing"
        case .encryptedSiteNotAsked:
            return "the output folder holds an encrypted site, but this deploy would build it readable: nothing was sent; "
                + "deploy with --encrypt, or add 'encrypt: true' to daybook.yml so that every build and deploy encrypts"
        }
    }
}
