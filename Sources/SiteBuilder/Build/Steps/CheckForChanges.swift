import BuildSupport
import DiaryFiles
import DiaryModel
import DiaryReader
import Foundation
import SiteOutput
import SitePages

/// What the first step found: the inputs as they are now, what the last build wrote, and
/// whether anything changed since.
struct ChangeCheck {
    var configFile: ConfigFile
    var inputs: InputFingerprint
    var listing: InputFingerprint.Listing
    /// What the last build wrote, as the session knows it (output path → fingerprint); nil
    /// when it does not.
    var knownManifest: [String: String]?
    /// What the output folder holds of what the last build wrote.
    var output = BackgroundValue(OutputFindings())
    /// Content/ holds the same paths as when the session last read it (only files' contents may differ).
    var sameContentPaths = false
    /// The last build's counts, when nothing changed since it.
    var unchanged: (entries: Int, pages: Int, files: Int)?
}

extension BuildContext {
    /// Step 1: what the last build wrote, and which of it is gone. A nothing-changed build needs
    /// none gone, and ends here; any other build rewrites what went missing.
    mutating func checkForChanges() -> BuildStepOutcome {
        change = quickCheck() ?? fullCheck()
        report.baseURL = change.configFile.config.baseURL
        guard let unchanged = change.unchanged, !evenWhenUnchanged else { return .goOn }
        // Folders found whole for the first time: the next check need not look at their files.
        // Not saved, they only cost that check the time they cost this one.
        let look = change.output.value
        if look.newFolderStamps, !options.dryRun { try? look.folderStamps?.save(to: cache) }
        if !options.dryRun { try? change.listing.saveContentMemories(in: cache) }
        report.entryCount = unchanged.entries
        report.pageCount = unchanged.pages
        report.unchangedCount = unchanged.files
        return .endBuild
    }

    /// Lists Content/ and Templates/ and looks at the output folder. Whether the inputs changed or
    /// not, the build needs to know which of the last build's files are gone: the output folder is
    /// looked at on another core while Content/ is listed.
    private func fullCheck() -> ChangeCheck {
        // A memory output is checked by the writer, file by file, against what the cache says it wrote.
        let (folder, cache, clean, settling) = (self.folder, self.cache, options.clean || folder.memory != nil, options.folderSettling)
        let look = BackgroundValue(working: { OutputLook(folder, cache: cache, clean: clean, settling: settling) })
        let configFile = ConfigFile.load(root: root)
        // A clean build reads every folder again (and remembers them anew).
        let last = self.last
        let (inputs, listing) = InputFingerprint.compute(root: root, options: options, output: folder.url, configBytes: configFile.bytes,
                                                         contentMemory: { last.contentMemory() }, contentSnapshot: last.contentSnapshot())
        var check = ChangeCheck(configFile: configFile, inputs: inputs, listing: listing)
        let saved = BuildState.load(from: cache, inputsOnly: true)
        guard inputs.matches(saved.inputs, root: root), let lastFileCount = look.value.fileCount, lastFileCount > 0 else {
            // The build goes on whatever the output holds: the look ends beside the reading of the entries.
            check.output = BackgroundValue(working: { look.value.findings(cache: cache) })
            check.listing.makeContent()
            return check
        }
        // The same inputs: the build is needed only if a file it wrote is gone.
        if look.value.nothingIsGone {
            check.unchanged = (saved.entryCount, saved.pageCount, lastFileCount)
        }
        let goesOn = check.unchanged == nil || evenWhenUnchanged
        check.output = goesOn ? BackgroundValue(working: { look.value.findings(cache: cache) }) : BackgroundValue(look.value.findingsOfANoOp)
        if goesOn { check.listing.makeContent() }
        return check
    }

    /// The check of a session whose watcher named the changed files: only those files are looked
    /// at, and the output folder holds what the session's last build wrote. Nil when that cannot
    /// be trusted (no session memory, a change outside Content/, an overflowing watcher).
    private func quickCheck() -> ChangeCheck? {
        guard let session = last.memory, let changedPaths, let configFile = session.configFile, let content = session.contentListing,
              let manifest = session.manifest, let state = session.state else { return nil }
        let prefix = ContentFiles.folderName + "/"
        guard changedPaths.allSatisfy({ $0.hasPrefix(prefix) && $0.count > prefix.count }) else { return nil }
        let contentFolder = root.appendingPathComponent(ContentFiles.folderName).resolvingSymlinksInPath().path
        let changed = changedPaths.map { String($0.dropFirst(prefix.count)) }
        let updated = FileStatus.updating(content, folder: contentFolder, changed: changed)
        let listing = InputFingerprint.Listing(content: updated, theme: session.themeListing)
        let inputs = InputFingerprint.compute(root: root, options: options, output: folder.url, configBytes: configFile.bytes, listing: listing)
        var check = ChangeCheck(configFile: configFile, inputs: inputs, listing: listing, knownManifest: manifest)
        check.sameContentPaths = FileStatus.haveSamePaths(content, updated, changed: changed)
        if inputs.matches(state.inputs, root: root) { check.unchanged = (state.entryCount, state.pageCount, manifest.count) }
        return check
    }
}
