import DiaryModel
import DiaryReader
import Foundation

/// `daybook check`: read and validate the whole diary, write nothing.
public enum DiaryCheck {
    /// The outcome: every diagnostic in reading order, and the one-line summary.
    public struct Report: Sendable {
        public var diagnostics: [Diagnostic]
        public var summary: String
        public var hasErrors: Bool { diagnostics.contains(where: \.isError) }
    }

    public static func run(root: URL, strict: Bool) -> Report {
        // Drafts are checked too: a broken draft is still a broken file.
        let result = DiaryReader(root: root).read(.init(includeDrafts: true, strict: strict))
        let diary = result.diary
        let usedEmotions = Set(diary.entries.flatMap(\.emotionIDs))
        let summary = "\(diary.entries.count) \(plural(diary.entries.count, "entry", "entries")), "
            + "\(diary.days.count) \(plural(diary.days.count, "day", "days")), "
            + "\(usedEmotions.count) \(plural(usedEmotions.count, "emotion", "emotions")): "
            + "\(result.diagnostics.errorCount) \(plural(result.diagnostics.errorCount, "error", "errors")), "
            + "\(result.diagnostics.warningCount) \(plural(result.diagnostics.warningCount, "warning", "warnings"))"
        return Report(diagnostics: result.diagnostics, summary: summary)
    }

    static func plural(_ count: Int, _ one: String, _ many: String) -> String {
        count == 1 ? one : many
    }
}
