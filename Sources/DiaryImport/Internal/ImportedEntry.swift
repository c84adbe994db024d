import DiaryModel

/// One entry as an export gives it, before it becomes a file: the same shape for every app.
struct ImportedEntry: Equatable, Sendable {
    /// How the report names it: `2025-10-20 09:30 "Autumn walk"`.
    var label: String
    /// Names the entry in its app across exports (`dayone:5F1B…`), kept in front matter as
    /// `import_id:` so that importing the same export again adds nothing.
    var importID: String
    /// The wall-clock time where it was written, as the app recorded it.
    var local: LocalDateTime
    /// Written as `title:` when the app has a title apart from the text.
    var title: String?
    /// Words to name the file after when there is no `title` (Day One's first line).
    var nameHint: String?
    /// Markdown.
    var body: String
    var tags: [String]
    /// The app's own mood name (Daylio), mapped to an emotion by the import.
    var mood: String?
    /// Front-matter keys kept for templates (`weather`, `location`, `starred`…).
    var extra: [EntryFileText.Field]
    var pictures: [ImportedPicture]
    /// What the report should say about this entry (a picture left out, a timezone guessed).
    var notes: [String]

    init(label: String, importID: String, local: LocalDateTime, title: String? = nil, nameHint: String? = nil,
         body: String, tags: [String] = [], mood: String? = nil, extra: [EntryFileText.Field] = [],
         pictures: [ImportedPicture] = [], notes: [String] = []) {
        self.label = label
        self.importID = importID
        self.local = local
        self.title = title
        self.nameHint = nameHint
        self.body = body
        self.tags = tags
        self.mood = mood
        self.extra = extra
        self.pictures = pictures
        self.notes = notes
    }

    /// `2025-10-20 09:30 "Autumn walk"`, or the date alone.
    static func label(_ local: LocalDateTime, _ words: String?) -> String {
        guard let words = words?.trimmed, !words.isEmpty else { return local.description }
        let short = words.count > 40 ? words.prefix(39) + "…" : Substring(words)
        return "\(local) \"\(short)\""
    }
}

/// A picture of an imported entry, as a file inside the export.
struct ImportedPicture: Equatable, Sendable {
    /// Its path inside the export (`photos/0e2d….jpeg`).
    var source: String
    /// Lower-case, without the dot.
    var fileExtension: String
    /// The text in the body that stands for the picture (`dayone-moment://2A69…`), replaced by the
    /// copied file's name; nil for a picture the body does not show, listed under `images:`.
    var bodyReference: String?
}
