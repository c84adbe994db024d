import BuildSupport
import DiaryIndex
import DiaryModel
import DiaryReader
import Pictures
import SitePages

extension BuildContext {
    /// Step 4: the site index (days, months, emotions, tags, the gallery), or the session's last
    /// one brought up to date while the entries keep their shape. Every picture is processed (or
    /// found in the cache) on another core meanwhile, before any page is planned: a picture that
    /// cannot be published fails the build with the output untouched.
    mutating func index() -> BuildStepOutcome {
        let diary = reading.result.diary
        let keptIndex = last.siteIndex(for: diary, configKey: configKey)
        let pictureLibrary = PictureLibrary(cacheFolder: pictureFolder)
        // The same pictures as last time while the entries kept their shape and no file but an entry
        // changed (a picture may have).
        let onlyEntriesChanged = changedPaths?.allSatisfy(ContentFiles.isEntryPath) ?? false
        let keptPictures = last.pictures(indexIsKept: keptIndex != nil, onlyEntriesChanged: onlyEntriesChanged)
        let (entries, rootPath) = (diary.entries, root.path)
        let preparedPictures = keptPictures == nil
            ? BackgroundValue(working: { PublishedPictures.prepare(entries, root: rootPath, library: pictureLibrary) }) : nil
        let index: SiteIndex
        let stats: BackgroundValue<DiaryStats>
        if let keptIndex, let keptStats = last.stats(updatedFor: keptIndex) {
            (index, stats) = (keptIndex, BackgroundValue(keptStats))
        } else {
            index = SiteIndex(diary: diary)
            // Needed from the plan on: worked out on another core while the pictures are looked at.
            stats = BackgroundValue(working: { DiaryStats(index: index) })
        }
        indexing = Indexing(index: index, stats: stats, isKept: keptIndex != nil, keptPictures: keptPictures,
                            preparedPictures: preparedPictures, pictureLibrary: pictureLibrary, onlyEntriesChanged: onlyEntriesChanged)
        return .goOn
    }

    /// Step 5: the pictures, as processed beside the index (or the session's), and the site-wide
    /// values every page is drawn with. A picture that cannot be published ends the build.
    mutating func processPictures() -> BuildStepOutcome {
        let (pictures, problems) = indexing.keptPictures.map { ($0, []) } ?? indexing.preparedPictures!.value
        report.diagnostics += problems
        report.processedPictureCount = indexing.pictureLibrary.processor.decodeCount
        report.publishedPictureCount = pictures.distinctCount
        guard problems.isEmpty else { return .endBuild }
        shared = SiteValues(index: indexing.index, pictures: pictures, cardsFor: [])
        return .goOn
    }
}
