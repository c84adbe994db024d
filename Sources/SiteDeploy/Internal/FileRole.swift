import SiteEncryption

/// What a file is to a reader, which decides when it is sent: a reader in the middle of a deploy
/// must never follow a link to a file not there yet, so what pages link to goes first, then the
/// pages, then the entry points that lead to them.
enum FileRole: Int, Comparable, Sendable {
    /// Pictures, the theme's files, the search index's parts: what pages and entry points use.
    case asset
    case page
    /// The home page, the unlock page's files and the search manifest.
    case entryPoint

    /// The search index's top files, which name the parts a query loads.
    static let searchManifests: Set<String> = ["search/index.json", "search/initials.json"]

    /// The role of a file by its path in the plain site; nil (an encrypted file whose address is
    /// not known) goes with the pages, after everything a page may need that is known.
    init(address: String?) {
        guard let address else {
            self = .page
            return
        }
        if address == "index.html" || Self.searchManifests.contains(address)
            || (UnlockPage.paths.contains(address) && address.hasPrefix("unlock")) {
            self = .entryPoint
        } else if address.hasSuffix(".html") {
            self = .page
        } else {
            self = .asset
        }
    }

    static func < (a: FileRole, b: FileRole) -> Bool { a.rawValue < b.rawValue }
}
