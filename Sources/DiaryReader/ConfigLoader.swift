import DiaryModel
import Foundation
import Yams

/// Reads `daybook.yml` (SPEC §1). Every key is optional; problems are located diagnostics,
/// and the configuration falls back to the default for any value it could not read.
public enum ConfigLoader {
    public static let fileName = "daybook.yml"

    static let knownKeys = ["title", "timezone", "locale", "base_url", "page_size", "emotions", "search", "strings", "encrypt", "encrypt_addresses", "deploy", "offline"]
    static let emotionKeys = ["id", "label", "emoji", "color", "aliases"]
    /// Words other site generators use for a key Daybook knows (Jekyll's `paginate`, Hugo's `languageCode`).
    static let keyMeanings = [
        "tz": "timezone", "zone": "timezone", "language": "locale", "lang": "locale", "languagecode": "locale",
        "url": "base_url", "base": "base_url", "baseurl": "base_url", "root": "base_url",
        "paginate": "page_size", "per_page": "page_size", "pagination": "page_size",
        "deployment": "deploy", "publish": "deploy", "targets": "deploy", "encrypted": "encrypt", "encryption": "encrypt", "service_worker": "offline", "pwa": "offline", "moods": "emotions", "feelings": "emotions", "name": "title", "site_title": "title",
    ]
    static let emotionKeyMeanings = ["name": "label", "title": "label", "icon": "emoji", "colour": "color", "alias": "aliases", "names": "aliases"]

    /// The configuration in `yaml`, or defaults where it says nothing.
    public static func load(_ yaml: String, path: String = fileName) -> (config: DiaryConfig, diagnostics: [Diagnostic]) {
        var config = DiaryConfig()
        var diagnostics: [Diagnostic] = []
        let mapping: YAMLMapping
        switch YAMLMapping.parse(yaml, path: path, lineOffset: 0) {
        case .success(let parsed): mapping = parsed
        case .failure(let problem): return (config, [problem])
        }
        func take<T>(_ result: Result<T, Diagnostic>) -> T? {
            switch result {
            case .success(let value): return value
            case .failure(let problem): diagnostics.append(problem); return nil
            }
        }
        for field in mapping.fields {
            let at = mapping.location(of: field.value)
            switch field.key {
            case "title":
                if let title = take(mapping.text(field)), !title.isEmpty { config.title = title }
            case "timezone":
                guard let name = take(mapping.text(field)) else { break }
                if let zone = TimeZone(identifier: name) {
                    config.timeZone = zone
                } else {
                    let hint = Suggestion.hint(for: name, among: TimeZone.knownTimeZoneIdentifiers)
                    diagnostics.append(.error(at: at, "unknown timezone '\(name)'; use an IANA name such as 'Asia/Seoul'\(hint)"))
                }
            case "locale":
                guard let identifier = take(mapping.text(field)) else { break }
                if isLocaleIdentifier(identifier) {
                    config.localeIdentifier = identifier
                } else {
                    diagnostics.append(.error(at: at, "'\(identifier)' is not a locale; write it like 'en_US' or 'ko_KR'"))
                }
            case "base_url":
                guard let url = take(mapping.text(field)) else { break }
                if url.hasPrefix("/") && !url.contains("//") && !url.contains("?") && !url.contains("#") {
                    config.baseURL = url.hasSuffix("/") ? url : url + "/"
                } else {
                    diagnostics.append(.error(at: at, "base_url must be a path such as '/' or '/diary/', found '\(url)'"))
                }
            case "page_size":
                guard let size = take(mapping.integer(field)) else { break }
                if size >= 1 {
                    config.pageSize = size
                } else {
                    diagnostics.append(.error(at: at, "page_size must be 1 or more, found \(size)"))
                }
            case "encrypt":
                if let encrypt = take(mapping.bool(field)) { config.encrypt = encrypt }
            case "offline":
                if let offline = take(mapping.bool(field)) { config.offline = offline }
            case "encrypt_addresses":
                guard let text = take(mapping.text(field)) else { break }
                if let style = DiaryConfig.EncryptedAddresses(rawValue: text) {
                    config.encryptedAddresses = style
                } else {
                    let known = DiaryConfig.EncryptedAddresses.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                    diagnostics.append(.error(at: at, "encrypt_addresses must be \(known), found '\(text)'"))
                }
            case "emotions":
                let (emotions, problems) = readEmotions(field, in: mapping)
                diagnostics += problems
                if !emotions.isEmpty { config.emotions = emotions }
            case "strings":
                let (strings, problems) = readStrings(field, in: mapping)
                diagnostics += problems
                config.strings = strings
            case "search":
                diagnostics += readSearch(field, in: mapping, into: &config)
            case "deploy":
                let (targets, problems) = DeployTargetReader.read(field, in: mapping)
                diagnostics += problems
                config.deployTargets = targets
            default:
                let hint = Suggestion.hint(for: field.key, among: knownKeys, meanings: keyMeanings)
                diagnostics.append(.warning(at: mapping.location(of: field.keyNode),
                                            "unknown key '\(field.key)' is ignored\(hint)"))
            }
        }
        return (config, diagnostics)
    }

    /// `search:` with its one key, `fields: [weather, place]`.
    private static func readSearch(_ field: YAMLMapping.Field, in mapping: YAMLMapping, into config: inout DiaryConfig) -> [Diagnostic] {
        let search: YAMLMapping
        switch mapping.mapping(field.value) {
        case .success(let parsed): search = parsed
        case .failure: return [.error(at: mapping.location(of: field.value), "'search' must be a mapping such as 'fields: [weather, place]'")]
        }
        var diagnostics: [Diagnostic] = []
        for item in search.fields {
            guard item.key == "fields" else {
                let hint = Suggestion.hint(for: item.key, among: ["fields"], meanings: ["keys": "fields", "field": "fields"])
                diagnostics.append(.warning(at: search.location(of: item.keyNode), "unknown key '\(item.key)' of search is ignored\(hint)"))
                continue
            }
            switch search.textList(item) {
            case .success(let keys): config.searchFields = keys.map(\.text)
            case .failure(let problem): diagnostics.append(problem)
            }
        }
        return diagnostics
    }

    private static func readEmotions(_ field: YAMLMapping.Field, in mapping: YAMLMapping) -> ([Emotion], [Diagnostic]) {
        guard case .sequence(let items) = field.value, !items.isEmpty else {
            return ([], [.error(at: mapping.location(of: field.value),
                                "'emotions' must be a list of emotions, each '- id: happy' with optional label, emoji, color and aliases")])
        }
        var emotions: [Emotion] = []
        var diagnostics: [Diagnostic] = []
        var owners: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let itemMapping: YAMLMapping
            if case .scalar = item {
                // `- happy` is short for `- id: happy`.
                itemMapping = YAMLMapping(fields: [.init(key: "id", keyNode: item, value: item)], path: mapping.path, lineOffset: mapping.lineOffset)
            } else {
                switch mapping.mapping(item) {
                case .success(let parsed): itemMapping = parsed
                case .failure(let problem): diagnostics.append(problem); continue
                }
            }
            guard let emotion = readEmotion(itemMapping, at: item, index: index, diagnostics: &diagnostics) else { continue }
            var clash: Diagnostic?
            for name in [emotion.id, emotion.label] + emotion.aliases {
                let key = EmotionCatalog.key(name)
                if let owner = owners[key], owner != emotion.id, clash == nil {
                    clash = .error(at: mapping.location(of: item), "the emotion name '\(name)' is already used by the emotion '\(owner)'")
                }
                owners[key] = owners[key] ?? emotion.id
            }
            if let clash { diagnostics.append(clash) } else { emotions.append(emotion) }
        }
        return (emotions, diagnostics)
    }

    /// `strings:`: the site's words by key. An unknown key is a warning (with the nearest known
    /// key), so a typo does not silently leave the built-in word in place.
    private static func readStrings(_ field: YAMLMapping.Field, in mapping: YAMLMapping) -> ([String: String], [Diagnostic]) {
        if case .scalar(let scalar) = field.value, ScalarKind.of(scalar) == .null { return ([:], []) }
        let strings: YAMLMapping
        switch mapping.mapping(field.value) {
        case .success(let parsed): strings = parsed
        case .failure:
            return ([:], [.error(at: mapping.location(of: field.value),
                                 "'strings' must be 'key: text' lines, such as 'stats: Statistics'")])
        }
        var table: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        let known = Set(SiteStrings.keys)
        for item in strings.fields {
            guard known.contains(item.key) else {
                let hint = Suggestion.hint(for: item.key, among: SiteStrings.keys)
                diagnostics.append(.warning(at: strings.location(of: item.keyNode), "unknown string '\(item.key)' is ignored\(hint)"))
                continue
            }
            switch strings.text(item) {
            case .success(let text): table[item.key] = text
            case .failure(let problem): diagnostics.append(problem)
            }
        }
        return (table, diagnostics)
    }

    private static func readEmotion(_ item: YAMLMapping, at node: Node, index: Int, diagnostics: inout [Diagnostic]) -> Emotion? {
        func take<T>(_ result: Result<T, Diagnostic>) -> T? {
            switch result {
            case .success(let value): return value
            case .failure(let problem): diagnostics.append(problem); return nil
            }
        }
        guard let idField = item["id"] else {
            diagnostics.append(.error(at: item.location(of: node), "each emotion needs an 'id', such as 'id: happy'"))
            return nil
        }
        guard let id = take(item.text(idField)) else { return nil }
        if Slug.make(from: id).utf8.count > Slug.longestBytes, let problem = Slug.problem(naming: id, as: "emotion") {
            diagnostics.append(.error(at: item.location(of: idField.value), problem))
            return nil
        }
        guard !id.isEmpty, Slug.make(from: id) == id else {
            let slug = Slug.make(from: id)
            let hint = slug.isEmpty ? "" : " such as '\(slug)'"
            diagnostics.append(.error(at: item.location(of: idField.value),
                                      "the emotion id '\(id)' must be lower-case letters, digits and '-'\(hint)"))
            return nil
        }
        let preset = Emotion.defaults.first { $0.id == id }
        var emotion = Emotion(id: id, label: preset?.label ?? id.prefix(1).uppercased() + id.dropFirst(),
                              emoji: preset?.emoji ?? "•", color: preset?.color ?? Emotion.palette[index % Emotion.palette.count],
                              aliases: [])
        for field in item.fields where field.key != "id" {
            switch field.key {
            case "label": if let label = take(item.text(field)), !label.isEmpty { emotion.label = label }
            case "emoji": if let emoji = take(item.text(field)), !emoji.isEmpty { emotion.emoji = emoji }
            case "color":
                guard let color = take(item.text(field)) else { break }
                if isHexColor(color) {
                    emotion.color = color
                } else {
                    diagnostics.append(.error(at: item.location(of: field.value), "color must look like '#f5c542' or '#fc4', found '\(color)'"))
                }
            case "aliases":
                if let aliases = take(item.textList(field)) { emotion.aliases = aliases.map(\.text) }
            default:
                let hint = Suggestion.hint(for: field.key, among: emotionKeys, meanings: emotionKeyMeanings)
                diagnostics.append(.warning(at: item.location(of: field.keyNode), "unknown key '\(field.key)' of an emotion is ignored\(hint)"))
            }
        }
        return emotion
    }

    private static func isHexColor(_ text: String) -> Bool {
        let digits = text.dropFirst()
        return text.hasPrefix("#") && [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
    }

    private static func isLocaleIdentifier(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false).flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
