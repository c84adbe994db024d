/// What the output folder holds of what the last build into it wrote, as a check found it.
struct OutputFindings: @unchecked Sendable {
    /// What the last build wrote (output path → fingerprint); nil when unknown, or not asked for.
    var manifest: ManifestView?
    /// The same as the build cache saved it, which a build that goes on saves again with its changes.
    var savedManifest: Manifest?
    /// Which of those files are gone from the output folder.
    var missing: Set<String> = []
    /// The output folder's folders as the check found them whole; nil when it did not look.
    var folderStamps: FolderStamps?
    /// Whether those differ from the saved ones.
    var newFolderStamps = false

    init() {}

    /// Looks in `folder` for the files `manifest` lists, trusting the folders `stamps` vouches
    /// for (`OutputFolder.check`); `withEntries` also indexes the manifest by path, which a
    /// build that goes on needs. Finds nothing when there is no manifest or no folder.
    init(_ folder: OutputFolder, manifest: Manifest?, stamps: FolderStamps, settling: Int, withEntries: Bool = true,
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
/// (`OutputFindings`), or, when every folder is as the last check found it against the manifest
/// the cache still holds, found unchanged without reading the manifest at all
/// (`FolderStamps.unchangedFileCount`). A build that goes on reads it then (`findings`).
struct OutputLook: @unchecked Sendable {
    /// The last build's manifest, when it was read.
    let manifest: Manifest?
    /// What the check found; nil when the folder was found unchanged without one.
    private let checked: OutputFindings?
    /// How many files the last build wrote, when the folder was found unchanged without a check.
    private let unchangedFileCount: Int?

    init(_ folder: OutputFolder, cache: BuildCache, clean: Bool, settling: Int) {
        if !clean, let count = FolderStamps.unchangedFileCount(of: folder, cache: cache) {
            (manifest, checked, unchangedFileCount) = (nil, nil, count)
            return
        }
        let manifest = clean ? nil : Manifest.load(from: cache)
        self.manifest = manifest
        checked = OutputFindings(folder, manifest: manifest, stamps: FolderStamps.load(from: cache), settling: settling, withEntries: false)
        unchangedFileCount = nil
    }

    /// How many files the last build wrote; nil when unknown.
    var fileCount: Int? { unchangedFileCount ?? manifest?.count }

    /// Whether no file the last build wrote is gone (and the folder could be looked at).
    var nothingIsGone: Bool {
        unchangedFileCount != nil || checked.map { $0.missing.isEmpty && $0.folderStamps != nil } == true
    }

    /// What a nothing-changed build needs of the look: new stamps to save, if any.
    var findingsOfANoOp: OutputFindings { checked ?? OutputFindings() }

    /// What a build that goes on needs: what is gone, the stamps to save if they changed, and the manifest
    /// (by path too, unless the look could not be made). Reads the manifest when the look did not.
    func findings(cache: BuildCache) -> OutputFindings {
        guard unchangedFileCount != nil else {
            var findings = checked ?? OutputFindings()
            if findings.folderStamps != nil { findings.manifest = manifest.map(ManifestView.init) }
            return findings
        }
        guard let manifest = Manifest.load(from: cache) else { return OutputFindings() }
        // The saved stamps found every folder as it is: they stand, and are not saved again.
        var findings = OutputFindings()
        findings.savedManifest = manifest
        findings.manifest = ManifestView(manifest)
        return findings
    }
}

/// What the last build wrote and which of it is gone, as a build uses them: by the files' paths
/// in the output folder, and by their addresses in the plain site. The two differ only in an
/// encrypted build, where the output folder names files by published path.
struct LastOutput {
    /// Output path → fingerprint; nil when unknown.
    var manifest: ManifestView?
    var missing: Set<String>
    /// The same two by the files' addresses in the plain site.
    var siteManifest: ManifestView?
    var siteMissing: Set<String>
    /// The folders the check found whole, to save for the next check; nil when the saved ones stand.
    var folderStamps: FolderStamps?
    /// `manifest` as the build cache saved it; nil when it is not that (a session's known one).
    var savedManifest: Manifest?

    /// `known` is the manifest as a session knows it, which then stands for the one found.
    init(_ findings: OutputFindings, known: [String: String]?, encryption: OutputEncryption?, cache: BuildCache) {
        let manifest = known.map(ManifestView.init) ?? findings.manifest
        let missing = findings.missing
        let siteView = encryption.map { $0.siteView(of: manifest, missing: missing, cache: cache) }
        self.manifest = manifest
        self.missing = missing
        siteManifest = siteView.map(\.manifest) ?? manifest
        siteMissing = siteView?.missing ?? missing
        folderStamps = findings.newFolderStamps ? findings.folderStamps : nil
        savedManifest = known == nil && manifest != nil ? findings.savedManifest : nil
    }
}
