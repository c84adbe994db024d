import DiaryIndex
import DiaryModel
import Foundation

/// What pages show of an entry, declared once. `SiteValues` builds the template values from it
/// (`EntryValues`) and `PageSignatures` hashes it (`EntryVersion`), so a field added here is
/// both shown and watched: a page can never show something whose change leaves it as it was.
package enum ShownEntry {
    /// An entry as a card (Templates/README.md: entry card).
    package static func card<Fields: EntryFields>(_ entry: Entry, into fields: inout Fields) {
        fields.text("id", entry.id)
        fields.text("title", entry.title)
        // An entry without a title of its own is titled by its date and time (SPEC §2).
        fields.flag("untitled", entry.title == entry.local.description)
        fields.url("url", .entry(entry))
        fields.date("date", entry.instant)
        fields.url("day_url", .day(entry.day))
        fields.emotion("emotion", entry.primaryEmotionID)
        fields.emotions("emotions", entry.emotionIDs)
        fields.tags("tags", entry.tags)
        fields.excerpt("excerpt", of: entry.body.textUTF8)
        fields.pictures("images", cover: "cover", figures: "figures", of: entry)
        fields.flag("draft", entry.isDraft)
    }

    /// What a full entry shows besides its card (Templates/README.md: full entry). Its
    /// neighbours are shown as their own cards.
    package static func fullEntry<Fields: EntryFields>(_ entry: Entry, into fields: inout Fields) {
        fields.body("body", of: entry)
        fields.metadata("extra", entry.extra)
        fields.text("source", entry.sourcePath)
    }
}

/// Takes in the fields of `ShownEntry`, one call per field, by the kind of value each shows.
package protocol EntryFields {
    mutating func text(_ key: String, _ value: String)
    mutating func flag(_ key: String, _ value: Bool)
    mutating func date(_ key: String, _ instant: Date)
    /// The URL of a place of the site.
    mutating func url(_ key: String, _ place: URLMap.Place)
    /// The opening of a text, given in UTF-8.
    mutating func excerpt(_ key: String, of text: [UInt8])
    /// An emotion, by id, as the site-wide emotion values show it.
    mutating func emotion(_ key: String, _ id: String)
    mutating func emotions(_ key: String, _ ids: [String])
    /// Tags, by name, as the site-wide tag values show them.
    mutating func tags(_ key: String, _ names: [String])
    /// The entry's pictures, the first of them as its cover, and those its body does not show as
    /// figures (a picture both in `images:` and in the body is shown once, in the body).
    mutating func pictures(_ key: String, cover coverKey: String, figures figuresKey: String, of entry: Entry)
    /// The entry's body as HTML, its pictures at their addresses.
    mutating func body(_ key: String, of entry: Entry)
    /// Front-matter values Daybook has no field for.
    mutating func metadata(_ key: String, _ values: [String: MetadataValue])
}
