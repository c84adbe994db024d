/// The key files' part of an incremental update (`SearchIndexUpdate`): applies `KeyChanges` to
/// the keys' values and lays the keys out again as `SearchIndexBuilder` would for the whole diary.
///
/// A changed key's value is read from the file the last build put it in, changed, and written
/// back. The new sizes then decide again which keys are heavy and how many shards there are
/// (`SearchIndexLimits`), from the sizes the state keeps of every key that could be heavy. A key
/// that stops being heavy moves into its shard, one that becomes heavy leaves its shard, and
/// heavy files are numbered again in the keys' order (file `n` holds the `n`th heavy key), so
/// every heavy file from the first key that came or went to the last is written anew, with its
/// value read from its old file. When the shard count changes, every shard is read and the keys
/// are dealt into the new shards. Only the files whose bytes change are handed back.
struct KeyFilesUpdate {
    /// A file disagrees with the state (missing, damaged, or not holding the keys and sizes the
    /// state says): only a full build gives the right index.
    struct Mismatch: Error {}

    /// The key files' part of the update's result.
    struct Outcome {
        /// The key files whose bytes change: path under the site → bytes.
        var files: [String: [UInt8]]
        var shardCount: Int
        /// What the shards hold in all (`SearchIndexState.lightBytes`).
        var lightBytes: Int
        var heavy: [SearchIndexState.KeySize]
        var nearlyHeavy: [SearchIndexState.KeySize]
    }

    /// A key's value before and after the update (nil where it has none).
    typealias Values = (old: [UInt8]?, new: [UInt8]?)

    /// The state of the index as the last build left it.
    let previous: SearchIndexState
    /// One of the index's files as the last build wrote it, nil when missing or changed since.
    let loadFile: (String) -> [UInt8]?
    /// The files read so far, by path: their bytes and their keys' values.
    private var loaded: [String: (bytes: [UInt8], values: [TokenKey: [UInt8]])] = [:]
    /// The heavy keys before the update → their file numbers.
    private let oldHeavy: [TokenKey: Int]

    init(previous: SearchIndexState, loadFile: @escaping (String) -> [UInt8]?) {
        self.previous = previous
        self.loadFile = loadFile
        oldHeavy = Self.numbers(of: previous.heavy)
    }

    /// The changed key files and the layout the keys' new sizes give.
    mutating func apply(_ changes: KeyChanges) throws(Mismatch) -> Outcome {
        let limits = previous.limits
        // The size of every key that could be heavy, before and then after the changes.
        var sizes: [TokenKey: Int] = [:]
        for item in previous.heavy + previous.nearlyHeavy { sizes[TokenKey(item.key)] = item.bytes }

        // Every key whose value or place changes, with its value before and after.
        var moving: [TokenKey: Values] = [:]
        for gram in changes.keys {
            let key = TokenKey(gram.string)
            let oldValue = try values(at: oldPath(of: key))[key]
            if let size = sizes[key], size != oldValue?.count { throw Mismatch() }
            let newValue = try changes.value(of: gram, from: oldValue)
            moving[key] = (oldValue, newValue)
            sizes[key] = newValue?.count
        }
        let (heavy, nearlyHeavy) = limits.heavyKeys(among: sizes.map { SearchIndexState.KeySize(key: $0.key.text, bytes: $0.value) })
        let newHeavy = Self.numbers(of: heavy)
        let cameOrWent = newHeavy.keys.filter { oldHeavy[$0] == nil } + oldHeavy.keys.filter { newHeavy[$0] == nil }
        for key in cameOrWent where moving[key] == nil {
            guard let value = try values(at: oldPath(of: key))[key], value.count == sizes[key] else { throw Mismatch() }
            moving[key] = (value, value)
        }

        var lightBytes = previous.lightBytes
        for (key, value) in moving {
            if oldHeavy[key] == nil, let old = value.old { lightBytes -= SearchIndexLimits.lightBytes(key: key.text, valueBytes: old.count) }
            if newHeavy[key] == nil, let new = value.new { lightBytes += SearchIndexLimits.lightBytes(key: key.text, valueBytes: new.count) }
        }
        let shardCount = limits.shardCount(lightBytes: lightBytes)

        var files = try shardFiles(shardCount: shardCount, moving: moving, newHeavy: newHeavy)
        files.merge(try heavyFiles(heavy, moving: moving)) { shard, _ in shard }
        return Outcome(files: files, shardCount: shardCount, lightBytes: lightBytes, heavy: heavy, nearlyHeavy: nearlyHeavy)
    }

    /// The shard files whose bytes change: those that hold (or held) a light key in `moving`,
    /// or all of them when the shard count changes.
    private mutating func shardFiles(shardCount: Int, moving: [TokenKey: Values], newHeavy: [TokenKey: Int])
        throws(Mismatch) -> [String: [UInt8]] {
        let sameCount = shardCount == previous.shardCount
        let lightKeys = moving.keys.filter { oldHeavy[$0] == nil || newHeavy[$0] == nil }
        let sources = sameCount
            ? Set(lightKeys.map { SearchIndexLayout.shard(of: $0.text, shardCount: shardCount) }).sorted()
            : Array(0..<previous.shardCount)
        var shards: [Int: [KeyFile.Item]] = [:]
        for number in sources {
            for (key, value) in try values(at: SearchIndexLayout.shardPath(number)) where moving[key] == nil {
                shards[SearchIndexLayout.shard(of: key.text, shardCount: shardCount), default: []].append((key.text, value))
            }
        }
        for (key, value) in moving where newHeavy[key] == nil {
            guard let new = value.new else { continue }
            shards[SearchIndexLayout.shard(of: key.text, shardCount: shardCount), default: []].append((key.text, new))
        }
        var files: [String: [UInt8]] = [:]
        for number in sameCount ? sources : Array(0..<shardCount) {
            let path = SearchIndexLayout.shardPath(number)
            let bytes = KeyFile.encode((shards[number] ?? []).sorted { UTF8Order.precedes($0.key, $1.key) })
            if bytes != loaded[path]?.bytes { files[path] = bytes }
        }
        return files
    }

    /// The heavy files whose bytes change: those of keys that changed, came, or were numbered again.
    private mutating func heavyFiles(_ heavy: [SearchIndexState.KeySize], moving: [TokenKey: Values])
        throws(Mismatch) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for (number, item) in heavy.enumerated() {
            let key = TokenKey(item.key)
            let oldNumber = oldHeavy[key]
            // A heavy key keeps its file, and the file its bytes, unless it changed or was numbered again.
            guard oldNumber != number || moving[key] != nil else { continue }
            let value: [UInt8]
            if let changed = moving[key] {
                guard let new = changed.new else { throw Mismatch() }
                value = new
            } else {
                guard let oldNumber, let old = try values(at: SearchIndexLayout.heavyKeyPath(oldNumber))[key], old.count == item.bytes else {
                    throw Mismatch()
                }
                value = old
            }
            let path = SearchIndexLayout.heavyKeyPath(number)
            let bytes = KeyFile.encode([(item.key, value)])
            // A file numbered again held another key: its bytes change.
            if oldNumber != number || bytes != loaded[path]?.bytes { files[path] = bytes }
        }
        return files
    }

    // MARK: - Reading

    /// The file a key was in: its own when it was heavy, else its shard.
    private func oldPath(of key: TokenKey) -> String {
        if let number = oldHeavy[key] { return SearchIndexLayout.heavyKeyPath(number) }
        return SearchIndexLayout.shardPath(SearchIndexLayout.shard(of: key.text, shardCount: previous.shardCount))
    }

    /// The keys and values of a file as the last build wrote it, read once.
    private mutating func values(at path: String) throws(Mismatch) -> [TokenKey: [UInt8]] {
        if let file = loaded[path] { return file.values }
        guard let bytes = loadFile(path), let items = KeyFile.decode(bytes) else { throw Mismatch() }
        var values = [TokenKey: [UInt8]](minimumCapacity: items.count)
        for item in items { values[TokenKey(item.key)] = item.value }
        loaded[path] = (bytes, values)
        return values
    }

    /// Heavy keys in file order → their file numbers.
    private static func numbers(of heavy: [SearchIndexState.KeySize]) -> [TokenKey: Int] {
        Dictionary(heavy.enumerated().map { (TokenKey($0.element.key), $0.offset) }, uniquingKeysWith: { first, _ in first })
    }
}
