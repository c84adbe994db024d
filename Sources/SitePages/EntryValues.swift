import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// Builds the template values of an entry's fields (`ShownEntry`), from the site-wide values of
/// emotions and tags and the published pictures.
package struct EntryValues: EntryFields {
    package let urls: URLMap
    package let emotionValues: [String: TemplateValue]
    package let tagValues: [String: TemplateValue]
    /// The published pictures, by picture id.
    package let pictures: PublishedPictures
    package var map: [String: TemplateValue] = [:]
    /// Whether this is the entry's own page, where alone the body's pictures get their anchors as
    /// ids and may load their display versions (SPEC §9: cards, day pages and the gallery never do).
    var isEntryPage = false
    /// The label of a footnote's link back to its reference, in the site's words (`footnote_back`).
    var footnoteBackLabel: String?
    /// The labels of a task list's checked and unchecked boxes, in the site's words (`task_done`, `task_open`).
    var taskLabels: (done: String, open: String)?

    package init(urls: URLMap, emotionValues: [String: TemplateValue], tagValues: [String: TemplateValue], pictures: PublishedPictures) {
        self.urls = urls
        self.emotionValues = emotionValues
        self.tagValues = tagValues
        self.pictures = pictures
        map.reserveCapacity(16)
    }

    package mutating func text(_ key: String, _ value: String) { map[key] = .string(value) }

    package mutating func flag(_ key: String, _ value: Bool) { map[key] = .bool(value) }

    package mutating func date(_ key: String, _ instant: Date) { map[key] = .date(instant) }

    package mutating func url(_ key: String, _ place: URLMap.Place) { map[key] = .string(urls.url(of: place)) }

    package mutating func excerpt(_ key: String, of text: [UInt8]) { map[key] = .string(Excerpt.of(utf8: text)) }

    package mutating func emotion(_ key: String, _ id: String) { map[key] = emotionValues[id] ?? .null }

    package mutating func emotions(_ key: String, _ ids: [String]) { map[key] = .list(ids.map { emotionValues[$0] ?? .null }) }

    package mutating func tags(_ key: String, _ names: [String]) { map[key] = .list(names.map { tagValues[Slug.make(from: $0)] ?? .null }) }

    package mutating func pictures(_ key: String, cover coverKey: String, figures figuresKey: String, of entry: Entry) {
        let entryURL = urls.url(of: .entry(entry))
        let inBody = Set(entry.body.pictures.map(\.number))
        let images: [TemplateValue] = entry.images.map { image in
            var values: [String: TemplateValue] = [
                "number": .int(image.number), "anchor": .string(image.anchor),
                "alt": .string(image.alt), "caption": image.caption.map(TemplateValue.string) ?? .null,
                "entry_url": .string(entryURL + "#" + image.anchor), "in_body": .bool(inBody.contains(image.number)),
            ]
            values.merge(pictures.values(of: image, urls: urls) ?? [:]) { own, _ in own }
            return .map(values)
        }
        map[key] = .list(images)
        map[coverKey] = images.first ?? .null
        map[figuresKey] = .list(zip(entry.images, images).filter { !inBody.contains($0.0.number) }.map(\.1))
    }

    package mutating func body(_ key: String, of entry: Entry) {
        let (pictures, urls) = (pictures, urls)
        // A picture the body shows twice is anchored at its first place.
        let isEntryPage = isEntryPage
        var anchored: Set<Int> = isEntryPage ? [] : Set(entry.images.map(\.number))
        let html = urls.bodyHTML(of: entry) { image in
            let (place, attributes) = pictures.bodyPicture(image, urls: urls, withDisplay: isEntryPage)
            return (place, anchored.insert(image.number).inserted ? " id=\"\(image.anchor)\"" + attributes : attributes)
        }
        // Only a body with footnotes has their links back.
        var labelled = html
        if let label = footnoteBackLabel, !entry.body.footnoteTextUTF8.isEmpty { labelled = Self.labellingFootnoteLinks(labelled, label) }
        if let labels = taskLabels { labelled = Self.labellingTaskBoxes(labelled, done: labels.done, open: labels.open) }
        map[key] = .html(labelled)
    }

    /// cmark-gfm writes a task list's boxes without a label, which assistive technology needs to
    /// name them: each gets the site's word for its state. Only cmark writes `<input` (the body's
    /// raw HTML never reaches the page), so the replacement is exact.
    static func labellingTaskBoxes(_ html: String, done: String, open: String) -> String {
        guard html.utf8.count > 20, html.contains("<input type=\"checkbox\"") else { return html }
        return html
            .replacingOccurrences(of: "<input type=\"checkbox\" checked=\"\" disabled=\"\" />",
                                  with: "<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"\(TemplateValue.escapedHTML(done))\" />")
            .replacingOccurrences(of: "<input type=\"checkbox\" disabled=\"\" />",
                                  with: "<input type=\"checkbox\" disabled=\"\" aria-label=\"\(TemplateValue.escapedHTML(open))\" />")
    }

    /// cmark-gfm labels a footnote's link back `aria-label="Back to content"`, in English: the
    /// site's own words go in its place. Only cmark writes that attribute (the body's own text
    /// and raw HTML never reach the page with a bare `"`), so the replacement is exact.
    static func labellingFootnoteLinks(_ html: String, _ label: String) -> String {
        let english = "aria-label=\"Back to content\""
        return html.replacingOccurrences(of: english, with: "aria-label=\"\(TemplateValue.escapedHTML(label))\"")
    }

    package mutating func metadata(_ key: String, _ values: [String: MetadataValue]) { map[key] = Self.value(of: .map(values)) }

    package static func value(of metadata: MetadataValue) -> TemplateValue {
        switch metadata {
        case .string(let text): return .string(text)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .list(let items): return .list(items.map(value(of:)))
        case .map(let pairs): return .map(pairs.mapValues(value(of:)))
        }
    }
}
