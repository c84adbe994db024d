/// One entry that matches a query, as `daybook search` prints it.
public struct SearchResult: Codable, Equatable, Sendable {
    /// The entry's id (`YYYY-MM-DD-<slug>`).
    public var id: String
    /// The entry page's URL, starting with the site's `base_url`.
    public var url: String
    /// The entry's title.
    public var title: String
    /// The entry's local date and time, `YYYY-MM-DD HH:MM`.
    public var date: String
    /// The entry's primary emotion id.
    public var emotion: String
    /// The entry's Markdown file, relative to the diary root.
    public var path: String

    /// A result with every field given.
    public init(id: String, url: String, title: String, date: String, emotion: String, path: String) {
        self.id = id
        self.url = url
        self.title = title
        self.date = date
        self.emotion = emotion
        self.path = path
    }

    /// `YYYY-MM-DD HH:MM  <emotion id>  <title>  <source path>`, one line of `daybook search`.
    public var line: String { "\(date)  \(emotion)  \(title)  \(path)" }
}
