import DiaryIndex
import DiaryModel
import Foundation
import Templating

/// Builds the template values of an entry's fields (`ShownEntry`), from the site-wide values of
/// emotions and tags and the pictures' sizes.
struct EntryValues: EntryFields {
    let urls: URLMap
    let emotionValues: [String: TemplateValue]
    let tagValues: [String: TemplateValue]
    /// Per picture id: its size, when its header could be read.
    let imageSizes: [String: ImageSize]
    var map: [String: TemplateValue] = [:]

    init(urls: URLMap, emotionValues: [String: TemplateValue], tagValues: [String: TemplateValue], imageSizes: [String: ImageSize]) {
        self.urls = urls
        self.emotionValues = emotionValues
        self.tagValues = tagValues
        self.imageSizes = imageSizes
        map.reserveCapacity(16)
    }

    mutating func text(_ key: String, _ value: String) { map[key] = .string(value) }

    mutating func flag(_ key: String, _ value: Bool) { map[key] = .bool(value) }

    mutating func date(_ key: String, _ instant: Date) { map[key] = .date(instant) }

    mutating func url(_ key: String, _ place: URLMap.Place) { map[key] = .string(urls.url(of: place)) }

    mutating func excerpt(_ key: String, of text: [UInt8]) { map[key] = .string(Excerpt.of(utf8: text)) }

    mutating func emotion(_ key: String, _ id: String) { map[key] = emotionValues[id] ?? .null }

    mutating func emotions(_ key: String, _ ids: [String]) { map[key] = .list(ids.map { emotionValues[$0] ?? .null }) }

    mutating func tags(_ key: String, _ names: [String]) { map[key] = .list(names.map { tagValues[Slug.make(from: $0)] ?? .null }) }

    mutating func pictures(_ key: String, cover coverKey: String, of entry: Entry) {
        let entryURL = urls.url(of: .entry(entry))
        let images: [TemplateValue] = entry.images.map { image in
            let size = imageSizes[image.id]
            return .map([
                "number": .int(image.number), "anchor": .string(image.anchor), "url": .string(urls.url(of: .picture(image))),
                "alt": .string(image.alt), "caption": image.caption.map(TemplateValue.string) ?? .null,
                "width": size.map { .int($0.width) } ?? .null, "height": size.map { .int($0.height) } ?? .null,
                "entry_url": .string(entryURL + "#" + image.anchor),
            ])
        }
        map[key] = .list(images)
        map[coverKey] = images.first ?? .null
    }

    mutating func body(_ key: String, of entry: Entry) {
        map[key] = .html(urls.bodyHTML(of: entry))
    }

    mutating func metadata(_ key: String, _ values: [String: MetadataValue]) { map[key] = Self.value(of: .map(values)) }

    static func value(of metadata: MetadataValue) -> TemplateValue {
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
