import BuildSupport
import DiaryIndex
import DiaryModel
import SiteOutput
import SitePages

/// The plan step's outcome: the pages to render among those planned, and what a next build keeps.
struct PlannedPages {
    enum Kept {
        /// The session's last plan (`keepSessionPlan`): `pages` are every page.
        case session
        /// The plan the last build saved (`keepSavedPlan`): `pages` are only those signed again.
        case saved(SavedPagePlan)
    }

    var pages: [PlannedPage]
    var signer: PageSignatures
    var signatures: [UInt64]
    /// Positions in `pages` of those to render.
    var stale: [Int]
    var memo: BuildSession.PlanMemo?
    var kept: Kept?
    /// How many pages the site has.
    var pageCount: Int
    /// The entries' shape key (`SavedPagePlan.shapeKey`), when worked out.
    var shapeKey: UInt64?

    /// Whether `pages` are the same pages as the session's last build planned.
    var isSessionPlan: Bool {
        if case .session = kept { return true }
        return false
    }

    /// The plan the last build saved, when this build kept it.
    var savedPlan: SavedPagePlan? {
        if case .saved(let plan) = kept { return plan }
        return nil
    }
}

extension BuildContext {
    /// Step 6: plans the pages and signs them; a page is to be rendered when its signature differs
    /// from the last build's or the output folder lacks it. A session keeps its last plan, and a
    /// command-line build the plan the last build saved, while the entries keep their shape.
    mutating func planPages(retitle: (String) -> Void) -> BuildStepOutcome {
        lastOutput = LastOutput(change.output.value, known: change.knownManifest, encryption: encryption, cache: cache)
        let index = indexing.index
        // The entries' versions are worked out on every core while the statistics, which the plan
        // needs, may still be worked out on another.
        let signer = PageSignatures(index: index, values: shared, library: theme.library, sources: theme.theme.templates,
                                    configKey: configKey, known: last.entryVersions, saved: reading.previous.entryVersions)
        var plan = PagePlan(index: index, stats: indexing.stats.value)
        if encryption != nil { plan.onThisDayForm = .calendar }
        searchPlan = startPlanningSearchIndex(signer: signer)
        planned = planned(plan, signer: signer, retitle: retitle)
        lastNonPages = startListingLastNonPages()
        return .goOn
    }

    /// Whether the search index stays, and the files an update of it makes, are worked out on
    /// another core while the pages are planned, rendered and written: it reads only the index's
    /// own state and files.
    private func startPlanningSearchIndex(signer: PageSignatures) -> BackgroundValue<SiteBuilder.SearchIndexPlan> {
        let (index, emotions) = (indexing.index, reading.result.diary.emotions)
        let (manifest, missing, known) = (lastOutput.siteManifest, lastOutput.siteMissing, last.searchState)
        let lastSignature = reading.previous.pageSignatures[SiteBuilder.searchIndexKey]
        let store = SearchIndexStore(cache: cache, folder: folder, encryption: encryption)
        return BackgroundValue(working: {
            SiteBuilder.planSearchIndex(index: index, emotions: emotions, signer: signer, lastSignature: lastSignature,
                                        manifest: manifest, missing: missing, store: store, known: known)
        })
    }

    private func planned(_ plan: PagePlan, signer: PageSignatures, retitle: (String) -> Void) -> PlannedPages {
        let index = indexing.index
        guard session != nil else {
            let shapeKey = SavedPagePlan.shapeKey(configKey: configKey, emotions: reading.result.diary.emotions, entries: index.entries)
            if let saved = reading.previous.plan, let planned = keepSavedPlan(saved, shapeKey: shapeKey, plan: plan, signer: signer) {
                retitle("Plan \(BuildPipeline.count(planned.pages.count)) of \(BuildPipeline.count(planned.pageCount)) pages; the others as the last build planned them")
                return planned
            }
            let pages = plan.pages()
            let signatures = signer.signatures(of: pages)
            return PlannedPages(pages: pages, signer: signer, signatures: signatures, stale: stalePages(pages, signatures),
                                pageCount: pages.count, shapeKey: shapeKey)
        }
        // The output holds what the session's last build wrote: its plan and signatures still describe it.
        if indexing.isKept, lastOutput.missing.isEmpty, last.memory?.plan?.versions.count == signer.entryVersions.count,
           var memo = last.takePlan() {
            if let stale = Self.keepSessionPlan(&memo, plan: plan, signer: signer) {
                return PlannedPages(pages: memo.pages, signer: signer, signatures: memo.signatures, stale: stale, memo: memo,
                                    kept: .session, pageCount: memo.pages.count)
            }
        }
        let pages = plan.pages()
        let signatures = signer.signatures(of: pages)
        var pagesOfEntry = [[Int]](repeating: [], count: index.entries.count)
        for (position, page) in pages.enumerated() {
            for entry in page.entries { pagesOfEntry[entry].append(position) }
        }
        let memo = BuildSession.PlanMemo(pages: pages, pagesOfEntry: pagesOfEntry,
                                         statisticsPages: pages.indices.filter { pages[$0].content.isStatistics },
                                         context: signer.context(of: pages), versions: signer.entryVersions, signatures: signatures)
        return PlannedPages(pages: pages, signer: signer, signatures: signatures, stale: stalePages(pages, signatures), memo: memo,
                            pageCount: pages.count)
    }

    /// The pages to render: those whose signature differs from the last build's, or that the
    /// output folder does not hold.
    private func stalePages(_ pages: [PlannedPage], _ signatures: [UInt64]) -> [Int] {
        let (previous, manifest, missing) = (reading.previous.pageSignatures, lastOutput.siteManifest, lastOutput.siteMissing)
        // Looked up on every core: a large site has hundreds of thousands of pages.
        let isStale = ParallelMap.map(Array(pages.indices), chunkSize: 1024) { position in
            let path = pages[position].path
            return previous[path] != signatures[position] || manifest?.contains(path) != true || missing.contains(path)
        }
        return pages.indices.filter { isStale[$0] }
    }

    /// Keeps the session's last plan: the statistics pages taken anew, and only they and the
    /// pages of entries whose version changed signed again. Returns the pages whose signature
    /// changed; nil (and `memo` as it was) when the signatures' context changed (the
    /// configuration, site-wide values or templates).
    private static func keepSessionPlan(_ memo: inout BuildSession.PlanMemo, plan: PagePlan, signer: PageSignatures) -> [Int]? {
        let statistics = plan.yearPages() + [plan.statsPage()]
        guard statistics.count == memo.statisticsPages.count else { return nil }
        // As many statistics pages as before: the same templates.
        let context = signer.context(ofTemplates: memo.context.templates.keys)
        guard context == memo.context else { return nil }
        for (position, page) in zip(memo.statisticsPages, statistics) { memo.pages[position] = page }
        var resign = Set(memo.statisticsPages)
        for entry in signer.entryVersions.indices where signer.entryVersions[entry] != memo.versions[entry] {
            resign.formUnion(memo.pagesOfEntry[entry])
        }
        var stale: [Int] = []
        for position in resign {
            let signature = signer.signature(of: memo.pages[position], in: context)
            if signature != memo.signatures[position] { stale.append(position) }
            memo.signatures[position] = signature
        }
        memo.versions = signer.entryVersions
        return stale.sorted()
    }

    /// Keeps the plan the last build saved when the entries have its shape and the signatures'
    /// context is the same: plans and signs only the statistics pages and the pages of entries
    /// whose version changed. Nil when it cannot be kept, or the output folder lost a file (a
    /// build that writes it back plans every page).
    private func keepSavedPlan(_ saved: SavedPagePlan, shapeKey: UInt64, plan: PagePlan, signer: PageSignatures) -> PlannedPages? {
        guard saved.shapeKey == shapeKey, saved.versions.count == signer.entryVersions.count,
              lastOutput.siteManifest != nil, lastOutput.siteMissing.isEmpty,
              signer.context(ofTemplates: saved.context.templates.keys) == saved.context else { return nil }
        let positions = saved.positionsToSign(versions: signer.entryVersions)
        let pages = plan.pages(at: positions)
        guard pages.count == positions.count,
              saved.statisticsPages.allSatisfy({ position in
                  positions.firstIndex(of: position).map { pages[$0].content.isStatistics } ?? false
              }) else { return nil }
        let signatures = pages.map { signer.signature(of: $0, in: saved.context) }
        return PlannedPages(pages: pages, signer: signer, signatures: signatures, stale: stalePages(pages, signatures),
                            kept: .saved(saved), pageCount: saved.pageCount, shapeKey: shapeKey)
    }

    /// A command-line build that keeps the saved plan ends by removing the last build's files that
    /// are neither pages nor written or kept again: which of them are not pages is worked out on
    /// another core while the pages are rendered and written (a lookup of each of the last build's paths).
    private func startListingLastNonPages() -> BackgroundValue<[String]>? {
        guard planned.savedPlan != nil, encryption == nil, let lastManifest = lastOutput.manifest else { return nil }
        let pageSignatures = reading.previous.pageSignatures
        return BackgroundValue(working: {
            lastManifest.paths(whereHash: { !pageSignatures.contains(key: $0) }).filter { !$0.hasPrefix(".") }
        })
    }
}
