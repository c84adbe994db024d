import DiaryIndex
import DiaryModel
import SiteOutput
import SitePages

extension BuildContext {
    /// Step 8: everything is validated, and from here on the output folder changes (unless this is
    /// a dry run): writes the pages, the pictures the folder lacks, the theme's assets and the
    /// site's own files, through the writer that later removes what the build no longer publishes.
    mutating func write() throws -> BuildStepOutcome {
        picturesKept = picturesAreInTheFolder()
        var files = pageFiles!
        pageFiles = nil
        if !picturesKept { files += pictureOutputFiles() }
        for (path, data) in theme.theme.assets.sorted(by: { $0.key < $1.key }) {
            files.append(OutputFile(path: path, content: .bytes([UInt8](data))))
        }
        let config = reading.result.diary.config
        let offline = OfflineSite(config: config, encryption: encryption, style: theme.theme.assets["assets/style.css"])
        files += offline.siteFiles() + (encryption == nil ? offline.appFiles() : [])
        files.append(OutputFile(path: URLMap.file(of: .robots), content: .bytes(Array("User-agent: *\nDisallow: /\n".utf8))))
        // Taken before the cache forgets the last build's addresses, which an encrypted build's site view reads.
        let lastBuild = lastOutput.manifest.map { OutputWriter.LastBuild(manifest: $0, missing: lastOutput.missing) }
        if !options.dryRun {
            cache.remove(.publishedAddresses)
            // Until this build's record is saved, none: a build stopped midway (or a session
            // that never saves) leaves the next one to look at every file in the folder.
            BuildState.forgetInputs(in: cache)
            cache.setAside(.manifest)
        }
        writer = try OutputWriter(folder: folder, cache: cache, clean: options.clean, last: lastBuild,
                                  dryRun: options.dryRun, encryption: encryption)
        try writer.write(files)
        if let encryption { try writer.write(encryption.publicFiles(for: config) + offline.appFiles(), inTheClear: true) }
        writer.closingFiles = offline.closingFiles
        // The pages' bytes are on disk: let them go, and hand the memory back to the system,
        // before the search index takes its own (the peak is the larger of the two, not the sum).
        files = []
        MemoryRelease.returnFreedMemory()
        return .goOn
    }

    /// Whether the folder holds the pictures' files as they are: the session's last build wrote
    /// the same pictures, or, in a plain build, the very files the last build saved that it wrote;
    /// either way none of them gone, and the last build's manifest known. Thousands of pictures are
    /// not looked at again on every edit, nor their paths made.
    private mutating func picturesAreInTheFolder() -> Bool {
        // Kept files keep the fingerprints the last build's manifest gives them. Without it (a
        // session's build whose save has not run leaves none in the cache, and a change outside
        // Content/ makes the next build read the cache) the writer knows the folder's files only
        // by path, of unknown content, and the pictures are written again.
        guard lastOutput.manifest != nil, !lastOutput.missing.contains(where: PublishedPictures.isPictureFile) else { return false }
        if let files = last.pictureFiles(of: shared.pictures) {
            madePictureFiles = files
            return true
        }
        return encryption == nil && !options.clean && reading.previous.pictureFilesKey == shared.pictures.filesKey
    }

    /// The pictures' output files, made once when first asked for.
    mutating func pictureOutputFiles() -> [OutputFile] {
        if let made = madePictureFiles { return made }
        let files = shared.pictures.outputFiles()
        madePictureFiles = files
        return files
    }
}
