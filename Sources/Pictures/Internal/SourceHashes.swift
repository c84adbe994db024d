import Foundation

/// Each picture file's SHA-256 with the size, modification time and inode it had when hashed, kept
/// in one text file of the cache folder: a rebuild hashes only the files that changed, and reads no
/// other picture at all. Not thread-safe: `PictureLibrary` holds it under its lock.
///
/// One line per file: `<sha-256> <size> <mtime ns> <inode> <path>`, sorted by path.
final class SourceHashes {
    private struct Entry: Equatable {
        var identity: PlainFiles.Identity
        var content: String
    }

    let file: String
    private var entries: [String: Entry] = [:]
    private var changed = false

    /// Reads the file when there is one; a missing or unreadable file only costs hashing again.
    init(file: String) {
        self.file = file
        guard let bytes = PlainFiles.read(file) else { return }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, fields[0].utf8.count == 64,
                  let size = Int(fields[1]), let modified = Int(fields[2]), let inode = UInt64(fields[3])
            else { continue }
            entries[String(fields[4])] = Entry(identity: .init(size: size, modified: modified, inode: inode),
                                              content: String(fields[0]))
        }
    }

    /// The file's SHA-256 if it has not changed since it was hashed.
    func content(of path: String, identity: PlainFiles.Identity) -> String? {
        guard let entry = entries[path], entry.identity == identity else { return nil }
        return entry.content
    }

    func record(_ content: String, of path: String, identity: PlainFiles.Identity) {
        guard !path.contains("\n") else { return }
        let entry = Entry(identity: identity, content: content)
        if entries[path] != entry {
            entries[path] = entry
            changed = true
        }
    }

    /// Forgets every file but `paths`.
    func keepOnly(_ paths: Set<String>) {
        let before = entries.count
        entries = entries.filter { paths.contains($0.key) }
        changed = changed || entries.count != before
    }

    /// Writes the file if anything changed, aside and then renamed into place.
    func save() throws {
        guard changed else { return }
        var text = ""
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let identity = entry.identity
            text += "\(entry.content) \(identity.size) \(identity.modified) \(identity.inode) \(path)\n"
        }
        let partial = "\(file).partial"
        try PlainFiles.write(Array(text.utf8), to: partial)
        guard rename(partial, file) == 0 else { throw PlainFiles.failure("cannot write '\(file)'") }
        changed = false
    }
}
