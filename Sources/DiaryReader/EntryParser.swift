import DiaryModel
import Foundation
import Yams

/// What reading one entry file gave: the entry when it is valid, and every problem found.
public struct ParsedEntry: Sendable {
    public var entry: Entry?
    /// Emotion names the configuration does not know, by the id they were given, with the
    /// name as first written.
    public var unknownEmotions: [String: String]
    public var diagnostics: [Diagnostic]
    /// How each local image reference resolved, so a cached reading can be checked later.
    var imageLookups: [ImageLookup] = []
    /// When there is no entry: the pictures the file names that exist, which a check looks at
    /// all the same (SPEC §5: every problem of a run at once).
    public var picturesWithoutEntry: [PictureUse] = []
    /// When there is no entry but its date and file name were read: the id it would have, which
    /// two files must not share whatever else is wrong with them (SPEC §5: every problem at once).
    var idWithoutEntry: String?

    /// The id of the file's entry: its day and slug, also when errors kept the entry out.
    public var entryID: String? { entry?.id ?? idWithoutEntry }
}

/// Turns the text of one entry file into an `Entry` (SPEC §2).
public struct EntryParser: Sendable {
    static let knownKeys = ["title", "date", "emotion", "tags", "images", "draft"]
    static let imageKeys = ["src", "alt", "caption"]
    /// Words other diary apps and site generators use for a key Daybook knows. Only words that
    /// are almost surely meant as that key: any unknown key is kept for templates, and a hint is
    /// a warning, which `--strict` makes an error.
    static let keyMeanings = [
        "mood": "emotion", "moods": "emotion", "feeling": "emotion", "feelings": "emotion", "emotions": "emotion",
        "photo": "images", "photos": "images", "picture": "images", "pictures": "images", "image": "images",
        "tag": "tags", "keywords": "tags",
        "created": "date", "datetime": "date",
    ]
    static let imageKeyMeanings = [
        "path": "src", "file": "src", "url": "src", "image": "src",
        "alt_text": "alt", "description": "caption",
    ]
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "heic", "heif", "svg"]

    public let config: DiaryConfig
    public let catalog: EmotionCatalog
    public let files: ContentFiles
    /// Extensions forced on for every body; nil attaches only those a body can use.
    let markdownFeatures: MarkdownFeatures?
    /// The known key each unknown key may stand for, worked out once per key name: a diary
    /// repeats its own keys (`weather:`) in every entry.
    let keySuggestions = KeySuggestions()

    public init(config: DiaryConfig, files: ContentFiles) {
        self.init(config: config, files: files, markdownFeatures: nil)
    }

    init(config: DiaryConfig, files: ContentFiles, markdownFeatures: MarkdownFeatures?) {
        self.config = config
        self.catalog = EmotionCatalog(config.emotions)
        self.files = files
        self.markdownFeatures = markdownFeatures
    }

    /// Reads the bytes of the file at `path` (relative to the diary root).
    public func parse(_ data: Data, path: String) -> ParsedEntry {
        switch TextDecoding.decode(data, path: path) {
        case .success(let text): return parse(text, path: path)
        case .failure(let problem): return ParsedEntry(entry: nil, unknownEmotions: [:], diagnostics: [problem], imageLookups: [])
        }
    }

    public func parse(_ text: String, path: String) -> ParsedEntry {
        var reading = EntryReading(parser: self, path: path)
        let entry = reading.read(text)
        return ParsedEntry(entry: entry, unknownEmotions: reading.unknownEmotions, diagnostics: reading.diagnostics,
                           imageLookups: reading.imageLookups, picturesWithoutEntry: entry == nil ? reading.pictures : [],
                           idWithoutEntry: entry == nil ? reading.id : nil)
    }

    /// The last component of `path`. Splitting by Character cost more than the slug itself, so the
    /// last "/" is found by byte; next to a non-ASCII byte, where a "/" could be part of a larger
    /// Character, the Character split decides.
    static func fileName(of path: String) -> Substring {
        let utf8 = path.utf8
        let slash = UInt8(ascii: "/")
        guard let last = utf8.last, last != slash else { return Substring(path.split(separator: "/").last ?? "") }
        guard let found = utf8.lastIndex(of: slash) else { return path[...] }
        let after = utf8.index(after: found)
        if utf8[after] >= 0x80 || (found > utf8.startIndex && utf8[utf8.index(before: found)] >= 0x80) {
            return Substring(path.split(separator: "/").last ?? "")
        }
        return path[after...]
    }

    /// The YAML text between an entry file's `---` lines, or nil when the file has none.
    public static func frontMatter(of text: String) -> Substring? {
        try? FrontMatterSplitter.split(text, path: "").get().yaml
    }

    /// The slug of an entry file's name (SPEC §2): no extension, no leading `YYYY-MM-DD-`.
    public static func slug(forFileAt path: String) -> String {
        var name = fileName(of: path)
        if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
        let bytes = Array(name.utf8)
        let isDigit = { (i: Int) in bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes.count > 11, (0..<4).allSatisfy(isDigit), bytes[4] == 0x2D, isDigit(5), isDigit(6), bytes[7] == 0x2D,
           isDigit(8), isDigit(9), bytes[10] == 0x2D {
            name = name.dropFirst(11)
        }
        return Slug.make(from: String(name))
    }
}

/// The state of reading one entry: the diagnostics gathered so far.
private struct EntryReading {
    let parser: EntryParser
    let path: String
    var diagnostics: [Diagnostic] = []
    var unknownEmotions: [String: String] = [:]
    var imageLookups: [ImageLookup] = []
    /// Every picture file named that exists, where it is named.
    var pictures: [PictureUse] = []
    /// The entry's id, once its date and file name are read.
    var id: String?

    init(parser: EntryParser, path: String) {
        self.parser = parser
        self.path = path
    }

    mutating func read(_ text: String) -> Entry? {
        let split: SplitEntryText
        switch FrontMatterSplitter.split(text, path: path) {
        case .success(let value): split = value
        case .failure(let problem): diagnostics.append(problem); return nil
        }
        guard let frontMatter = take(YAMLMapping.parse(String(split.yaml), path: path, lineOffset: 1)) else { return nil }

        let slug = EntryParser.slug(forFileAt: path)
        if slug.isEmpty {
            diagnostics.append(.error(at: SourceLocation(path: path),
                                      "the file name gives an empty slug; name the file with letters or digits, such as '0930-walk.md'"))
        }
        // A missing required key that another key stands in for (`mood:` for `emotion:`) is one
        // error at that key, not a warning there and an error at the top of the file.
        var standIns: [String: YAMLMapping.Field] = [:]
        var extra: [String: MetadataValue] = [:]
        for field in frontMatter.fields where !EntryParser.knownKeys.contains(field.key) {
            extra[field.key] = YAMLMapping.metadata(field.value)
            guard let known = parser.keySuggestions.known(for: field.key) else {
                continue
            }
            if (known == "date" || known == "emotion"), frontMatter[known] == nil, standIns[known] == nil {
                standIns[known] = field
            } else {
                diagnostics.append(.warning(at: frontMatter.location(of: field.keyNode),
                                            "unknown key '\(field.key)' is kept as extra data; did you mean '\(known)'?"))
            }
        }
        let date = readDate(frontMatter, standIn: standIns["date"])
        let emotionIDs = readEmotions(frontMatter, standIn: standIns["emotion"])
        let tags = readTags(frontMatter)
        let isDraft = frontMatter["draft"].flatMap { take(frontMatter.bool($0)) } ?? false
        var title = frontMatter["title"].flatMap { take(frontMatter.text($0)) }?.trimmed ?? ""
        let frontMatterImages = readFrontMatterImages(frontMatter)

        let document = MarkdownDocument(split.body, features: parser.markdownFeatures)
        if title.isEmpty, let heading = document.takeFirstLevelOneHeading(), !heading.isEmpty { title = heading }

        guard let date, !slug.isEmpty else { return nil }
        let (instant, local) = date.resolve(in: parser.config.timeZone)
        let id = "\(local.day)-\(slug)"
        self.id = id
        guard let emotionIDs else { return nil }
        if title.isEmpty { title = local.description }

        var images: [EntryImage] = []
        for reference in frontMatterImages {
            images.append(EntryImage(number: images.count + 1, entryID: id, sourcePath: reference.file,
                                     fileExtension: reference.fileExtension, alt: reference.alt,
                                     caption: reference.caption, origin: .frontMatter,
                                     line: reference.location.line, column: reference.location.column))
        }
        readBodyImages(document, body: split.body, bodyFirstLine: split.bodyFirstLine, entryID: id, into: &images)

        guard !diagnostics.contains(where: \.isError) else { return nil }
        let (html, pictures) = PictureMarkers.cut(Self.scopeFootnotes(document.html(), to: id))
        let text = document.visibleText()
        return Entry(id: id, slug: slug, sourcePath: path, title: title, instant: instant, local: local,
                     emotionIDs: emotionIDs, tags: tags, images: images,
                     body: EntryBody(html: html, pictures: pictures, textUTF8: text.body, footnoteTextUTF8: text.footnotes),
                     isDraft: isDraft, extra: extra)
    }

    /// cmark names footnotes `fn-1` and `fnref-1`; a day page shows several entries, so each
    /// entry's footnote ids get its id in them to stay unique on the page.
    static func scopeFootnotes(_ html: String, to id: String) -> String {
        // Byte searches: Foundation's `contains` and `replacingOccurrences` on String cost more
        // than parsing the Markdown. They match whole characters, so a match that touches a
        // non-ASCII byte (which could join it into a larger character) is left to Foundation.
        var scoped = html
        guard scoped.withUTF8({ ByteSearch.contains(Array("data-footnote-ref".utf8), in: $0) }) else { return html }
        for (old, new) in [("href=\"#fn-", "href=\"#fn-\(id)-"), ("id=\"fn-", "id=\"fn-\(id)-"),
                           ("href=\"#fnref-", "href=\"#fnref-\(id)-"), ("id=\"fnref-", "id=\"fnref-\(id)-")] {
            if let replaced = scoped.withUTF8({ ByteSearch.replacing(Array(old.utf8), with: Array(new.utf8), in: $0) }) {
                scoped = replaced
            } else {
                scoped = scoped.replacingOccurrences(of: old, with: new)
            }
        }
        return scoped
    }

    // MARK: - Fields

    private mutating func readDate(_ frontMatter: YAMLMapping, standIn: YAMLMapping.Field?) -> EntryDate? {
        guard let field = frontMatter["date"] else {
            if let standIn {
                diagnostics.append(.error(at: frontMatter.location(of: standIn.keyNode),
                                          "missing 'date'; rename '\(standIn.key)' to 'date' (Daybook reads the date only from 'date')"))
            } else {
                diagnostics.append(.error(at: SourceLocation(path: path), "missing 'date'; add a line such as 'date: 2025-10-20 09:30' to the front matter"))
            }
            return nil
        }
        guard let text = take(frontMatter.text(field)) else { return nil }
        switch EntryDate.parse(text) {
        case .success(let date): return date
        case .failure(let problem):
            diagnostics.append(.error(at: frontMatter.location(of: field.value), problem.message(for: text)))
            return nil
        }
    }

    private mutating func readEmotions(_ frontMatter: YAMLMapping, standIn: YAMLMapping.Field?) -> [String]? {
        guard let field = frontMatter["emotion"] else {
            let known = parser.config.emotions.map(\.id).joined(separator: ", ")
            if let standIn {
                diagnostics.append(.error(at: frontMatter.location(of: standIn.keyNode),
                                          "missing 'emotion'; rename '\(standIn.key)' to 'emotion' (Daybook reads feelings only from 'emotion'; known: \(known))"))
            } else {
                diagnostics.append(.error(at: SourceLocation(path: path), "missing 'emotion'; add a line such as 'emotion: \(parser.config.emotions.first?.id ?? "happy")' (known: \(known))"))
            }
            return nil
        }
        guard let names = take(frontMatter.textList(field)) else { return nil }
        // A single emotion may itself contain a comma only as a list item; "a, b" as text is a list too.
        guard !names.isEmpty else {
            diagnostics.append(.error(at: frontMatter.location(of: field.value), "'emotion' is empty; name at least one emotion"))
            return nil
        }
        var ids: [String] = []
        for (name, node) in names {
            let id: String
            if let emotion = parser.catalog.emotion(named: name) {
                id = emotion.id
            } else {
                if let problem = Slug.problem(naming: name, as: "emotion") {
                    diagnostics.append(.error(at: frontMatter.location(of: node), problem))
                    continue
                }
                id = Slug.make(from: name)
                diagnostics.append(.warning(at: frontMatter.location(of: node), parser.catalog.unknownNameMessage(name)))
                if unknownEmotions[id] == nil { unknownEmotions[id] = name }
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids.isEmpty ? nil : ids
    }

    private mutating func readTags(_ frontMatter: YAMLMapping) -> [String] {
        guard let field = frontMatter["tags"], let names = take(frontMatter.textList(field)) else { return [] }
        var tags: [String] = []
        var slugs = Set<String>()
        for (name, node) in names {
            if let problem = Slug.problem(naming: name, as: "tag") {
                diagnostics.append(.error(at: frontMatter.location(of: node), problem))
                continue
            }
            let slug = Slug.make(from: name)
            if slugs.insert(slug).inserted { tags.append(name) }
        }
        return tags
    }

    // MARK: - Images

    private struct ImageReference {
        var file: String
        var fileExtension: String
        var alt: String
        var caption: String?
        var location: SourceLocation
    }

    private mutating func readFrontMatterImages(_ frontMatter: YAMLMapping) -> [ImageReference] {
        guard let field = frontMatter["images"] else { return [] }
        let items: [Node]
        switch field.value {
        case .sequence(let sequence): items = Array(sequence)
        case .scalar(let scalar) where ScalarKind.of(scalar) == .null: items = []
        case .scalar, .mapping: items = [field.value]
        }
        var references: [ImageReference] = []
        for item in items {
            var source: String?
            var alt = ""
            var caption: String?
            if case .scalar(let scalar) = item {
                source = scalar.string
            } else if let image = take(frontMatter.mapping(item)) {
                for imageField in image.fields {
                    switch imageField.key {
                    case "src": source = take(image.text(imageField))
                    case "alt": alt = take(image.text(imageField)) ?? ""
                    case "caption": caption = take(image.text(imageField)).flatMap { $0.isEmpty ? nil : $0 }
                    default:
                        let hint = Suggestion.hint(for: imageField.key, among: EntryParser.imageKeys, meanings: EntryParser.imageKeyMeanings)
                        diagnostics.append(.warning(at: image.location(of: imageField.keyNode),
                                                    "unknown key '\(imageField.key)' of an image is ignored\(hint)"))
                    }
                }
                if image["src"] == nil {
                    diagnostics.append(.error(at: frontMatter.location(of: item), "an image needs 'src', the path of its file"))
                    continue
                }
            } else {
                continue
            }
            guard let source else { continue }
            if let file = resolveLocalImage(source, at: frontMatter.location(of: item), remoteIsError: true),
               !references.contains(where: { $0.file == file }) {
                references.append(ImageReference(file: file, fileExtension: Self.fileExtension(of: file), alt: alt, caption: caption,
                                                 location: frontMatter.location(of: item)))
            }
        }
        return references
    }

    /// Numbers the body's local images after the front-matter ones and marks each with its number
    /// (`PictureMarkers`): the page gives it its address.
    private mutating func readBodyImages(_ document: MarkdownDocument, body: Substring, bodyFirstLine: Int,
                                         entryID: String, into images: inout [EntryImage]) {
        var searchFrom = body.startIndex
        for image in document.images() {
            let location: SourceLocation
            if let found = body.range(of: image.url, range: searchFrom..<body.endIndex) {
                location = TextDecoding.location(of: found.lowerBound, in: body, path: path, firstLine: bodyFirstLine)
                searchFrom = found.upperBound
            } else {
                location = SourceLocation(path: path, line: bodyFirstLine)
            }
            if Self.isRemote(image.url) {
                if Self.isAtAnotherHost(image.url) {
                    diagnostics.append(.warning(at: location, "the image '\(image.url)' is at another host, which would learn who reads the diary; "
                                                    + "the site's policy keeps browsers from loading it: save it under Content/ and name its path"))
                }
                continue
            }
            let reference = image.url.removingPercentEncoding ?? image.url
            guard let file = resolveLocalImage(reference, at: location, remoteIsError: false) else { continue }
            let existing = images.first { $0.sourcePath == file }
            let entryImage = existing ?? EntryImage(number: images.count + 1, entryID: entryID, sourcePath: file,
                                                    fileExtension: Self.fileExtension(of: file), alt: image.alt,
                                                    caption: nil, origin: .body, line: location.line, column: location.column)
            if existing == nil { images.append(entryImage) }
            document.setURL(PictureMarkers.marker(for: entryImage.number), of: image)
        }
    }

    private mutating func resolveLocalImage(_ reference: String, at location: SourceLocation, remoteIsError: Bool) -> String? {
        if Self.isRemote(reference) {
            if remoteIsError {
                diagnostics.append(.error(at: location, "the image '\(reference)' is not a local file; save it under Content/ and name its path"))
            }
            return nil
        }
        let resolved = parser.files.resolveImage(reference, fromEntryAt: path)
        imageLookups.append(ImageLookup(reference: reference, resolved: resolved))
        guard let file = resolved else {
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            diagnostics.append(.error(at: location, "image '\(reference)' not found (looked for \(folder)/\(reference) and \(ContentFiles.folderName)/\(reference))"))
            return nil
        }
        let fileExtension = Self.fileExtension(of: file)
        guard EntryParser.imageExtensions.contains(fileExtension) else {
            let known = EntryParser.imageExtensions.sorted().joined(separator: ", ")
            diagnostics.append(.error(at: location, "'\(reference)' is not a picture Daybook can publish (use \(known))"))
            return nil
        }
        pictures.append(PictureUse(sourcePath: file, location: location))
        return file
    }

    private static func isRemote(_ url: String) -> Bool {
        if url.hasPrefix("//") { return true }
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// Whether a remote address names a host (`https://…`, `//…`), which a reader's browser
    /// contacts to show the image; `data:` and the like name none.
    private static func isAtAnotherHost(_ url: String) -> Bool {
        url.hasPrefix("//") || url.firstIndex(of: ":").map { url[$0...].hasPrefix("://") } == true
    }

    private static func fileExtension(of path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "" }
        return path[path.index(after: dot)...].lowercased()
    }

    private mutating func take<T>(_ result: Result<T, Diagnostic>) -> T? {
        switch result {
        case .success(let value): return value
        case .failure(let problem): diagnostics.append(problem); return nil
        }
    }
}

/// `Suggestion.closest` among the known front-matter keys, remembered by key name for every
/// thread reading entries.
final class KeySuggestions: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: String?] = [:]

    func known(for key: String) -> String? {
        lock.lock()
        let remembered = known[key]
        lock.unlock()
        if let remembered { return remembered }
        let suggestion = Suggestion.closest(to: key, among: EntryParser.knownKeys, meanings: EntryParser.keyMeanings)
        lock.lock()
        known[key] = suggestion
        lock.unlock()
        return suggestion
    }
}
