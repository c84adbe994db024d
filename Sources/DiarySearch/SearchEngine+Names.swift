import DiaryModel

extension SearchEngine {
    /// The id of the emotion `name` stands for (its id, label or an alias, ignoring case), among
    /// the index's emotions: the configured ones and any an entry gave itself; nil for none.
    public func emotionID(named name: String) -> String? {
        SearchQuery.emotionID(named: name, among: emotions)
    }

    /// Whether an entry of the index has the tag `name`, compared by slug as `--tag` and `#tag` are.
    public func hasTag(_ name: String) throws -> Bool {
        let slug = Slug.make(from: name)
        guard !slug.isEmpty else { return false }
        return try !entryNumbers(matching: "", options: SearchOptions(tags: [slug])).isEmpty
    }
}
