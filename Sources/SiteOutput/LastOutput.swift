/// What the output folder holds of what the last build into it wrote, as a check found it.
package struct OutputFindings: @unchecked Sendable {
    /// What the last build wrote (output path → fingerprint); nil when unknown, or not asked for.
    package var manifest: ManifestView?
    /// The same as the build cache saved it, which a build that goes on saves again with its changes.
    package var savedManifest: Manifest?
    /// Which of those files are gone from the output folder.
    package var missing: Set<String> = []
    /// The output folder's folders as the check found them whole; nil when it did not look.
    package var folderStamps: FolderStamps?
    /// Whether those differ from the saved ones.
    package var newFolderStamps = false

    package init() {}

    /// Looks in `folder` for the files `manifest` lists, trusting the folders `stamps` vouches
    /// for (`OutputFolder.check`); `withEntries` also indexes the manifest by path, which a
    /// build that goes on needs. Finds nothing when there is no manifest or no folder.
    package init(_ folder: OutputFolder, manifest: Manifest?, stamps: FolderStamps, settling: Int, withEntries: Bool = true,
         onEveryCore: Bool = true) {
        guard let manifest, let check = folder.check(manifest, stamps: stamps, settling: settling, onEveryCore: onEveryCore) else { return }
        self.manifest = withEntries ? ManifestView(manifest) : nil
        savedManifest = manifest
        missing = check.missing
        folderStamps = check.stamps
        newFolderStamps = check.stamps != stamps
    }
}

/// The output folder as a build first looks at it: checked against the last build's manifest
/// (`OutputFindings`), or, when every folder is as the last check left its list of them against
/// the manifest the cache still holds, found unchanged without reading the manifest at all
/// (`FolderStamps.quickLook`). A build that goes on reads it then (`findings`).
package struct OutputLook: @unchecked Sendable {
    /// The last build's manifest, when it was read.
    package let manifest: Manifest?
    /// What the check found; nil when the folder was found unchanged without one.
    private let checked: OutputFindings?
    /// The folders as found unchanged without a check, and whether pending ones were stamped.
    private let quick: (complete: CompleteFolders, changed: Bool)?

    package init(_ folder: OutputFolder, cache: BuildCache, clean: Bool, settling: Int) {
        if !clean, let quick = FolderStamps.quickLook(of: folder, cache: cache, settling: settling) {
            (manifest, checked, self.quick) = (nil, nil, quick)
            return
        }
        let manifest = clean ? nil : Manifest.load(from: cache)
        self.manifest = manifest
        checked = OutputFindings(folder, manifest: manifest, stamps: FolderStamps.load(from: cache), settling: settling, withEntries: false)
        quick = nil
    }

    /// How many files the last build wrote; nil when unknown.
    package var fileCount: Int? { quick?.complete.fileCount ?? manifest?.count }

    /// Whether no file the last build wrote is gone (and the folder could be looked at).
    package var nothingIsGone: Bool {
        quick != nil || checked.map { $0.missing.isEmpty && $0.folderStamps != nil } == true
    }

    /// The stamps of a quick look, as a check's findings give them.
    private var quickFindings: OutputFindings {
        var findings = OutputFindings()
        guard let quick else { return findings }
        // The stamps by folder are needed only by a check against the manifest, which works them out when it loads them.
        findings.folderStamps = FolderStamps(complete: quick.complete)
        findings.newFolderStamps = quick.changed
        return findings
    }

    /// What a nothing-changed build needs of the look: new stamps to save, if any.
    package var findingsOfANoOp: OutputFindings { checked ?? quickFindings }

    /// What a build that goes on needs: what is gone, the stamps to save if they changed, and the manifest
    /// (by path too, unless the look could not be made). Reads the manifest when the look did not.
    package func findings(cache: BuildCache) -> OutputFindings {
        guard quick != nil else {
            var findings = checked ?? OutputFindings()
            if findings.folderStamps != nil { findings.manifest = manifest.map(ManifestView.init) }
            return findings
        }
        guard let manifest = Manifest.load(from: cache) else { return OutputFindings() }
        var findings = quickFindings
        findings.savedManifest = manifest
        findings.manifest = ManifestView(manifest)
        return findings
    }
}

/// What the last build wrote and which of it is gone, as a build uses them: by the files' paths
/// in the output folder, and by their addresses in the plain site. The two differ only in an
/// encrypted build, where the output folder names files by published path.
package struct LastOutput {
    /// Output path → fingerprint; nil when unknown.
    package var manifest: ManifestView?
    package var missing: Set<String>
    /// The same two by the files' addresses in the plain site.
    package var siteManifest: ManifestView?
    package var siteMissing: Set<String>
    /// The folders the check found whole, to save for the next check; nil when the saved ones stand.
    package var folderStamps: FolderStamps?
    /// `manifest` as the build cache saved it; nil when it is not that (a session's known one).
    package var savedManifest: Manifest?
    /// Every folder of `savedManifest` as the check found them whole (`CompleteFolders`), for the
    /// build to bring up to date with its changes; nil when the check could not list them.
    package var completeFolders: CompleteFolders?

    /// `known` is the manifest as a session knows it, which then stands for the one found.
    package init(_ findings: OutputFindings, known: [String: String]?, encryption: OutputEncryption?, cache: BuildCache) {
        let manifest = known.map(ManifestView.init) ?? findings.manifest
        let missing = findings.missing
        let siteView = encryption.map { $0.siteView(of: manifest, missing: missing, cache: cache) }
        self.manifest = manifest
        self.missing = missing
        siteManifest = siteView.map(\.manifest) ?? manifest
        siteMissing = siteView?.missing ?? missing
        folderStamps = findings.newFolderStamps ? findings.folderStamps : nil
        savedManifest = known == nil && manifest != nil ? findings.savedManifest : nil
        completeFolders = savedManifest != nil ? findings.folderStamps?.complete : nil
    }
}
