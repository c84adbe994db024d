import BuildSupport
import DiaryModel

/// What an incremental update of the search index needs to know about the index a build wrote,
/// besides the index's own files: each entry's identity, version, record size and the part of
/// its searchable text its record does not show, and the layout decisions (chunk size, and per key
/// space its shard count and heavy keys) with the limits and sizes they were made from. Kept by
/// the site builder between builds, behind its cache's header (which versions this layout);
/// `init?(reading:)` refuses anything damaged, which only means a full build. The index it
/// describes is versioned by `context`, which the caller hashes with the index's format.
public struct SearchIndexState: Sendable, BinaryRecord {
    /// The caller's hash of everything besides the entries that the index is made from
    /// (configuration, emotions, base URL): an update needs the same.
    public internal(set) var context: UInt64
    /// Per entry in diary order: the caller's hash of everything about it the index shows.
    public internal(set) var entryVersions: [UInt64]
    /// Per entry: which entry it is (`identity(of:)`), so that numbering changes are seen.
    var entryIdentities: [UInt64]
    /// Per entry: the size of its record in its chunk file.
    var recordBytes: [Int]
    /// Every entry's `SearchDocument.extraText` (footnotes, front-matter picture texts, `search.fields` values), entry after
    /// entry: with its record, what gives the tokens it had.
    var extraText: [UInt8]
    /// Per entry: where its extra text ends in `extraText`.
    var extraEnds: [Int]
    var chunkEntries: Int
    /// The reference length the weights were made with (`RankWeights.pivot`): an update needs the same.
    var pivot: Int
    /// The thresholds both key spaces were laid out by: an update must lay them out by the same.
    var limits: SearchIndexLimits
    /// The layout of the ordinary keys (`SearchIndexLayout.KeySpace.words`).
    var words: KeySpaceState
    /// The layout of the initials keys (`SearchIndexLayout.KeySpace.initials`).
    var initials: KeySpaceState
    /// The layout of the phrases' keys (`SearchIndexLayout.KeySpace.positions`).
    var positions: KeySpaceState

    /// A key and the size of its value in bytes.
    struct KeySize: Sendable, Equatable {
        var key: String
        var bytes: Int
    }

    /// How the keys of one space are laid out in files, and the sizes that decided it.
    struct KeySpaceState: Sendable, Equatable {
        var shardCount: Int
        /// What the shards hold in all, as `SearchIndexBuilder` counts it to pick the shard count.
        var lightBytes: Int
        /// The heavy keys in UTF-8 order (their files: `SearchIndexLayout.heavyFileNumbers`) with their value sizes.
        var heavy: [KeySize]
        /// Light keys whose value is bigger than `limits.heavyKeyBytes` (there are such only when
        /// `limits.maxHeavyKeys` keys are heavy): the next in line to become heavy.
        var nearlyHeavy: [KeySize]
    }

    /// The layout of `space`'s keys.
    subscript(space: SearchIndexLayout.KeySpace) -> KeySpaceState {
        get {
            switch space {
            case .words: return words
            case .initials: return initials
            case .positions: return positions
            }
        }
        set {
            switch space {
            case .words: words = newValue
            case .initials: initials = newValue
            case .positions: positions = newValue
            }
        }
    }

    /// Which entry an entry is, whatever its content: its id and source file.
    static func identity(of entry: Entry) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(entry.id)
        hasher.combine(entry.sourcePath)
        return hasher.value
    }

    /// The extra text of entry `number`.
    func extraText(ofEntry number: Int) -> String {
        String(decoding: extraText[(number == 0 ? 0 : extraEnds[number - 1])..<extraEnds[number]], as: UTF8.self)
    }

    // MARK: - Bytes

    /// The numbers per entry, each column in one copy (the same bytes as number by number: at
    /// 109,500 entries, a number at a time was most of the time saving the state after an edit),
    /// then the extra texts, the limits and each key space's layout.
    public func write(into writer: inout BinaryWriter) {
        writer.write(context)
        writer.write(entryVersions.count)
        writer.write(numbers: entryVersions)
        writer.write(numbers: entryIdentities)
        writer.write(ints: recordBytes)
        writer.write(ints: extraEnds)
        writer.write(rawBytes: extraText)
        writer.write(chunkEntries)
        writer.write(pivot)
        for limit in [limits.targetShardBytes, limits.heavyKeyBytes, limits.maxHeavyKeys] { writer.write(limit) }
        for space in SearchIndexLayout.KeySpace.allCases {
            writer.write(self[space].shardCount)
            writer.write(self[space].lightBytes)
            for list in [self[space].heavy, self[space].nearlyHeavy] {
                writer.write(list.count)
                for item in list {
                    writer.write(item.key)
                    writer.write(item.bytes)
                }
            }
        }
    }

    /// Reads what `write(into:)` wrote; nil when it is damaged.
    public init?(reading reader: inout BinaryReader) {
        guard let context = reader.uint64(), let count = reader.int(), count >= 0, count <= reader.remainingCount / 32,
              let entryVersions = reader.numbers(count: count, as: UInt64.self),
              let entryIdentities = reader.numbers(count: count, as: UInt64.self),
              let recordBytes = reader.ints(count: count), let extraEnds = reader.ints(count: count),
              let extraText = reader.rawBytes(), let chunkEntries = reader.int(), chunkEntries > 0, let pivot = reader.int(), pivot > 0,
              let targetShardBytes = reader.int(), let heavyKeyBytes = reader.int(), let maxHeavyKeys = reader.int(),
              targetShardBytes > 0, heavyKeyBytes >= 0, maxHeavyKeys >= 0 else { return nil }
        var spaces: [KeySpaceState] = []
        for _ in SearchIndexLayout.KeySpace.allCases {
            guard let shardCount = reader.int(), let lightBytes = reader.int(), shardCount > 0 else { return nil }
            var lists: [[KeySize]] = []
            for _ in 0..<2 {
                guard let listCount = reader.int(), listCount >= 0, listCount <= reader.remainingCount else { return nil }
                var list: [KeySize] = []
                for _ in 0..<listCount {
                    guard let key = reader.string(), let size = reader.int() else { return nil }
                    list.append(KeySize(key: key, bytes: size))
                }
                lists.append(list)
            }
            spaces.append(KeySpaceState(shardCount: shardCount, lightBytes: lightBytes, heavy: lists[0], nearlyHeavy: lists[1]))
        }
        // Ends must rise within the text, or slicing an entry's text would go wrong.
        var previousEnd = 0
        for end in extraEnds {
            guard end >= previousEnd, end <= extraText.count else { return nil }
            previousEnd = end
        }
        guard previousEnd == extraText.count else { return nil }
        self.context = context
        self.entryVersions = entryVersions
        self.entryIdentities = entryIdentities
        self.recordBytes = recordBytes
        self.extraEnds = extraEnds
        self.extraText = extraText
        self.chunkEntries = chunkEntries
        self.pivot = pivot
        limits = SearchIndexLimits(targetShardBytes: targetShardBytes, heavyKeyBytes: heavyKeyBytes, maxHeavyKeys: maxHeavyKeys)
        words = spaces[0]
        initials = spaces[1]
        positions = spaces[2]
    }

    init(context: UInt64, entryVersions: [UInt64], entryIdentities: [UInt64], recordBytes: [Int], extraText: [UInt8],
         extraEnds: [Int], chunkEntries: Int, pivot: Int, limits: SearchIndexLimits, words: KeySpaceState, initials: KeySpaceState,
         positions: KeySpaceState) {
        self.context = context
        self.entryVersions = entryVersions
        self.entryIdentities = entryIdentities
        self.recordBytes = recordBytes
        self.extraText = extraText
        self.extraEnds = extraEnds
        self.chunkEntries = chunkEntries
        self.pivot = pivot
        self.limits = limits
        self.words = words
        self.initials = initials
        self.positions = positions
    }
}
