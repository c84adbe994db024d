import DiaryModel

/// Every file an import will write, worked out in full before anything is written, so that a
/// problem anywhere leaves the diary as it was. Pure: the disk is asked only through `isTaken`.
struct ImportPlan {
    /// One entry file and the pictures copied beside it.
    struct EntryFile: Equatable {
        var label: String
        var path: String
        var text: String
        /// The emotion it got and what gave it.
        var emotion: EmotionChoice.Chosen
        /// Path inside the export → path in the diary.
        var pictures: [(source: String, path: String)]
        var notes: [String]

        static func == (lhs: EntryFile, rhs: EntryFile) -> Bool {
            lhs.label == rhs.label && lhs.path == rhs.path && lhs.text == rhs.text && lhs.notes == rhs.notes && lhs.emotion == rhs.emotion
                && lhs.pictures.map(\.source) == rhs.pictures.map(\.source) && lhs.pictures.map(\.path) == rhs.pictures.map(\.path)
        }
    }

    var files: [EntryFile] = []
    var skipped: [ImportReport.Skipped] = []

    /// - Parameters:
    ///   - existing: import id → the entry file that has it, from `Content/`.
    ///   - isTaken: whether a path (relative to the diary root) is already a file.
    init(_ entries: [ImportedEntry], emotions: EmotionChoice, existing: [String: String], isTaken: (String) -> Bool) {
        var planned = Set<String>()
        var seen = Set<String>()
        for entry in entries {
            if let path = existing[entry.importID] {
                skipped.append(.init(label: entry.label, reason: .alreadyImported(path: path)))
                continue
            }
            guard seen.insert(entry.importID).inserted else {
                skipped.append(.init(label: entry.label, reason: .repeatedInExport))
                continue
            }
            let emotion: EmotionChoice.Chosen
            switch emotions.choose(mood: entry.mood, tags: entry.tags) {
            case .success(let chosen): emotion = chosen
            case .failure(let missing):
                skipped.append(.init(label: entry.label, reason: .noEmotion(missing)))
                continue
            }
            let placement = EntryFilePlacement.first(at: entry.local, title: entry.title ?? entry.nameHint,
                                                     pictureExtensions: entry.pictures.map(\.fileExtension)) {
                planned.contains($0) || isTaken($0)
            }
            planned.insert(placement.entryPath)
            planned.formUnion(placement.picturePaths)
            files.append(Self.file(for: entry, emotion: emotion, placement: placement))
        }
    }

    private static func file(for entry: ImportedEntry, emotion: EmotionChoice.Chosen, placement: EntryFilePlacement) -> EntryFile {
        var notes = entry.notes
        var names: [String: String] = [:]
        var listed: [String] = []
        for (picture, path) in zip(entry.pictures, placement.picturePaths) {
            let name = EntryFilePlacement.fileName(of: path)
            if let reference = picture.bodyReference { names[reference] = name } else { listed.append(name) }
        }
        let body = names.isEmpty ? entry.body : MarkdownImages.rewrite(entry.body) { url in
            names[url].map { .replace(url: $0) } ?? .keep
        }
        // Daybook refuses a tag it cannot make a URL of (only emoji, say); the report names it.
        var tags: [String] = []
        var slugs = Set<String>()
        for tag in entry.tags.map(\.trimmed) where !tag.isEmpty {
            let slug = Slug.make(from: tag)
            if slug.isEmpty {
                notes.append("the tag '\(tag)' left out: it has no letters or digits")
            } else if slugs.insert(slug).inserted {
                tags.append(tag)
            }
        }
        let text = EntryFileText(title: entry.title, date: entry.local, emotion: emotion.id, tags: tags, images: listed,
                                 extra: entry.extra + [.init(ImportedIDs.key, .text(entry.importID))], body: body)
        return EntryFile(label: entry.label, path: placement.entryPath, text: text.rendered, emotion: emotion,
                         pictures: Array(zip(entry.pictures.map(\.source), placement.picturePaths)), notes: notes)
    }

    /// The report of this plan, before or after it is written.
    func report(isDryRun: Bool) -> ImportReport {
        ImportReport(imported: files.map {
                         .init(label: $0.label, path: $0.path, pictureCount: $0.pictures.count, emotion: $0.emotion.id,
                               emotionSource: $0.emotion.source, notes: $0.notes)
                     },
                     skipped: skipped, isDryRun: isDryRun)
    }
}
