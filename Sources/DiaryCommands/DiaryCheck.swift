import DiaryModel
import DiaryReader
import Foundation
import SiteBuilder
import SitePages

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
        // Pictures are checked by their headers: a check never decodes a photo.
        // Those of entries with other problems too: every problem of the diary at once.
        let diagnostics = result.diagnostics + PictureCheck.diagnostics(of: result.pictureUses, root: root)
        let usedEmotions = Set(diary.entries.flatMap(\.emotionIDs))
        let summary = "\(diary.entries.count) \(plural(diary.entries.count, "entry", "entries")), "
            + "\(diary.days.count) \(plural(diary.days.count, "day", "days")), "
            + "\(usedEmotions.count) \(plural(usedEmotions.count, "emotion", "emotions")): "
            + "\(diagnostics.errorCount) \(plural(diagnostics.errorCount, "error", "errors")), "
            + "\(diagnostics.warningCount) \(plural(diagnostics.warningCount, "warning", "warnings"))"
        return Report(diagnostics: diagnostics, summary: summary)
    }

    static func plural(_ count: Int, _ one: String, _ many: String) -> String {
        count == 1 ? one : many
    }
}
