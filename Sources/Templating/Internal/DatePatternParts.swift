import Foundation

/// A date pattern cut where its day fields end and its time-of-day fields or its UTC offset
/// begin (`yyyy-MM-dd (EEE) ` · `HH:mm` · `XXX`), so that each part is formatted through ICU once
/// per local day, time of day or offset instead of once per instant: a diary of ten entries a day
/// formats each entry's time in several patterns, and ICU took about 11,000 instructions a date.
///
/// Made only for a pattern whose every field depends on one of those three alone, and whose
/// parts, formatted apart, give the whole pattern's text at a spread of sample instants (a
/// locale whose output would differ keeps formatting the pattern whole).
final class DatePatternParts {
    private enum Kind: Equatable {
        case day, timeOfDay, offset
    }

    private struct Part {
        let kind: Kind
        let formatter: DateFormatter
        /// Text by local day number, second of the day or offset in seconds.
        var known: [Int: String] = [:]
    }

    private var parts: [Part]
    private let timeZone: TimeZone

    /// Nil when the pattern has a field that depends on more (a zone name, a fraction of a
    /// second), or parts that do not join into `whole`'s text. A pattern of one part (`yyyy-MM-dd`)
    /// is `whole` itself, formatted once per day.
    init?(pattern: String, locale: Locale, timeZone: TimeZone, whole: DateFormatter) {
        guard let cut = Self.cut(pattern) else { return nil }
        self.timeZone = timeZone
        if cut.count == 1 {
            parts = [Part(kind: cut[0].0, formatter: whole)]
            return
        }
        parts = cut.map { kind, subpattern in
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateFormat = subpattern
            return Part(kind: kind, formatter: formatter)
        }
        // Samples across months, weekdays, hours of day and both sides of a daylight saving change.
        let start = Date(timeIntervalSince1970: 1_736_035_200)
        for sample in 0..<16 {
            let date = start.addingTimeInterval(Double(sample) * (37 * 86_400 + 5 * 3_600 + 7 * 60 + 13))
            guard parts.map({ $0.formatter.string(from: date) }).joined() == whole.string(from: date) else { return nil }
        }
    }

    func string(from date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        var text = ""
        for index in parts.indices {
            let key: Int
            switch parts[index].kind {
            case .day: key = day
            case .timeOfDay: key = local - day * 86_400
            case .offset: key = offset
            }
            if let known = parts[index].known[key] {
                text += known
            } else {
                let made = parts[index].formatter.string(from: date)
                parts[index].known[key] = made
                text += made
            }
        }
        return text
    }

    /// The pattern's parts with what each depends on, literals kept with the field before them
    /// (those before the first field, with it); nil if a field depends on anything else.
    private static func cut(_ pattern: String) -> [(Kind, String)]? {
        var parts: [(Kind, String)] = []
        var pending = ""
        var characters = Array(pattern)[...]
        while let character = characters.first {
            if character == "'" {
                // A quoted literal, or '' for a quote; kept as written.
                var literal = "'"
                characters.removeFirst()
                while let next = characters.first {
                    literal.append(next)
                    characters.removeFirst()
                    if next == "'" { break }
                }
                append(literal, to: &parts, pending: &pending)
            } else if character.isASCII, character.isLetter {
                let run = characters.prefix { $0 == character }
                characters.removeFirst(run.count)
                guard let kind = kind(of: character) else { return nil }
                if parts.last?.0 == kind {
                    parts[parts.count - 1].1 += String(run)
                } else {
                    parts.append((kind, pending + String(run)))
                    pending = ""
                }
            } else {
                append(String(character), to: &parts, pending: &pending)
                characters.removeFirst()
            }
        }
        guard !parts.isEmpty else { return nil }
        parts[parts.count - 1].1 += pending
        return parts
    }

    private static func append(_ literal: String, to parts: inout [(Kind, String)], pending: inout String) {
        if parts.isEmpty { pending += literal } else { parts[parts.count - 1].1 += literal }
    }

    /// What an ICU pattern field's text depends on, for the fields that depend on one thing only.
    private static func kind(of field: Character) -> Kind? {
        switch field {
        case "G", "y", "Y", "u", "U", "r", "Q", "q", "M", "L", "w", "W", "d", "D", "F", "g", "E", "e", "c": return .day
        case "a", "h", "H", "k", "K", "m", "s": return .timeOfDay
        case "X", "x", "Z", "O": return .offset
        default: return nil
        }
    }
}
