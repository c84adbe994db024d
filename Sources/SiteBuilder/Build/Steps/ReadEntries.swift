import BuildSupport
import DiaryModel
import DiaryReader
import Foundation
import SitePages
import Templating

extension BuildContext {
    /// Step 2: reads the entries (only the changed files, when the session read the rest), and
    /// the state the last build saved. The theme is loaded on another core meanwhile.
    mutating func readEntries() -> BuildStepOutcome {
        configKey = SiteBuilder.configKey(change.configFile, encryption: options.encryption)
        themeLoad = startLoadingTheme()
        let reader = DiaryReader(root: root)
        let readerOptions = DiaryReader.Options(includeDrafts: options.includeDrafts, strict: options.strict)
        let change = self.change!
        func readAll(cache entryCache: EntryCache?) -> (DiaryReadResult, ContentFiles?) {
            let files = change.listing.content.map(ContentFiles.init(listing:))
            return (reader.read(readerOptions, cache: entryCache, files: files, configFile: change.configFile), files?.withoutStatuses())
        }
        if let previous = last.keptState {
            // Content/ holds the same files as at the session's last reading: only the changed ones are read.
            if change.sameContentPaths, let changedPaths, let lastReading = last.reading,
               let result = reader.reread(changedPaths, after: lastReading.result, among: lastReading.files,
                                          configFile: change.configFile, options: readerOptions) {
                reading = Reading(previous: previous, result: result, files: lastReading.files)
            } else {
                let (result, files) = readAll(cache: previous.entryCache)
                reading = Reading(previous: previous, result: result, files: files)
            }
        } else {
            let (previous, (result, files)) = BuildState.load(from: cache, reading: readAll(cache:))
            reading = Reading(previous: previous, result: result, files: files)
        }
        report.diagnostics = reading.result.diagnostics
        report.parsedCount = reading.result.parsedCount
        return .goOn
    }

    /// The theme needs only daybook.yml's locale and timezone: it is loaded on another core while
    /// the entries are read. The same templates, locale and timezone give the same compiled theme,
    /// which a session keeps.
    private func startLoadingTheme() -> ThemeLoad {
        let config = change.configFile.config
        var key = StableHasher()
        for file in change.listing.theme ?? [] {
            key.combine(file.path)
            key.combine(file.size)
            key.combine(file.modified)
        }
        key.combine(config.localeIdentifier)
        key.combine(config.timeZone.identifier)
        if let kept = last.theme(key: key.value) { return ThemeLoad(key: key.value, kept: kept) }
        let root = self.root
        return ThemeLoad(key: key.value, loading: BackgroundValue(working: { CompiledTheme(root: root, config: config) }))
    }
}
