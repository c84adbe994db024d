import BuildSupport
import DiaryModel
import Foundation

/// `to: git`: the site as the tree of a commit on a branch, pushed to a repository (a URL or a path).
///
/// The repository Daybook works in is `.daybook/deploy/<name>/repo.git`; its index holds the tree
/// last pushed, and git reads the files to add from the output folder (its work tree, only ever
/// read: nothing is written there). Each deploy adds its uploads to the index and takes its
/// deletions out, writes the tree and commits it: with no parent by default, force-pushed, so the
/// branch keeps one commit and old ciphertexts and deleted entries do not pile up in its history;
/// on top of the branch's last commit with `history: keep`. Commits are signed "Daybook", never
/// with the diarist's name.
final class GitTransport: DeployTransport {
    let url: String
    let branch: String
    let keepHistory: Bool
    private let repository: URL
    private let git: ProcessRunner
    private var changed = false

    init(url: String, branch: String, keepHistory: Bool, workFolder: URL, output: URL) {
        self.url = url
        self.branch = branch
        self.keepHistory = keepHistory
        repository = workFolder.appendingPathComponent("repo.git", isDirectory: true)
        let identity = ["GIT_AUTHOR_NAME": "Daybook", "GIT_AUTHOR_EMAIL": "daybook@localhost",
                        "GIT_COMMITTER_NAME": "Daybook", "GIT_COMMITTER_EMAIL": "daybook@localhost"]
        git = ProcessRunner(directory: workFolder, environment: identity.merging([
            "GIT_DIR": repository.path, "GIT_WORK_TREE": output.path, "GIT_INDEX_FILE": repository.appendingPathComponent("index").path,
        ]) { _, new in new })
    }

    var confirmsEachFile: Bool { false }

    var remembersRemote: Bool {
        FileManager.default.fileExists(atPath: repository.appendingPathComponent("index").path)
    }

    private var remoteRef: String { "refs/remotes/daybook/\(branch)" }

    func prepare(fresh: Bool) throws {
        try createRepository()
        if fresh { try git.run("git", ["read-tree", "--empty"]) }
        if keepHistory { _ = try fetchBranch() }
    }

    private func createRepository() throws {
        guard !FileManager.default.fileExists(atPath: repository.appendingPathComponent("HEAD").path) else { return }
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try ProcessRunner(directory: repository).run("git", ["init", "--quiet", "--bare", "--", repository.path])
    }

    /// Fetches the branch into `remoteRef`; false when the repository has no such branch yet.
    private func fetchBranch() throws -> Bool {
        let listed = try git.run("git", ["ls-remote", "--heads", "--", url, "refs/heads/\(branch)"])
        guard !listed.isEmpty else { return false }
        try git.run("git", ["fetch", "--quiet", "--no-tags", "--", url, "+refs/heads/\(branch):\(remoteRef)"])
        return true
    }

    // MARK: - Verify

    func compare(with site: SiteInventory) throws -> RemoteComparison {
        try createRepository()
        guard try fetchBranch() else {
            try git.run("git", ["read-tree", "--empty"])
            return RemoteComparison(matching: [], extra: [])
        }
        let remote = try remoteBlobs()
        let ids = ParallelMap.map(site.files, chunkSize: 16) { file in site.bytes(of: file.path).flatMap(FileDigest.gitBlobID) }
        let matching = zip(site.files, ids).filter { remote[$0.0.path] == $0.1 }.map(\.0.path)
        let present = Set(site.files.map(\.path))
        // From here the index is the remote's tree: this deploy's changes are made to it.
        try git.run("git", ["read-tree", remoteRef])
        return RemoteComparison(matching: Set(matching), extra: remote.keys.filter { !present.contains($0) })
    }

    /// Path → blob id of the fetched branch's files.
    private func remoteBlobs() throws -> [String: String] {
        let listing = try git.run("git", ["ls-tree", "-r", "-z", remoteRef])
        var blobs: [String: String] = [:]
        for line in listing.split(separator: 0) {
            // <mode> SP <type> SP <id> TAB <path>
            let text = String(decoding: line, as: UTF8.self)
            guard let tab = text.firstIndex(of: "\t") else { continue }
            let fields = text[..<tab].split(separator: " ")
            if fields.count == 3, fields[1] == "blob" { blobs[String(text[text.index(after: tab)...])] = String(fields[2]) }
        }
        return blobs
    }

    // MARK: - Sending

    func upload(_ files: [PlannedUpload], from site: SiteInventory, uploaded: (SentFile) throws -> Void) throws {
        guard !files.isEmpty else { return }
        try git.run("git", ["update-index", "--add", "-z", "--stdin"], input: Self.nulSeparated(files.map(\.file.path)))
        changed = true
    }

    func delete(_ paths: [String], deleted: (String) throws -> Void) throws {
        guard !paths.isEmpty else { return }
        try git.run("git", ["update-index", "--force-remove", "-z", "--stdin"], input: Self.nulSeparated(paths))
        changed = true
    }

    /// Commits the index's tree and pushes it; the remote has the new site at once, or not at all.
    func finish() throws {
        guard changed else { return }
        let tree = try text(git.run("git", ["write-tree"]))
        var arguments = ["commit-tree", tree, "-m", "Daybook site"]
        if keepHistory, let parent = try? text(git.run("git", ["rev-parse", "--verify", "--quiet", remoteRef])) {
            arguments += ["-p", parent]
        }
        let commit = try text(git.run("git", arguments))
        var refspecs = ["\(commit):refs/heads/\(branch)"]
        if let carrier = try carrier(of: tree) { refspecs.append("\(carrier):\(Self.carrierRef)") }
        // One commit: the orphan replaces the branch. History: a commit on top of it, which git refuses if the branch moved.
        try push(refspecs, force: !keepHistory)
        if refspecs.count > 1 { try push([":\(Self.carrierRef)"], force: false) }
        try git.run("git", ["update-ref", Self.lastPushedRef, commit])
        if keepHistory { try git.run("git", ["update-ref", remoteRef, commit]) }
    }

    /// The last commit pushed, kept here: the one the remote's branch most likely holds.
    static let lastPushedRef = "refs/daybook/last-pushed"
    /// Where a carrier commit goes for the time of a push.
    static let carrierRef = "refs/daybook/upload"

    /// A commit of `tree` on top of the last one pushed, sent beside a one-commit branch's new
    /// orphan commit and deleted right after. Git leaves out of a push what the remote has only
    /// along commit edges: with no parent in common, the orphan alone would send every file again
    /// (183 MB and 48 s for a one-entry edit of the 10,950-entry diary); with the carrier, only
    /// the changed files go. Nil with `history: keep`, whose commit has its parent.
    private func carrier(of tree: String) throws -> String? {
        guard !keepHistory, let last = try? text(git.run("git", ["rev-parse", "--verify", "--quiet", Self.lastPushedRef])),
              !last.isEmpty else { return nil }
        return try text(git.run("git", ["commit-tree", tree, "-p", last, "-m", "Daybook upload"]))
    }

    private func push(_ refspecs: [String], force: Bool) throws {
        do {
            try git.run("git", ["push", "--quiet"] + (force ? ["--force"] : []) + ["--", url] + refspecs)
        } catch DeployError.Reason.tool(let problem) {
            throw DeployError.Reason.remote(file: nil, answer: "git push to \(url) (branch \(branch)) was refused: \(problem)")
        }
    }

    private func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func nulSeparated(_ paths: [String]) -> Data {
        Data(paths.map { $0 + "\0" }.joined().utf8)
    }
}
