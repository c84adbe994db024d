import SiteBuilder

/// What a file is to a reader, which decides when it is sent: a reader in the middle of a deploy
/// must never follow a link to a file not there yet, so each role goes after every role whose
/// files it names: what pages use, then the pages, then the entry points, each after the files
/// it names (`SiteBuilder.entryPointPaths`).
enum FileRole: Int, Comparable, CaseIterable, Sendable {
    /// Pictures, the theme's and the unlock page's files, the search index's parts: what pages
    /// and entry points use.
    case asset
    case page
    /// A search index manifest: names its key space's other files (assets).
    case searchManifest
    /// The home page (or the unlock page): links to pages and uses assets.
    case home
    /// The offline list: names every file of the site but the worker.
    case offlineList
    /// The service worker: stores what the offline list names.
    case worker

    /// The role of a file by its path in the plain site; nil (an encrypted file whose address is
    /// not known) goes with the pages, after everything a page may need that is known.
    init(address: String?) {
        switch address {
        case nil: self = .page
        case "index.html": self = .home
        case SiteBuilder.offlineListPath: self = .offlineList
        case OfflineWorker.fileName: self = .worker
        case let address? where SiteBuilder.searchManifestPaths.contains(address): self = .searchManifest
        case let address? where address.hasSuffix(".html"): self = .page
        default: self = .asset
        }
    }

    static func < (a: FileRole, b: FileRole) -> Bool { a.rawValue < b.rawValue }
}
