import BuildSupport
import DiaryIndex
import DiaryModel
import Foundation
import SiteOutput
import SitePages

/// Hashes an entry's fields (`ShownEntry`) into its version: what each field shows is built
/// from what is hashed here and from site-wide values (`base_url`, emotions, tags), which
/// `PageSignatures` hashes apart. Cheaper than building the values: no template value, no URL.
struct EntryVersion: EntryFields {
    /// The published pictures, by picture id.
    let pictures: PublishedPictures
    var hasher = StableHasher()

    init(pictures: PublishedPictures) {
        self.pictures = pictures
    }

    /// An entry's two versions: of everything pages show of it (`full`, the entry in full with
    /// its card), and of what its card shows (`card`): an edit deep in its text changes the first
    /// only, and pages that show the entry as a card need not be rendered again.
    struct Pair: Sendable, Equatable {
        var full: UInt64
        var card: UInt64
    }

    static func of(_ entry: Entry, pictures: PublishedPictures) -> Pair {
        var version = EntryVersion(pictures: pictures)
        ShownEntry.card(entry, into: &version)
        let card = version.hasher.value
        ShownEntry.fullEntry(entry, into: &version)
        return Pair(full: version.hasher.value, card: card)
    }

    mutating func text(_ key: String, _ value: String) {
        hasher.combine(key)
        hasher.combine(value)
    }

    mutating func flag(_ key: String, _ value: Bool) {
        hasher.combine(key)
        hasher.combine(value)
    }

    mutating func date(_ key: String, _ instant: Date) {
        hasher.combine(key)
        hasher.combine(instant.timeIntervalSince1970.bitPattern)
    }

    mutating func url(_ key: String, _ place: URLMap.Place) {
        hasher.combine(key)
        // What the entry's own URLs are made of, without making them.
        switch place {
        case .entry(let entry):
            combine(entry.day)
            hasher.combine(entry.slug)
        case .day(let day):
            combine(day)
        default:
            hasher.combine(URLMap.path(of: place))
        }
    }

    mutating func excerpt(_ key: String, of text: [UInt8]) {
        // What the excerpt is made from: the text's opening, and whether the text goes on.
        let source = Excerpt.source(ofUTF8: text)
        hasher.combine(key)
        source.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(source.count < text.count)
    }

    mutating func emotion(_ key: String, _ id: String) {
        text(key, id)
    }

    mutating func emotions(_ key: String, _ ids: [String]) {
        hasher.combine(key)
        hasher.combine(ids.count)
        for id in ids { hasher.combine(id) }
    }

    mutating func tags(_ key: String, _ names: [String]) {
        emotions(key, names)
    }

    mutating func pictures(_ key: String, cover coverKey: String, figures figuresKey: String, of entry: Entry) {
        hasher.combine(key)
        hasher.combine(coverKey)
        hasher.combine(figuresKey)
        hasher.combine(entry.images.count)
        // Which pictures the body shows decides each one's `in_body`.
        for picture in entry.body.pictures { hasher.combine(picture.number) }
        for image in entry.images {
            image.combine(into: &hasher)
            hasher.combine(image.number)
            pictures.combine(image.id, into: &hasher)
        }
    }

    mutating func body(_ key: String, of entry: Entry) {
        let body = entry.body
        hasher.combine(key)
        hasher.combine(body.html)
        hasher.combine(body.pictures.count)
        for picture in body.pictures {
            hasher.combine(picture.number)
            hasher.combine(picture.source)
        }
        // The pictures' addresses come from their files' names, hashed with the pictures.
        pictures("body pictures", cover: "", figures: "", of: entry)
    }

    mutating func metadata(_ key: String, _ values: [String: MetadataValue]) {
        hasher.combine(key)
        combine(.map(values))
    }

    private mutating func combine(_ day: Day) {
        hasher.combine(day.year)
        hasher.combine(day.month)
        hasher.combine(day.day)
    }

    private mutating func combine(_ value: MetadataValue) {
        switch value {
        case .string(let text): hasher.combine(1); hasher.combine(text)
        case .int(let number): hasher.combine(2); hasher.combine(number)
        case .double(let number): hasher.combine(3); hasher.combine(number.bitPattern)
        case .bool(let flag): hasher.combine(4); hasher.combine(flag)
        case .null: hasher.combine(5)
        case .list(let items):
            hasher.combine(6)
            hasher.combine(items.count)
            for item in items { combine(item) }
        case .map(let pairs):
            hasher.combine(7)
            hasher.combine(pairs.count)
            for key in pairs.keys.sorted() {
                hasher.combine(key)
                combine(pairs[key]!)
            }
        }
    }
}

/// Entry versions kept in the build cache for the next build, by entry file, each under the
/// stamp of the entry's reading (`Entry.readingStamp`) and a fingerprint of the entry's
/// published pictures: an entry read from the same stamp, showing pictures of the same sizes,
/// has the same version, without hashing its body again.
///
/// Entries go by their source key (a hash of the entry's id and file, `Entry.sourceKey`, worked
/// out when the entry is made), which needs no string of each path in memory or in the cache,
/// nor hashing one on each build. The stamp covers the path as well, so two entries with one
/// key never share a version: one takes the other's place, and its version is worked out.
struct SavedEntryVersions: Sendable, Equatable, CacheRecord {
    static var file: BuildCache.File { .entryVersions }

    struct Saved: Sendable, Equatable {
        var stamp: UInt64
        var pictures: UInt64
        var version: EntryVersion.Pair
    }

    private(set) var byFile: [UInt64: Saved] = [:]

    init() {}

    /// A nil stamp (`Entry.readingStamp`) leaves the entry out.
    init(_ entries: [Entry], versions: [EntryVersion.Pair], pictures: PublishedPictures) {
        byFile.reserveCapacity(entries.count)
        for position in entries.indices {
            set(entries[position], version: versions[position], pictures: pictures)
        }
    }

    /// How many entry files have a version.
    var count: Int { byFile.count }

    /// Keeps `version` for `entry`; an entry without a reading stamp is left out.
    mutating func set(_ entry: Entry, version: EntryVersion.Pair, pictures: PublishedPictures) {
        let key = entry.sourceKey
        guard let stamp = entry.readingStamp else {
            byFile[key] = nil
            return
        }
        byFile[key] = Saved(stamp: stamp, pictures: EntryVersions.fingerprint(of: entry, pictures: pictures), version: version)
    }

    func version(of entry: Entry, pictures: PublishedPictures) -> EntryVersion.Pair? {
        guard let stamp = entry.readingStamp, let saved = byFile[entry.sourceKey], saved.stamp == stamp,
              saved.pictures == EntryVersions.fingerprint(of: entry, pictures: pictures) else { return nil }
        return saved.version
    }

    /// Five numbers a file, written in one copy (as many `write(_:)`s would write them): saved
    /// after every edit, for every entry.
    func write(into writer: inout BinaryWriter) {
        var numbers: [UInt64] = []
        numbers.reserveCapacity(byFile.count * 5)
        for (key, saved) in byFile {
            numbers.append(key)
            numbers.append(saved.stamp)
            numbers.append(saved.pictures)
            numbers.append(saved.version.full)
            numbers.append(saved.version.card)
        }
        writer.reserveCapacity(8 + numbers.count * 8)
        writer.write(byFile.count)
        writer.write(numbers: numbers)
    }

    /// Nil when damaged.
    init?(reading reader: inout BinaryReader) {
        guard let count = reader.int(), count >= 0, count <= reader.remainingCount / 40,
              let numbers = reader.numbers(count: count * 5, as: UInt64.self) else { return nil }
        byFile.reserveCapacity(count)
        for start in stride(from: 0, to: numbers.count, by: 5) {
            byFile[numbers[start]] = Saved(stamp: numbers[start + 1], pictures: numbers[start + 2],
                                           version: EntryVersion.Pair(full: numbers[start + 3], card: numbers[start + 4]))
        }
    }
}
