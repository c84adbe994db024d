import DiaryModel
import Foundation
import SitePages
import Templating

/// A theme loaded and its templates compiled, with the problems found doing so.
struct CompiledTheme {
    var theme: Theme
    var library: TemplateLibrary
    var problems: [Diagnostic]

    /// The page templates every site needs.
    static let pageTemplates = ["home.html", "entry.html", "day.html", "month.html", "year.html", "archive.html",
                                "emotions.html", "emotion.html", "tags.html", "tag.html", "gallery.html", "stats.html", "search.html",
                                "404.html", "on-this-day.json"]

    /// Loads the diary's theme (or the default one) and compiles it for `config`'s locale and timezone.
    init(root: URL, config: DiaryConfig) {
        let (theme, themeProblems) = Theme.load(root: root)
        library = TemplateLibrary(sources: theme.templates, paths: theme.paths,
                                  locale: Locale(identifier: config.localeIdentifier), timeZone: config.timeZone)
        self.theme = theme
        problems = themeProblems + library.errors.map(SiteBuilder.diagnostic(for:)) + Self.missingTemplates(in: library)
    }

    private static func missingTemplates(in library: TemplateLibrary) -> [Diagnostic] {
        let names = Set(library.templateNames)
        return pageTemplates.filter { !names.contains($0) }.map {
            .error(at: SourceLocation(path: "\(Theme.folderName)/\($0)"), "the template '\($0)' is missing")
        }
    }
}

extension BuildContext {
    /// Step 3: takes the theme loaded beside the entries, or the session's. A diary or theme with
    /// errors ends the build here, before any picture is processed.
    mutating func loadTheme() -> BuildStepOutcome {
        let compiled = themeLoad.kept ?? themeLoad.loading!.value
        report.diagnostics += compiled.problems
        if themeLoad.kept == nil { session?.theme = (themeLoad.key, compiled) }
        theme = compiled
        guard !report.hasErrors else {
            // The pictures are not processed: their headers tell the rest of the problems (SPEC §5).
            report.diagnostics += PictureCheck.diagnostics(of: reading.result.pictureUses, root: root)
            return .endBuild
        }
        return .goOn
    }
}
