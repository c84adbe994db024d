import BuildSupport
import DiaryFiles
import DiaryModel
import Foundation

/// What the last build wrote into the output folder: every file's path and a fingerprint of
/// its bytes (`OutputWriter.fingerprint`), saved in the build cache. Kept as byte ranges of the
/// saved file, so a nothing-changed build can look every file up without making a string of
/// each path; `entries()` makes them when needed.
///
/// Its file in the build cache is not a `CacheRecord`: it is read as bytes and kept so, written a
/// megabyte at a time and patched in place. Its layout is all here: a count of lines, then each
/// line's fingerprint and path (`writeLine`), as length-prefixed strings.
package struct Manifest {
    private let bytes: [UInt8]
    /// Each file's fingerprint and path.
    private let lines: [(fingerprint: Range<Int>, path: Range<Int>)]

    /// Which saved file the manifest was read from; nil when it was not read from the cache.
    package private(set) var identity: FileIdentity?

    /// The manifest the last build into this cache's output folder saved; nil when it is
    /// missing or damaged.
    package static func load(from cache: BuildCache) -> Manifest? {
        guard let (bytes, identity) = cache.readWithIdentity(.manifest), var manifest = Manifest(bytes: bytes) else { return nil }
        manifest.identity = identity
        return manifest
    }

    /// Saves output path → fingerprint, in no particular order: sorting tens of thousands of
    /// paths would cost more than writing them.
    /// Handed to the file a megabyte at a time: a large site's manifest is never held whole.
    package static func save(_ entries: [String: String], to cache: BuildCache) throws {
        try cache.write(.manifest) { write in
            var writer = BinaryWriter()
            writer.write(entries.count)
            for (path, fingerprint) in entries {
                writeLine(fingerprint: fingerprint, path: path, into: &writer)
                if writer.bytes.count >= 1 << 20 {
                    write(writer.bytes)
                    writer = BinaryWriter()
                }
            }
            write(writer.bytes)
        }
    }

    /// One line of the saved manifest, as `init?(bytes:)` reads it.
    private static func writeLine(fingerprint: String, path: String, into writer: inout BinaryWriter) {
        writer.write(fingerprint)
        writer.write(path)
    }

    /// Saves this manifest with `changes` made to it. The lines of the files that did not change
    /// are copied as they are, in runs: after an edit, saving a large site's manifest makes no
    /// string of each of its hundreds of thousands of paths.
    /// `index`: this manifest's index, when made. Returns how many files the saved manifest lists.
    @discardableResult
    package func save(updatedWith changes: ManifestChanges, to cache: BuildCache, index: Index? = nil) throws -> Int {
        if let index, overwrite(with: changes, in: cache, index: index) { return lines.count }
        let lineHashes = index?.hashes
        let affected = Set(changes.set.keys).union(changes.removed)
        // A line's path bytes hash as the path's string does (`StableHasher.hash`).
        let affectedKeys = Set(affected.map(StableHasher.hash))
        let known = lineHashes?.count == lines.count ? lineHashes : nil
        // Each line is its fingerprint and its path, each after its length (8 bytes).
        var runs: [Range<Int>] = []
        var runStart: Int?
        var keptLines = 0
        bytes.withUnsafeBufferPointer { buffer in
            for (number, line) in lines.enumerated() {
                let start = line.fingerprint.lowerBound - 8
                let hash = known?[number] ?? {
                    var hasher = StableHasher()
                    hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[line.path])))
                    return hasher.value
                }()
                if affectedKeys.contains(hash), affected.contains(String(decoding: buffer[line.path], as: UTF8.self)) {
                    if let begun = runStart { runs.append(begun..<start) }
                    runStart = nil
                    continue
                }
                keptLines += 1
                // Lines lie one after the other: a run goes on until a line that changes.
                if runStart == nil { runStart = start }
            }
        }
        if let begun = runStart, let last = lines.last { runs.append(begun..<last.path.upperBound) }
        try cache.write(.manifest) { write in
            var head = BinaryWriter()
            head.write(keptLines + changes.set.count)
            write(head.bytes)
            for run in runs { write(Array(bytes[run])) }
            var added = BinaryWriter()
            for (path, fingerprint) in changes.set { Self.writeLine(fingerprint: fingerprint, path: path, into: &added) }
            write(added.bytes)
        }
        return keptLines + changes.set.count
    }

    /// Writes the changes over the saved manifest's lines in place, when every changed path is
    /// listed already with a fingerprint as long as its new one (an edit's pages, whose
    /// fingerprints are of one length), and every file removed leaves its line to a new file
    /// whose path and fingerprint are as long (a search key that stops being heavy as another
    /// becomes so: their files are named alike). Copying a large site's tens of megabytes into a
    /// new file was most of the time an edit took to save its cache. The lines stay in their
    /// order, which means nothing. False, to save it whole, when the changes do not fit so or the
    /// file is no longer the one read.
    private func overwrite(with changes: ManifestChanges, in cache: BuildCache, index: Index) -> Bool {
        guard let identity, index.hashes.count == lines.count else { return false }
        // The lines of the removed files, by the length of their paths.
        var freed: [Int: [Int]] = [:]
        for path in changes.removed {
            guard let line = line(of: path, in: index) else { return false }
            freed[lines[line].path.count, default: []].append(line)
        }
        var patches: [(offset: Int, bytes: [UInt8])] = []
        patches.reserveCapacity(changes.set.count)
        for (path, fingerprint) in changes.set {
            let line: Int
            if let listed = self.line(of: path, in: index) {
                line = listed
            } else {
                let pathBytes = Array(path.utf8)
                guard let free = freed[pathBytes.count]?.popLast() else { return false }
                line = free
                patches.append((lines[line].path.lowerBound, pathBytes))
            }
            let range = lines[line].fingerprint
            let bytes = Array(fingerprint.utf8)
            guard bytes.count == range.count else { return false }
            if !bytes.elementsEqual(self.bytes[range]) { patches.append((range.lowerBound, bytes)) }
        }
        // A removed file's line that no new file took would still list it.
        guard freed.values.allSatisfy(\.isEmpty) else { return false }
        return cache.patch(.manifest, patches.sorted { $0.offset < $1.offset }, ifStill: identity)
    }

    /// Reads a saved manifest; nil when it is damaged.
    package init?(bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard let count = reader.int(), count >= 0, count <= bytes.count else { return nil }
        var lines: [(fingerprint: Range<Int>, path: Range<Int>)] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            guard let fingerprint = reader.range(), let path = reader.range(), fingerprint.count >= 2,
                  bytes[fingerprint.lowerBound] == UInt8(ascii: "b") || bytes[fingerprint.lowerBound] == UInt8(ascii: "c"),
                  bytes[fingerprint.lowerBound + 1] == UInt8(ascii: ":") else { return nil }
            lines.append((fingerprint, path))
        }
        guard reader.isAtEnd else { return nil }
        self.bytes = bytes
        self.lines = lines
    }

    package var count: Int { lines.count }

    /// Output path → fingerprint.
    package func entries() -> [String: String] {
        var entries: [String: String] = [:]
        entries.reserveCapacity(lines.count)
        for line in lines {
            entries[String(decoding: bytes[line.path], as: UTF8.self)] = String(decoding: bytes[line.fingerprint], as: UTF8.self)
        }
        return entries
    }

    /// The output path of line `line`.
    package func path(ofLine line: Int) -> String {
        String(decoding: bytes[lines[line].path], as: UTF8.self)
    }

    /// The paths that begin with `prefix`: strings are made of those only.
    package func paths(withPrefix prefix: String) -> [String] {
        let prefix = Array(prefix.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            lines.compactMap { line in
                line.path.count >= prefix.count && buffer[line.path].starts(with: prefix)
                    ? String(decoding: buffer[line.path], as: UTF8.self) : nil
            }
        }
    }

    /// The fingerprint of line `line`.
    package func fingerprint(ofLine line: Int) -> String {
        String(decoding: bytes[lines[line].fingerprint], as: UTF8.self)
    }

    /// Finds a line by its path: each line's path hash (`StableHasher.hash` of the path), and a
    /// table of lines by hash, open addressed. Made in one pass over the bytes, with no string of
    /// each path (a dictionary of a large site's manifest costs tens of milliseconds more).
    package struct Index: Sendable {
        /// Each line's path hash.
        package let hashes: [UInt64]
        /// Line + 1 in the slot its hash leads to (or the next free one); 0 for a free slot.
        fileprivate let slots: [Int32]

        fileprivate func firstSlot(of hash: UInt64) -> Int { Int(truncatingIfNeeded: hash) & (slots.count - 1) }
    }

    /// The index of this manifest's lines. Should a path be listed twice, the later line is found.
    package func makeIndex() -> Index {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(lines.count)
        var capacity = 16
        while capacity < lines.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        bytes.withUnsafeBufferPointer { buffer in
            for (line, (_, path)) in lines.enumerated() {
                var hasher = StableHasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[path])))
                let hash = hasher.value
                hashes.append(hash)
                var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if hashes[other] == hash, samePath(other, buffer[path]) { break }
                    slot = (slot + 1) & (capacity - 1)
                }
                slots[slot] = Int32(line + 1)
            }
        }
        return Index(hashes: hashes, slots: slots)
    }

    /// The line of `path`, found by `index` (this manifest's).
    package func line(of path: String, in index: Index) -> Int? {
        let hash = StableHasher.hash(path)
        var slot = index.firstSlot(of: hash)
        var path = path
        return path.withUTF8 { wanted in
            while index.slots[slot] != 0 {
                let line = Int(index.slots[slot]) - 1
                if index.hashes[line] == hash, samePath(line, wanted) { return line }
                slot = (slot + 1) & (index.slots.count - 1)
            }
            return nil
        }
    }

    private func samePath<Bytes: Collection>(_ line: Int, _ path: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes[lines[line].path].elementsEqual(path)
    }

    /// A folder the files are in: its path in the manifest's bytes (up to a file's last "/"; empty
    /// for the output folder itself), and a hash of that path (`FolderStamps`' key).
    package struct Folder {
        package var path: Range<Int>
        package var key: UInt64
    }

    /// The folders the files are in, each once, and the position among them of each line's folder.
    package func folders() -> (folders: [Folder], ofLine: [Int]) {
        var folders: [Folder] = []
        var positions: [UInt64: Int] = [:]
        var ofLine = [Int](repeating: 0, count: lines.count)
        // Most pages have a folder of their own: grown from empty, these would be copied many times over.
        folders.reserveCapacity(lines.count / 2)
        positions.reserveCapacity(lines.count / 2)
        bytes.withUnsafeBufferPointer { buffer in
            for (line, (_, path)) in lines.enumerated() {
                var end = path.upperBound
                while end > path.lowerBound && buffer[end - 1] != UInt8(ascii: "/") { end -= 1 }
                let folder = path.lowerBound..<max(path.lowerBound, end - 1)
                let name = UnsafeBufferPointer(rebasing: buffer[folder])
                var hasher = StableHasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(name))
                var position = positions[hasher.value] ?? folders.count
                if position < folders.count, folders[position].path.count != folder.count
                    || memcmp(buffer.baseAddress! + folders[position].path.lowerBound, buffer.baseAddress! + folder.lowerBound, folder.count) != 0 {
                    // Two folders with one hash: this one goes without a key, and so without a stamp.
                    position = folders.count
                    folders.append(Folder(path: folder, key: 0))
                } else if position == folders.count {
                    positions[hasher.value] = position
                    folders.append(Folder(path: folder, key: hasher.value))
                }
                ofLine[line] = position
            }
        }
        return (folders, ofLine)
    }

    /// `folders` (of `folders()`, with `folderOfLine`) with their stamps and the names of their
    /// files in order, as `CompleteFolders`: a folder without a stamp is pending. Nil when a
    /// folder has no key, too many have no stamp, or the manifest was not read from the cache.
    package func completeFolders(_ folders: [Folder], ofLine folderOfLine: [Int], stamps: [FolderStamp?]) -> CompleteFolders? {
        guard let identity, folders.allSatisfy({ $0.key != 0 }),
              stamps.lazy.filter({ $0 == nil }).count <= CompleteFolders.pendingLimit else { return nil }
        var names = [FileNames](repeating: FileNames(), count: folders.count)
        var complete = CompleteFolders(manifest: identity, fileCount: count)
        bytes.withUnsafeBytes { buffer in
            for (line, (_, path)) in lines.enumerated() {
                // The name is what follows the folder's path and its "/".
                let folderLength = folders[folderOfLine[line]].path.count
                let start = folderLength == 0 ? path.lowerBound : path.lowerBound + folderLength + 1
                names[folderOfLine[line]].add(bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<path.upperBound]))
            }
            // In the paths' order, not the lines': each look then finds the folders above a folder
            // where the look before it left them (at 109,500 entries, about a quarter less time).
            let inPathOrder = folders.indices.sorted { first, second in
                let (a, b) = (folders[first].path, folders[second].path)
                let order = memcmp(buffer.baseAddress! + a.lowerBound, buffer.baseAddress! + b.lowerBound, min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
            for position in inPathOrder {
                complete.append(path: UnsafeRawBufferPointer(rebasing: buffer[folders[position].path]), stamp: stamps[position],
                                names: names[position])
            }
        }
        return complete
    }

    /// The last part of an output path.
    package static func name(ofPath path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `body` given the manifest's bytes at `range` as a NUL-terminated C string; nil when they
    /// are too long to be a path.
    func withCString<Result>(_ range: Range<Int>, _ body: (UnsafePointer<CChar>) -> Result) -> Result? {
        guard range.count < 4096 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: range.count + 1) { target in
            bytes.withUnsafeBufferPointer { source in
                UnsafeMutableRawPointer(target.baseAddress!).copyMemory(from: source.baseAddress! + range.lowerBound, byteCount: range.count)
            }
            target[range.count] = 0
            return body(target.baseAddress!)
        }
    }

    /// The lines (looked at on every core) whose file `exists` says is gone, given each line and
    /// its path, leaving out those `skip` vouches for.
    func missingLines(onEveryCore: Bool = true, exists: @Sendable (_ line: Int, _ path: UnsafePointer<CChar>) -> Bool,
                      skipping skip: @Sendable (Int) -> Bool) -> [Int] {
        let batches = stride(from: 0, to: lines.count, by: 512).map { $0..<min(lines.count, $0 + 512) }
        let missing = ParallelMap.map(batches, chunkSize: 1, onEveryCore: onEveryCore) { batch -> [Int] in
            batch.filter { line in !skip(line) && withCString(lines[line].path, { exists(line, $0) }) != true }
        }
        return Array(missing.joined())
    }
}

/// How a build's manifest differs from the last build's: the files it wrote or offered again
/// (output path → fingerprint), and those it removed. Every other file is as the last build left it.
package struct ManifestChanges {
    package var set: [String: String]
    package var removed: [String]

    /// The last build's manifest with these changes made to it.
    package func applied(to last: [String: String]) -> [String: String] {
        var manifest = last
        for (path, fingerprint) in set { manifest[path] = fingerprint }
        for path in removed { manifest[path] = nil }
        return manifest
    }
}
