import DiaryFiles
import DiaryModel
import Foundation

/// What a target has received, remembered under `.daybook/deploy/<name>/`: each file's path, its
/// MD5 and the size and time of the copy in the output folder that was sent. A file whose size
/// and time are unchanged is not read again; one whose size or time changed is hashed, and sent
/// only if its bytes differ.
///
/// `record.tsv` holds the state after the last complete deploy (and the kind of site sent); `journal.tsv` gets a line the
/// moment the remote confirms each file sent or deleted, so a deploy cut off by the network or
/// Ctrl-C leaves a record that the next one resumes from. Both start with the target's identity
/// (kind and address): a target pointed elsewhere starts from nothing.
struct DeployRecord {
    struct Entry: Equatable {
        var md5: String
        var size: Int
        var modified: Int
    }

    /// What kind of site a target received: a git target keeps what it once held.
    enum SiteKind: String {
        case readable, encrypted
    }

    private(set) var files: [String: Entry] = [:]
    /// The kind of the last site sent; nil in a record that does not say (an earlier release's).
    var siteKind: SiteKind?
    let folder: URL
    private let identity: String
    private var journal: FileHandle?

    static let recordName = "record.tsv"
    static let journalName = "journal.tsv"

    /// The folder that holds a target's record and work files.
    static func folder(root: URL, target: String) -> URL {
        root.appendingPathComponent(".daybook/deploy/\(target)", isDirectory: true)
    }

    /// The record of `target`, with its journal applied; empty when there is none or it is of another address.
    init(root: URL, target: DeployTarget) {
        folder = Self.folder(root: root, target: target.name)
        identity = "daybook-deploy 1\t\(target.transport.name)\t\(target.url)\t\(Self.detail(of: target.transport))"
        for name in [Self.recordName, Self.journalName] {
            guard let text = LocalFiles.readBytes(folder.appendingPathComponent(name).path) else { continue }
            apply(String(decoding: text, as: UTF8.self))
        }
    }

    /// What else decides where the files land: a git branch, an S3 endpoint.
    private static func detail(of transport: DeployTarget.Transport) -> String {
        switch transport {
        case .git(let branch, _): return branch
        case .s3(let endpoint, let region, _): return "\(endpoint ?? "")|\(region)"
        case .rsync, .directory: return ""
        }
    }

    private mutating func apply(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.first.map(String.init) == identity else { return }
        lines = lines.dropFirst()
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            if fields.count == 5, fields[0] == "+", let size = Int(fields[2]), let modified = Int(fields[3]) {
                files[String(fields[4])] = Entry(md5: String(fields[1]), size: size, modified: modified)
            } else if fields.count == 2, fields[0] == "-" {
                files[String(fields[1])] = nil
            } else if fields.count == 3, fields[0] == "=", fields[1] == "site" {
                siteKind = SiteKind(rawValue: String(fields[2]))
            }
        }
    }

    // MARK: - Recording as the remote confirms

    /// Records that the remote has `path` with these bytes: in memory, and in the journal at once.
    mutating func confirmSent(_ path: String, _ entry: Entry) throws {
        files[path] = entry
        try append("+\t\(entry.md5)\t\(entry.size)\t\(entry.modified)\t\(path)\n")
    }

    mutating func confirmDeleted(_ path: String) throws {
        files[path] = nil
        try append("-\t\(path)\n")
    }

    /// Remembers `path` as the remote has it without writing the journal: an unchanged file whose
    /// size or time changed, or one `--verify` found there; kept when the record is saved.
    mutating func remember(_ path: String, _ entry: Entry) {
        files[path] = entry
    }

    /// Starts over from nothing (`--verify`: the remote's own files decide).
    mutating func forgetAll() {
        files = [:]
    }

    private mutating func append(_ line: String) throws {
        if journal == nil { journal = try openJournal() }
        do {
            try journal?.write(contentsOf: Data(line.utf8))
        } catch {
            throw DeployError.Reason.record("\(folder.appendingPathComponent(Self.journalName).path): \(error.localizedDescription)")
        }
    }

    private func openJournal() throws -> FileHandle {
        let path = folder.appendingPathComponent(Self.journalName).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: path) {
                try Data((identity + "\n").utf8).write(to: URL(fileURLWithPath: path))
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            return handle
        } catch {
            throw DeployError.Reason.record("\(path): \(error.localizedDescription)")
        }
    }

    /// Writes the whole record and removes the journal: after a deploy that finished.
    mutating func save() throws {
        try? journal?.close()
        journal = nil
        var text = identity + "\n"
        if let siteKind { text += "=\tsite\t\(siteKind.rawValue)\n" }
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            text += "+\t\(entry.md5)\t\(entry.size)\t\(entry.modified)\t\(path)\n"
        }
        let recordPath = folder.appendingPathComponent(Self.recordName).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.write(Array(text.utf8), to: recordPath)
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(Self.journalName))
        } catch {
            throw DeployError.Reason.record("\(recordPath): \(error)")
        }
    }
}
