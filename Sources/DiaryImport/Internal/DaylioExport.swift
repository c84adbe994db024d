import DiaryModel
import DiaryReader
import Foundation

/// Daylio's CSV export ("Export entries" → CSV): newest first, one row an entry, with the columns
/// `full_date,date,weekday,time,mood,activities,note_title,note`. `full_date` is `YYYY-MM-DD`
/// (older exports have `year` and a `date` such as `18 May`), `time` is `6:50 pm` or `18:50` on
/// the phone's clock, `mood` is the name of one of the user's moods (`rad`, `good`, `meh`, `bad`,
/// `awful` unless renamed), `activities` are separated by ` | `, and `note` may hold Daylio's few
/// HTML tags. The export has no timezone: the time is the wall clock where the entry was written.
enum DaylioExport {
    static func entries(fromCSV text: String, file: String) throws -> [ImportedEntry] {
        let table: CSVTable
        do {
            table = try CSVTable(parsing: text)
        } catch let problem as CSVTable.UnclosedQuote {
            throw ImportError(file: file, line: problem.line, "a quote opened here is never closed")
        }
        let fullDate = table.column("full_date")
        let year = table.column("year")
        let shortDate = table.column("date")
        guard let time = table.column("time"), let mood = table.column("mood"), fullDate != nil || (year != nil && shortDate != nil) else {
            throw ImportError(file: file, line: 1, "not a Daylio CSV export: the first line must name the columns full_date, time and mood (found: \(table.header.joined(separator: ",")))")
        }
        let activities = table.column("activities")
        let title = table.column("note_title")
        let note = table.column("note")

        var entries: [ImportedEntry] = []
        var seen: [String: Int] = [:]
        for row in table.rows {
            let dateText = fullDate.map { row.value($0).trimmed } ?? "\(row.value(year).trimmed) \(row.value(shortDate).trimmed)"
            guard let day = fullDate != nil ? fullDay(dateText) : shortDay(dateText) else {
                throw ImportError(file: file, line: row.line, "cannot read the date '\(dateText)'; Daylio writes it as 2025-10-20")
            }
            let timeText = row.value(time).trimmed
            guard let clock = clockTime(timeText) else {
                throw ImportError(file: file, line: row.line, "cannot read the time '\(timeText)'; Daylio writes it as 6:50 pm or 18:50")
            }
            let moodName = row.value(mood).trimmed
            guard !moodName.isEmpty else {
                throw ImportError(file: file, line: row.line, "the entry of \(day) \(timeText) has no mood")
            }
            let local = LocalDateTime(day: day, hour: clock.hour, minute: clock.minute)
            let noteTitle = DaylioNote.markdown(fromHTML: row.value(title)).trimmed
            let tags = row.value(activities).split(separator: "|").map { String($0).trimmed }.filter { !$0.isEmpty }
            let baseID = "daylio:\(local)"
            seen[baseID, default: 0] += 1
            let count = seen[baseID] ?? 1
            entries.append(ImportedEntry(
                label: ImportedEntry.label(local, noteTitle.isEmpty ? nil : noteTitle) + " (line \(row.line))",
                importID: count > 1 ? "\(baseID)#\(count)" : baseID,
                local: local, title: noteTitle.isEmpty ? nil : noteTitle,
                body: DaylioNote.markdown(fromHTML: row.value(note)),
                tags: tags, mood: moodName,
                extra: [.init("daylio_mood", .text(moodName))]
            ))
        }
        return entries
    }

    private static func fullDay(_ text: String) -> Day? {
        guard case .success(let date) = EntryDate.parse(text), date.wallClock.hour == 0, date.wallClock.minute == 0,
              !text.contains(" ") else { return nil }
        return date.wallClock.day
    }

    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july",
                                     "august", "september", "october", "november", "december"]

    /// `2018 18 May` (older exports: the year column, then the day and English month name).
    private static func shortDay(_ text: String) -> Day? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let year = Int(parts[0]), let day = Int(parts[1]) else { return nil }
        let name = parts[2].lowercased()
        guard let month = monthNames.firstIndex(where: { $0 == name || (name.count >= 3 && $0.hasPrefix(name)) }),
              Day.isValid(year: year, month: month + 1, day: day) else { return nil }
        return Day(year: year, month: month + 1, day: day)
    }

    /// `6:50 pm`, `12:19 AM`, `18:50`, `18:50:00`, and Korean `오후 6:50`.
    static func clockTime(_ text: String) -> (hour: Int, minute: Int)? {
        var words = text.lowercased().replacingOccurrences(of: ".", with: "").trimmed
        var afternoon: Bool?
        for (marker, isAfternoon) in [("am", false), ("pm", true)] where words.hasSuffix(marker) {
            afternoon = isAfternoon
            words = String(words.dropLast(marker.count)).trimmed
        }
        for (marker, isAfternoon) in [("오전", false), ("오후", true)] where words.hasPrefix(marker) {
            afternoon = isAfternoon
            words = String(words.dropFirst(marker.count)).trimmed
        }
        let parts = words.split(separator: ":")
        guard (2...3).contains(parts.count), let hour = Int(parts[0]), let minute = Int(parts[1]),
              parts[1].count == 2, minute < 60 else { return nil }
        switch afternoon {
        case nil:
            return hour < 24 ? (hour, minute) : nil
        case let isAfternoon?:
            guard (1...12).contains(hour) else { return nil }
            return ((hour % 12) + (isAfternoon ? 12 : 0), minute)
        }
    }
}
