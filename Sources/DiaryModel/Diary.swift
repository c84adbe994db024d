/// A whole diary read from disk: its configuration and its entries in diary order.
public struct Diary: Sendable {
    public var config: DiaryConfig
    /// Sorted by moment, then by file path.
    public var entries: [Entry]
    /// Configured emotions in order, then emotions met only in entries, by id.
    public var emotions: [Emotion]

    public init(config: DiaryConfig, entries: [Entry], emotions: [Emotion]) {
        self.config = config
        self.entries = entries
        self.emotions = emotions
    }

    /// The days that have at least one entry, oldest first.
    public var days: [Day] {
        var seen = Set<Day>()
        return entries.compactMap { seen.insert($0.day).inserted ? $0.day : nil }.sorted()
    }

    public var images: [EntryImage] { entries.flatMap(\.images) }
}
