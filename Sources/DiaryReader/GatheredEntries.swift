import BuildSupport
import DiaryModel

/// The diary's entries out of each file's reading, in the listing's order, with what reading
/// them found wrong: a file that could not be read, each reading's own problems, and two
/// entries with one id (the second is left out).
struct GatheredEntries {
    var entries: [Entry] = []
    var diagnostics: [Diagnostic] = []
    /// Emotion names the configuration does not know, by id, each as first written.
    var unknownEmotions: [String: String] = [:]
    /// The pictures named by files that gave no entry (`ParsedEntry.picturesWithoutEntry`).
    var picturesWithoutEntry: [PictureUse] = []

    /// Gathers the entries of `readings` (of the files at `paths`), drafts only with
    /// `includeDrafts`. At 109,500 entries this is a read of each entry's memory, cache misses
    /// that one core alone waits 50 ms for: runs of readings are gathered on every core, and put
    /// together in order. Ids are told apart by their hashes, which need no string kept per
    /// entry; when two hashes meet, the entries are gathered again one by one, comparing ids.
    static func gather(_ readings: [(EntryCache.Source?, wasParsed: Bool)], paths: [String], includeDrafts: Bool) -> GatheredEntries {
        let runs = stride(from: 0, to: readings.count, by: 1024).map { $0..<min(readings.count, $0 + 1024) }
        let parts = ParallelMap.map(runs, chunkSize: 1) { run -> (part: GatheredEntries, idHashes: [Int]) in
            var part = GatheredEntries()
            var idHashes: [Int] = []
            idHashes.reserveCapacity(run.count)
            for position in run {
                guard let result = readings[position].0?.parsed else {
                    part.diagnostics.append(unreadable(paths[position]))
                    continue
                }
                part.diagnostics += result.diagnostics
                if let id = result.entryID { idHashes.append(id.hashValue) }
                guard let entry = result.entry else {
                    part.picturesWithoutEntry += result.picturesWithoutEntry
                    continue
                }
                guard includeDrafts || !entry.isDraft else { continue }
                part.entries.append(entry)
                part.noteUnknownEmotions(result.unknownEmotions)
            }
            return (part, idHashes)
        }
        var seen = Set<Int>(minimumCapacity: readings.count)
        for (_, idHashes) in parts {
            for hash in idHashes where !seen.insert(hash).inserted {
                return oneByOne(readings, paths: paths, includeDrafts: includeDrafts)
            }
        }
        var gathered = GatheredEntries()
        gathered.entries.reserveCapacity(parts.reduce(0) { $0 + $1.part.entries.count })
        for (part, _) in parts {
            gathered.entries += part.entries
            gathered.diagnostics += part.diagnostics
            gathered.picturesWithoutEntry += part.picturesWithoutEntry
            gathered.noteUnknownEmotions(part.unknownEmotions)
        }
        return gathered
    }

    /// The same, one reading after another, keeping each id's file once two id hashes met. A file
    /// whose entry has errors still holds its id: the second file with it is the one reported.
    private static func oneByOne(_ readings: [(EntryCache.Source?, wasParsed: Bool)], paths: [String], includeDrafts: Bool) -> GatheredEntries {
        var gathered = GatheredEntries()
        var idHashes = Set<Int>(minimumCapacity: readings.count)
        var ownerOfID: [String: String]?
        for position in readings.indices {
            guard let result = readings[position].0?.parsed else {
                gathered.diagnostics.append(unreadable(paths[position]))
                continue
            }
            gathered.diagnostics += result.diagnostics
            var isTaken = false
            if let id = result.entryID {
                if !idHashes.insert(id.hashValue).inserted, ownerOfID == nil {
                    ownerOfID = owners(of: readings[..<position], paths: paths)
                }
                if let other = ownerOfID?[id] {
                    isTaken = true
                    gathered.diagnostics.append(.error(at: SourceLocation(path: paths[position]),
                                                       "the entry id '\(id)' is also the id of \(SourceLocation(path: other)); rename one of the two files"))
                } else if ownerOfID != nil {
                    ownerOfID?[id] = paths[position]
                }
            }
            guard let entry = result.entry else {
                gathered.picturesWithoutEntry += result.picturesWithoutEntry
                continue
            }
            guard !isTaken, includeDrafts || !entry.isDraft else { continue }
            gathered.entries.append(entry)
            gathered.noteUnknownEmotions(result.unknownEmotions)
        }
        return gathered
    }

    private mutating func noteUnknownEmotions(_ names: [String: String]) {
        for (id, name) in names where unknownEmotions[id] == nil { unknownEmotions[id] = name }
    }

    private static func unreadable(_ path: String) -> Diagnostic {
        .error(at: SourceLocation(path: path), "cannot read this file")
    }

    /// Entry id → the file that holds it, of readings whose ids all differ.
    private static func owners(of readings: ArraySlice<(EntryCache.Source?, wasParsed: Bool)>, paths: [String]) -> [String: String] {
        var owners: [String: String] = [:]
        for position in readings.indices {
            if let id = readings[position].0?.parsed.entryID { owners[id] = paths[position] }
        }
        return owners
    }
}
