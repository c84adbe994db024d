/// One key space's part of an incremental update (`SearchIndexUpdate`): applies `KeyChanges` to
/// the space's keys and lays them out again as `SearchIndexBuilder.writeKeys` would for the
/// whole diary.
///
/// A changed key's value is read from the file the last build put it in, changed, and written
/// back. The new sizes then decide again which keys are heavy and how many shards there are
/// (`SearchIndexLimits`), from the sizes the state keeps of every key that could be heavy (a light
/// key that did not change is no bigger than `heavyKeyBytes`, or the state lists it as nearly
/// heavy). A key that stops being heavy moves into its shard, one that becomes heavy leaves its
/// shard; the other heavy keys keep their files (`SearchIndexLayout.heavyFileNumbers`), but for
/// the rare key whose number another key with the same hash now takes: its value is read from its
/// old file and written into its new one. When the shard count changes, every shard is read and
/// the keys are dealt into the new shards. Only the files whose bytes change are handed back;
/// files past the new counts are simply no longer part of the index.
struct KeyFilesUpdate {
    /// A file disagrees with the state (missing, damaged, or not holding the keys and sizes the
    /// state says): only a full build gives the right index.
    struct Mismatch: Error {}

    /// The space's part of the update's result.
    struct Outcome {
        /// The space's files whose bytes change: path under the site → bytes.
        var files: [String: [UInt8]]
        /// The layout the keys' new sizes give.
        var layout: SearchIndexState.KeySpaceState
    }

    /// A key's value before and after the update (nil where it has none).
    typealias Values = (old: [UInt8]?, new: [UInt8]?)

    let space: SearchIndexLayout.KeySpace
    /// The space's layout as the last build left it.
    let previous: SearchIndexState.KeySpaceState
    /// The thresholds the last build laid the keys out by, which the update keeps.
    let limits: SearchIndexLimits
    /// One of the index's files as the last build wrote it, nil when missing or changed since.
    let loadFile: (String) -> [UInt8]?
    /// The files read so far, by path: their bytes and their keys' values.
    private var loaded: [String: (bytes: [UInt8], values: [TokenKey: [UInt8]])] = [:]
    /// The heavy keys before the update → their file numbers.
    private let oldHeavy: [TokenKey: Int]

    init(space: SearchIndexLayout.KeySpace, previous: SearchIndexState.KeySpaceState, limits: SearchIndexLimits,
         loadFile: @escaping (String) -> [UInt8]?) {
        self.space = space
        self.previous = previous
        self.limits = limits
        self.loadFile = loadFile
        oldHeavy = Self.numbers(of: previous.heavy)
    }

    /// The space's changed files and the layout the keys' new sizes give.
    mutating func apply(_ changes: KeyChanges) throws(Mismatch) -> Outcome {
        let grams = changes.keys(in: space)
        return try apply(changedKeys: grams.map(\.string)) { (index, oldValue) throws(Mismatch) in
            try changes.value(of: grams[index], from: oldValue)
        }
    }

    /// The space's changed files and the layout the keys' new sizes give, when the keys
    /// `changedKeys` may change: `value` gives key `n`'s new value (nil: none) from its old one.
    mutating func apply(changedKeys: [String], value: (Int, [UInt8]?) throws(Mismatch) -> [UInt8]?) throws(Mismatch) -> Outcome {
        // The size of every key that could be heavy, before and then after the changes.
        var sizes: [TokenKey: Int] = [:]
        for item in previous.heavy + previous.nearlyHeavy { sizes[TokenKey(item.key)] = item.bytes }

        // Every key whose value or place changes, with its value before and after.
        var moving: [TokenKey: Values] = [:]
        for (index, text) in changedKeys.enumerated() {
            let key = TokenKey(text)
            let oldValue = try values(at: oldPath(of: key))[key]
            let oldSize = oldValue?.count ?? 0
            guard sizes[key] == oldValue?.count || (sizes[key] == nil && oldSize <= limits.heavyKeyBytes) else { throw Mismatch() }
            let newValue = try value(index, oldValue)
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
        files.merge(try heavyFiles(heavy, numbers: newHeavy, moving: moving)) { shard, _ in shard }
        return Outcome(files: files, layout: SearchIndexState.KeySpaceState(shardCount: shardCount, lightBytes: lightBytes,
                                                                            heavy: heavy, nearlyHeavy: nearlyHeavy))
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
            for (key, value) in try values(at: space.shardPath(number)) where moving[key] == nil {
                shards[SearchIndexLayout.shard(of: key.text, shardCount: shardCount), default: []].append((key.text, value))
            }
        }
        for (key, value) in moving where newHeavy[key] == nil {
            guard let new = value.new else { continue }
            shards[SearchIndexLayout.shard(of: key.text, shardCount: shardCount), default: []].append((key.text, new))
        }
        var files: [String: [UInt8]] = [:]
        for number in sameCount ? sources : Array(0..<shardCount) {
            let path = space.shardPath(number)
            let bytes = KeyFile.encode((shards[number] ?? []).sorted { UTF8Order.precedes($0.key, $1.key) })
            if bytes != loaded[path]?.bytes { files[path] = bytes }
        }
        return files
    }

    /// The heavy files whose bytes change: those of keys that changed, came, or were numbered again.
    private mutating func heavyFiles(_ heavy: [SearchIndexState.KeySize], numbers: [TokenKey: Int], moving: [TokenKey: Values])
        throws(Mismatch) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for item in heavy {
            let key = TokenKey(item.key)
            let number = numbers[key]!
            let oldNumber = oldHeavy[key]
            // A heavy key keeps its file, and the file its bytes, unless it changed or was numbered again.
            guard oldNumber != number || moving[key] != nil else { continue }
            let value: [UInt8]
            if let changed = moving[key] {
                guard let new = changed.new else { throw Mismatch() }
                value = new
            } else {
                guard let oldNumber, let old = try values(at: space.heavyKeyPath(oldNumber))[key], old.count == item.bytes else {
                    throw Mismatch()
                }
                value = old
            }
            let path = space.heavyKeyPath(number)
            let bytes = KeyFile.encode([(item.key, value)])
            // A file numbered again held another key: its bytes change.
            if oldNumber != number || bytes != loaded[path]?.bytes { files[path] = bytes }
        }
        return files
    }

    // MARK: - Reading

    /// The file a key was in: its own when it was heavy, else its shard.
    private func oldPath(of key: TokenKey) -> String {
        if let number = oldHeavy[key] { return space.heavyKeyPath(number) }
        return space.shardPath(SearchIndexLayout.shard(of: key.text, shardCount: previous.shardCount))
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

    /// Heavy keys (in UTF-8 order) → their file numbers.
    private static func numbers(of heavy: [SearchIndexState.KeySize]) -> [TokenKey: Int] {
        Dictionary(zip(heavy.map { TokenKey($0.key) }, SearchIndexLayout.heavyFileNumbers(of: heavy)), uniquingKeysWith: { first, _ in first })
    }
}
