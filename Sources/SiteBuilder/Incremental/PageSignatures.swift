import BuildSupport
import DiaryIndex
import DiaryModel
import DiaryReader
import DiarySearch
import SitePages
import Templating

/// A signature of everything a page is rendered from. Two builds that give a page the same
/// signature give it the same bytes, so an unchanged signature means the page need not be
/// rendered again.
struct PageSignatures {
    let index: SiteIndex
    let values: SiteValues
    let library: TemplateLibrary
    /// Template name → text.
    let sources: [String: String]
    let configKey: String
    /// Per entry index: a hash of everything about the entry a page shows (`ShownEntry`). The
    /// search index shows nothing a page does not (its text and footnotes come from the body
    /// the page shows, its date from the moment), so the same versions tell it what changed.
    let entryVersions: [UInt64]
    /// Per entry index: a hash of what the entry's card shows, for pages that show it only as a card.
    let cardVersions: [UInt64]

    /// `known` holds versions worked out by an earlier build in this process, by entry identity,
    /// and `saved` those the last build saved, by the stamp of each entry's reading
    /// (`Entry.readingStamp`): an entry read the same way, with the same published pictures, keeps its version.
    init(index: SiteIndex, values: SiteValues, library: TemplateLibrary, sources: [String: String], configKey: String,
         known: EntryVersions = EntryVersions(), saved: SavedEntryVersions = SavedEntryVersions()) {
        self.index = index
        self.values = values
        self.library = library
        self.sources = sources
        self.configKey = configKey
        self.saved = saved
        let pictures = values.pictures
        let knownVersion = known.lookup(publishing: pictures)
        let versions = ParallelMap.map(index.entries, chunkSize: 256) { entry -> (EntryVersion.Pair, fromSaved: Bool) in
            if let version = knownVersion(entry) { return (version, false) }
            if let version = saved.version(of: entry, pictures: pictures) { return (version, true) }
            return (EntryVersion.of(entry, pictures: pictures), false)
        }
        entryVersions = versions.map { $0.0.full }
        cardVersions = versions.map { $0.0.card }
        fromSaved = versions.map { $0.fromSaved }
    }

    /// The versions the last build saved, and which entries' versions were taken from them:
    /// saving the versions again changes only the others'.
    private let saved: SavedEntryVersions
    private let fromSaved: [Bool]

    private var versionPairs: [EntryVersion.Pair] {
        zip(entryVersions, cardVersions).map { EntryVersion.Pair(full: $0, card: $1) }
    }

    /// The versions of this build's entries, for the next build's process, under the stamps of
    /// their readings.
    func savedVersions() -> SavedEntryVersions {
        let others = index.entries.indices.filter { !fromSaved[$0] }
        // After an edit, most entries kept their saved versions: the few others are put in their place.
        if others.count <= index.entries.count / 2 {
            var updated = saved
            var unstamped = 0
            for position in others {
                let entry = index.entries[position]
                if entry.readingStamp == nil { unstamped += 1 }
                updated.set(entry, version: EntryVersion.Pair(full: entryVersions[position], card: cardVersions[position]),
                            pictures: values.pictures)
            }
            // Every entry's path is there (or left out, unstamped): with no more paths than that,
            // none is of an entry that is gone.
            if updated.count == index.entries.count - unstamped { return updated }
        }
        return SavedEntryVersions(index.entries, versions: versionPairs, pictures: values.pictures)
    }

    /// The versions of this build's entries, for the next build in this process.
    var versionsByIdentity: EntryVersions {
        EntryVersions(index.entries, versions: versionPairs, pictures: values.pictures)
    }

    /// What every page's signature starts from: the configuration, the site-wide values and the
    /// templates, each template with those it includes.
    struct Context: Equatable {
        var global: UInt64
        var templates: [String: UInt64]
    }

    func context(of pages: [PlannedPage]) -> Context {
        context(ofTemplates: Set(pages.map(\.template)))
    }

    /// The context of pages drawn with the templates named `templateNames` (each once).
    func context<Names: Sequence<String>>(ofTemplates templateNames: Names) -> Context {
        var global = StableHasher()
        global.combine(configKey)
        values.site.fingerprint(into: &global)
        for key in values.emotionValues.keys.sorted() { values.emotionValues[key]!.fingerprint(into: &global) }
        for key in values.tagValues.keys.sorted() { values.tagValues[key]!.fingerprint(into: &global) }

        var templates: [String: UInt64] = [:]
        for name in templateNames {
            var hasher = StableHasher()
            for dependency in library.dependencies(of: name).sorted() {
                hasher.combine(dependency)
                hasher.combine(sources[dependency] ?? "\u{0}")
            }
            templates[name] = hasher.value
        }
        return Context(global: global.value, templates: templates)
    }

    func signatures(of pages: [PlannedPage]) -> [UInt64] {
        let context = context(of: pages)
        return ParallelMap.map(pages, chunkSize: 64) { signature(of: $0, in: context) }
    }

    func signature(of page: PlannedPage, in context: Context) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(context.global)
        hasher.combine(context.templates[page.template] ?? 0)
        hasher.combine(page.path)
        hasher.combine(page.title)
        page.content.fingerprint(into: &hasher, index: index)
        hasher.combine(page.entries.count)
        for entry in page.entries {
            hasher.combine(entry)
            hasher.combine(page.inFull.contains(entry) ? entryVersions[entry] : cardVersions[entry])
        }
        return hasher.value
    }

    /// A signature of everything the search index is built from: every entry, every emotion, base_url.
    func searchSignature(emotions: [Emotion]) -> UInt64 {
        Self.searchSignature(context: searchContext(emotions: emotions), versions: entryVersions)
    }

    /// A signature of what the search index is built from besides the entries: the index's
    /// format, the configuration, every emotion, base_url.
    func searchContext(emotions: [Emotion]) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine("search")
        hasher.combine(SearchIndexBuilder.formatVersion)
        hasher.combine(configKey)
        hasher.combine(index.config.baseURL)
        for emotion in emotions {
            hasher.combine([emotion.id, emotion.label, emotion.emoji, emotion.color].joined(separator: "\n"))
        }
        return hasher.value
    }

    /// The search signature of a context and the entries' versions.
    static func searchSignature(context: UInt64, versions: [UInt64]) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(context)
        for version in versions { hasher.combine(version) }
        return hasher.value
    }
}

/// Entry versions by entry identity (`Entry.identity`), with the published pictures they were
/// worked out with. Holds the entries, so no other entry can take an identity while it is kept.
struct EntryVersions: Sendable {
    private var known: [ObjectIdentifier: (entry: Entry, version: EntryVersion.Pair)] = [:]
    private var pictures = PublishedPictures()

    init() {}

    init(_ entries: [Entry], versions: [EntryVersion.Pair], pictures: PublishedPictures) {
        known.reserveCapacity(entries.count)
        for (entry, version) in zip(entries, versions) { known[entry.identity] = (entry, version) }
        self.pictures = pictures
    }

    /// A lookup of kept versions for a build publishing `current`: the same pictures (the usual
    /// case, checked once) keep every version; otherwise an entry keeps its version only if its
    /// own pictures kept their sizes.
    func lookup(publishing current: PublishedPictures) -> @Sendable (Entry) -> EntryVersion.Pair? {
        let known = self.known
        guard !known.isEmpty else { return { _ in nil } }
        if current == pictures { return { known[$0.identity]?.version } }
        let old = pictures
        return { entry in
            guard let found = known[entry.identity],
                  Self.fingerprint(of: entry, pictures: old) == Self.fingerprint(of: entry, pictures: current) else { return nil }
            return found.version
        }
    }

    /// What of the published pictures an entry's version depends on: their sizes and formats.
    static func fingerprint(of entry: Entry, pictures: PublishedPictures) -> UInt64 {
        var hasher = StableHasher()
        for image in entry.images { pictures.combine(image.id, into: &hasher) }
        return hasher.value
    }
}
