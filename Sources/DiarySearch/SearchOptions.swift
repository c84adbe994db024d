/// How results are ordered: by score (`RankWeights`), newest first among equals; or newest first.
public enum SearchOrder: String, CaseIterable, Sendable {
    case rank, date
}

/// What `daybook search` asks of a search besides its query: filters of its own flags, an order
/// and a limit.
public struct SearchOptions: Sendable {
    public var order: SearchOrder
    /// Tags that must all be the entry's (by name; compared by slug, as `#tag` is).
    public var tags: [String]
    /// Emotions (id, label or alias) that must all be among the entry's.
    public var emotions: [String]
    /// Days (`YYYY-MM-DD`, both ends included) the entry must be written in.
    public var dates: ClosedRange<String>?
    /// At most this many results.
    public var limit: Int?

    public init(order: SearchOrder = .rank, tags: [String] = [], emotions: [String] = [], dates: ClosedRange<String>? = nil,
                limit: Int? = nil) {
        self.order = order
        self.tags = tags
        self.emotions = emotions
        self.dates = dates
        self.limit = limit
    }
}
