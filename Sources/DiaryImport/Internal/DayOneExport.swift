import BuildSupport
import DiaryModel
import DiaryReader
import Foundation

/// Day One's JSON export: a `.zip` (or the folder it unpacks to) with one `<Journal>.json` per
/// journal and a `photos/` folder of `<md5>.<type>` files. Each entry has a `uuid`, a
/// `creationDate` in UTC, the `timeZone` it was written in (an IANA name), Markdown `text` whose
/// pictures are `![](dayone-moment://<photo identifier>)`, and optional `tags`, `photos`,
/// `starred`, `location` and `weather`.
enum DayOneExport {
    static let photoScheme = "dayone-moment:"

    /// The entries of every journal in the export, journal by journal (by file name), in the
    /// order each journal lists them.
    static func read(_ files: ExportFiles, displayName: String, fallbackTimeZone: TimeZone,
                     journal: String? = nil) throws -> [ImportedEntry] {
        let journals = journal.map { [$0] } ?? journalFiles(in: files.paths)
        guard !journals.isEmpty else {
            throw ImportError(file: displayName, "no journal found: a Day One export holds a JSON file such as 'Journal.json' (export as 'JSON' from Day One)")
        }
        var entries: [ImportedEntry] = []
        for journal in journals {
            let folder = journal.lastIndex(of: "/").map { String(journal[...$0]) } ?? ""
            let shownName = displayName.hasSuffix(journal) ? displayName : "\(displayName)/\(journal)"
            let data: Data
            do {
                data = try files.data(at: journal)
            } catch {
                throw ImportError(file: shownName, "cannot read it: \(error.localizedDescription)")
            }
            entries += try self.entries(fromJSON: data, file: shownName, fallbackTimeZone: fallbackTimeZone) { md5, type in
                photoPath(md5: md5, type: type, folder: folder, files: files)
            }
        }
        return entries
    }

    /// The journals of an export: the `.json` files nearest its top, outside `photos/`.
    static func journalFiles(in paths: [String]) -> [String] {
        let candidates = paths.filter { path in
            path.lowercased().hasSuffix(".json") && !path.split(separator: "/").contains { $0 == "photos" || $0.hasPrefix(".") || $0 == "__MACOSX" }
        }
        let depth = candidates.map { $0.split(separator: "/").count }.min()
        return candidates.filter { $0.split(separator: "/").count == depth }
    }

    /// The file of a photo: `photos/<md5>.<type>`, else any `photos/<md5>.*` (a `.jpg` for `jpeg`).
    static func photoPath(md5: String, type: String?, folder: String, files: ExportFiles) -> String? {
        let stem = "\(folder)photos/\(md5)"
        if let type, files.contains("\(stem).\(type)") { return "\(stem).\(type)" }
        return files.paths.first { $0.hasPrefix(stem + ".") && !$0.dropFirst(stem.count + 1).contains("/") }
    }

    /// The entries of one journal's JSON. `photoPath` finds a photo's file in the export from its
    /// md5 and type, or nil when the export lacks it.
    static func entries(fromJSON data: Data, file: String, fallbackTimeZone: TimeZone,
                        photoPath: (_ md5: String, _ type: String?) -> String?) throws -> [ImportedEntry] {
        let list: [JSONFields]
        do {
            guard let root = try JSONFields.parse(data) as? [String: Any] else {
                throw JSONFields.Mismatch(message: "expected an object with 'entries', as Day One exports")
            }
            let journal = JSONFields(root)
            guard journal.object["entries"] != nil else {
                throw JSONFields.Mismatch(message: "no 'entries' list; is this a Day One JSON export?")
            }
            list = try journal.list("entries")
        } catch let problem as JSONFields.Mismatch {
            throw ImportError(file: file, problem.message)
        }
        var entries: [ImportedEntry] = []
        for (index, fields) in list.enumerated() {
            do {
                entries.append(try entry(fields, fallbackTimeZone: fallbackTimeZone, photoPath: photoPath))
            } catch let problem as JSONFields.Mismatch {
                let uuid = (try? fields.string("uuid")).flatMap { $0 }.map { " (uuid \($0))" } ?? ""
                throw ImportError(file: file, "entry \(index + 1)\(uuid): \(problem.message)")
            }
        }
        return entries
    }

    private static func entry(_ fields: JSONFields, fallbackTimeZone: TimeZone,
                              photoPath: (String, String?) -> String?) throws -> ImportedEntry {
        var notes: [String] = []
        let created = try fields.requiredString("creationDate")
        let zoneName = try fields.string("timeZone")
        let zone = zoneName.flatMap(TimeZone.init(identifier:))
        if zone == nil {
            let said = zoneName.map { "an unknown timezone '\($0)'" } ?? "no timezone"
            notes.append("\(said) recorded: dated in the diary's timezone (\(fallbackTimeZone.identifier))")
        }
        let local = try localTime(created, in: zone ?? fallbackTimeZone)

        var text = try fields.string("text") ?? ""
        var pictures: [ImportedPicture] = []
        var photoFiles: [String: (path: String, fileExtension: String)] = [:]
        var order: [(order: Int, identifier: String)] = []
        for (index, photo) in try fields.list("photos").enumerated() {
            guard let identifier = try photo.string("identifier") else { continue }
            let type = try photo.string("type")?.lowercased()
            let position = try photo.number("orderInEntry").map { Int($0) } ?? index
            order.append((position, identifier))
            guard let md5 = try photo.string("md5"), let path = photoPath(md5, type) else {
                notes.append("a photo (\(identifier)) is not in the export: left out")
                continue
            }
            let fileExtension = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard EntryParser.imageExtensions.contains(fileExtension) else {
                notes.append("a .\(fileExtension) photo left out: Daybook publishes \(EntryParser.imageExtensions.sorted().joined(separator: ", "))")
                continue
            }
            photoFiles[identifier] = (path, fileExtension)
        }

        // Pictures the text shows keep their place; every other moment (video, audio, PDF) and
        // a photo that cannot be copied leave the text, and the report says so.
        var shown = Set<String>()
        text = MarkdownImages.rewrite(text) { url in
            guard url.hasPrefix(photoScheme) else { return .keep }
            let identifier = String(url.dropFirst(photoScheme.count).drop { $0 == "/" })
            if let file = photoFiles[identifier] {
                if shown.insert(identifier).inserted {
                    pictures.append(ImportedPicture(source: file.path, fileExtension: file.fileExtension, bodyReference: url))
                }
                return .keep
            }
            if identifier.contains("/") {
                let kind = identifier.split(separator: "/").first.map(String.init) ?? "attachment"
                notes.append("a \(kind) left out: Daybook keeps pictures only")
            }
            return .remove
        }
        for (_, identifier) in order.sorted(by: { $0.order < $1.order }) where !shown.contains(identifier) {
            guard let file = photoFiles[identifier] else { continue }
            shown.insert(identifier)
            pictures.append(ImportedPicture(source: file.path, fileExtension: file.fileExtension, bodyReference: nil))
        }

        let firstLine = Self.firstLine(of: text)
        let (title, body) = Self.title(of: text)
        let uuid = try fields.string("uuid")
        var extra: [EntryFileText.Field] = []
        if let weather = try fields.fields("weather").flatMap(weatherText) { extra.append(.init("weather", .text(weather))) }
        if let place = try fields.fields("location").flatMap(placeText) { extra.append(.init("location", .text(place))) }
        if try fields.bool("starred") == true { extra.append(.init("starred", .flag(true))) }
        var identity = StableHasher()
        identity.combine(created)
        identity.combine(text)
        return ImportedEntry(
            label: ImportedEntry.label(local, title),
            importID: "dayone:" + (uuid ?? String(identity.value, radix: 16)),
            local: local, title: title, nameHint: firstLine, body: body, tags: try fields.strings("tags"),
            extra: extra, pictures: pictures, notes: notes
        )
    }

    /// `2024-01-05T03:02:50Z` (fractions of a second allowed) as the wall clock in `zone`.
    static func localTime(_ text: String, in zone: TimeZone) throws -> LocalDateTime {
        var trimmed = text
        if let dot = trimmed.firstIndex(of: "."), let end = trimmed[dot...].firstIndex(where: { !$0.isNumber && $0 != "." }) {
            trimmed.removeSubrange(dot..<end)
        }
        guard case .success(let date) = EntryDate.parse(trimmed), date.utcOffsetSeconds != nil else {
            throw JSONFields.Mismatch(message: "'creationDate' must be a time such as 2024-01-05T03:02:50Z, found \"\(text)\"")
        }
        let instant = date.resolve(in: zone).instant
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        return LocalDateTime(wallClockSeconds: seconds)
    }

    /// The first line of text, without heading marks and Markdown escapes, for naming the file.
    static func firstLine(of text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            if String(line).trimmed.hasPrefix("![") { continue }
            if let words = plainLine(line) { return words }
        }
        return nil
    }

    /// The longest first line taken as a title: a longer one is the opening of the text, not a title.
    static let titleLimit = 100

    /// The title Day One shows for `text`, its first line (a heading, a line in bold or a plain
    /// line, up to `titleLimit` characters, never a picture), and the text without that line.
    /// A text of one line stays the text: it is not emptied into a title.
    static func title(of text: String) -> (title: String?, body: String) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard let first = lines.firstIndex(where: { !String($0).trimmed.isEmpty }), !String(lines[first]).trimmed.hasPrefix("!["),
              let title = plainLine(lines[first]), title.count <= titleLimit else { return (nil, text) }
        let rest = lines[(first + 1)...].drop { String($0).trimmed.isEmpty }
        return rest.isEmpty ? (nil, text) : (title, rest.joined(separator: "\n"))
    }

    /// A line's words without heading marks, a bold or italic wrapping and Markdown escapes.
    private static func plainLine(_ line: Substring) -> String? {
        var words = String(line).trimmed
        while words.hasPrefix("#") { words.removeFirst() }
        words = words.trimmed
        for mark in ["**", "__", "*", "_"] where words.count > 2 * mark.count && words.hasPrefix(mark) && words.hasSuffix(mark) {
            words = String(words.dropFirst(mark.count).dropLast(mark.count)).trimmed
            break
        }
        words = words.replacingOccurrences(of: "\\", with: "").trimmed
        return words.isEmpty ? nil : words
    }

    /// `Partly Cloudy, 12°C`.
    private static func weatherText(_ weather: JSONFields) throws -> String? {
        var parts: [String] = []
        if let conditions = try weather.string("conditionsDescription")?.trimmed, !conditions.isEmpty { parts.append(conditions) }
        if let celsius = try weather.number("temperatureCelsius") { parts.append("\(Int(celsius.rounded()))°C") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `Namsan Park, Seoul, South Korea`: the place, its town, region and country, each once.
    private static func placeText(_ location: JSONFields) throws -> String? {
        var parts: [String] = []
        for key in ["placeName", "localityName", "administrativeArea", "country"] {
            if let part = try location.string(key)?.trimmed, !part.isEmpty, !parts.contains(part) { parts.append(part) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
