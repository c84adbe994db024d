import BuildSupport
import DiaryIndex
import DiaryModel
import DiarySearch
import Foundation
import SiteEncryption
import SiteOutput
import SitePages

/// Offline reading (SPEC §13): the files that make a site installable and readable without a
/// connection, beside its pages.
///
/// - `manifest.webmanifest` and two icons (`AppIcon`, 192 and 512 px) in the theme's colours,
///   written with the theme's assets. An encrypted site publishes them in the clear, named and
///   coloured as its unlock page is ("Private diary"): never the diary's title or theme.
/// - `assets/offline-words.json`: the control's words in the site's language (`siteFiles`).
/// - `offline.json`, the offline list: every file of the site with its size, its level (0 text:
///   pages, search index, assets; 1 thumbnails; 2 full pictures) and a change token, which the
///   "Keep offline" control reads to show each level's size and to tell the worker what to store.
///   On an encrypted site it is a site file like any other (published encrypted): its paths are
///   addresses the reader maps to published names, its sizes the published (padded) ones, its
///   tokens keyed (`SiteEncryptor.changeToken`), so the worker's cache holds nothing derived from
///   plain bytes without the key.
/// - `sw.js`, the service worker (`OfflineWorker`, `Browser/offline-worker.js`), with the build's
///   version (a hash of the offline list) written into it: any change to the site changes the
///   worker's bytes, which is how a browser notices a new build.
///
/// The list and the worker are made from the output folder's final manifest (`OutputWriter`'s
/// closing files), so an incremental build writes exactly what a full build writes. With
/// `offline: false` the build publishes no list and a worker that removes itself.
struct OfflineSite {
    static let workerPath = "sw.js"
    static let listPath = "offline.json"
    static let manifestPath = WebAppManifest.path
    static let wordsPath = "assets/offline-words.json"
    /// The site's not-found page, in the clear on an encrypted site too.
    static let notFoundPath = URLMap.path(of: .notFound)
    static let iconSizes = [192, 512]
    /// The unlock page's name and colours (`UnlockPage`): what an encrypted site's public files show.
    static let lockedName = "Private diary"
    static let lockedColours = (background: AppIcon.Colour(hex: "#2d5a8c")!, paper: AppIcon.Colour(hex: "#f6f4ef")!)
    /// The default theme's colours, for a stylesheet that does not name its own.
    static let defaultColours = (background: AppIcon.Colour(hex: "#3f5b9a")!, paper: AppIcon.Colour(hex: "#f8f6f2")!)

    var config: DiaryConfig
    var encryption: OutputEncryption?
    /// The theme's `assets/style.css`, whose `--accent` and `--bg` colour the icons.
    var style: Data?

    static func iconPath(_ size: Int) -> String { "icons/icon-\(size).png" }

    // MARK: - Manifest and icons

    /// The web app manifest and its icons.
    func appFiles() -> [OutputFile] {
        let icon = AppIcon(background: colours.background, paper: colours.paper)
        return [OutputFile(path: Self.manifestPath, content: .bytes(Array(manifest.utf8)))]
            + Self.iconSizes.map { OutputFile(path: Self.iconPath($0), content: .bytes(icon.png(size: $0))) }
    }

    /// The words of the "Keep offline" control in the site's language (`SiteStrings`, with
    /// daybook.yml's `strings:`), which `assets/offline.js` fetches when the control is opened or
    /// a new build is offered, rather than every page carrying them. A site file like the pages.
    func siteFiles() -> [OutputFile] {
        guard config.offline else { return [] }
        let table = SiteStrings.table(for: config.localeIdentifier, overrides: config.strings)
        let words = table.keys.filter { $0.hasPrefix("offline_") }.sorted().map { "\(JSONText.quoted($0)):\(JSONText.quoted(table[$0]!))" }
        return [OutputFile(path: Self.wordsPath, content: .bytes(Array(("{" + words.joined(separator: ",") + "}\n").utf8)))]
    }

    private var colours: (background: AppIcon.Colour, paper: AppIcon.Colour) {
        if encryption != nil { return Self.lockedColours }
        let text = style.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (Self.colour("--accent", in: text) ?? Self.defaultColours.background, Self.colour("--bg", in: text) ?? Self.defaultColours.paper)
    }

    /// The first value of the custom property `name` in `css` (the light scheme's, in the default theme).
    static func colour(_ name: String, in css: String) -> AppIcon.Colour? {
        guard let range = css.range(of: name + ":") else { return nil }
        let value = css[range.upperBound...].prefix { $0 != ";" && $0 != "}" && $0 != "\n" }
        return AppIcon.Colour(hex: String(value))
    }

    var manifest: String {
        let name = encryption == nil ? config.title : Self.lockedName
        let lang = encryption == nil ? SiteStrings.language(of: config.localeIdentifier) : "en"
        let icons = Self.iconSizes.flatMap { size in
            ["any", "maskable"].map { purpose in
                #"{"purpose":"\#(purpose)","sizes":"\#(size)x\#(size)","src":"\#(Self.iconPath(size))","type":"image/png"}"#
            }
        }
        return #"{"background_color":"\#(colours.paper.hex)","display":"standalone","icons":[\#(icons.joined(separator: ","))],"#
            + #""lang":\#(JSONText.quoted(lang)),"name":\#(JSONText.quoted(name)),"scope":\#(JSONText.quoted(config.baseURL)),"#
            + #""short_name":\#(JSONText.quoted(name)),"start_url":\#(JSONText.quoted(config.baseURL)),"theme_color":"\#(colours.background.hex)"}"#
            + "\n"
    }

    // MARK: - The offline list and the worker

    /// The list (a site file) and the worker (public on an encrypted site), for an output folder
    /// that holds `manifest` (output path → fingerprint); `addresses` are the published paths'
    /// addresses in an encrypted build.
    func closingFiles(manifest: [String: String], addresses: [String: String]) -> (site: [OutputFile], inTheClear: [OutputFile]) {
        guard config.offline else {
            return ([], [OutputFile(path: Self.workerPath, content: .bytes(Array(OfflineWorker.removal.utf8)))])
        }
        let list = self.list(manifest: manifest, addresses: addresses)
        let worker = OutputFile(path: Self.workerPath, content: .bytes(Array(OfflineWorker.script(version: list.version,
                                                                                                  shell: shell).utf8)))
        let listFile = OutputFile(path: Self.listPath, content: .bytes(list.bytes))
        return encryption == nil ? ([listFile, worker], []) : ([listFile], [worker])
    }

    /// What the worker stores when it installs: the 404 page, which answers offline for a page
    /// that is not kept, and an encrypted site's public files, without which it cannot be unlocked
    /// offline. A plain site's pages are stored as they are read.
    private var shell: [String] {
        encryption == nil ? [Self.notFoundPath] : ["", "unlock.js", "unlock.css", Self.notFoundPath]
    }

    /// One file of the list.
    struct ListedFile {
        var path: String
        var size: Int
        var level: Int
        /// Hex digits, as bytes.
        var token: [UInt8]
    }

    /// The list's bytes and the version they make. Made on every build that changes a file (at
    /// 10,950 entries, 23,000 files and 1.4 MB), so it is written as bytes, not as a string.
    func list(manifest: [String: String], addresses: [String: String]) -> (bytes: [UInt8], version: String) {
        let files = listedFiles(manifest: manifest, addresses: addresses)
        var json = Array("{\"files\":[".utf8)
        json.reserveCapacity(files.count * 72)
        for (position, file) in files.enumerated() {
            if position > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "["))
            JSONText.append(file.path, to: &json)
            json += Array(",\(file.size),\(file.level),\"".utf8) + file.token + [UInt8(ascii: "\""), UInt8(ascii: "]")]
        }
        json += Array("],\"levels\":[\"text\",\"thumbnails\",\"pictures\"]".utf8)
        let version = Self.hex(StableHasher.hash(json))
        json += Array(",\"version\":\"\(version)\"}\n".utf8)
        return (json, version)
    }

    /// Every site file but the list and the worker, in path order.
    func listedFiles(manifest: [String: String], addresses: [String: String]) -> [ListedFile] {
        let entries = manifest.compactMap { path, fingerprint -> (String, String)? in
            guard let address = encryption == nil ? path : addresses[path], !address.hasPrefix("."),
                  address != Self.listPath, address != Self.workerPath else { return nil }
            return (address, fingerprint)
        }
        let files = ParallelMap.map(entries, chunkSize: 512) { address, fingerprint in
            ListedFile(path: address, size: size(of: fingerprint), level: Self.level(of: address), token: token(of: fingerprint, at: address))
        }
        // String order: the same in every build, whichever files it wrote (code point order for these paths).
        return files.sorted { $0.path < $1.path }
    }

    /// The size a reader's browser stores of the file: the published (padded) size on an encrypted site.
    private func size(of fingerprint: String) -> Int {
        let content = Self.contentSize(of: fingerprint)
        return encryption == nil ? content : SiteEncryptor.publishedSize(ofContent: content)
    }

    /// 12 hex digits that change with the file's content; keyed on an encrypted site.
    private func token(of fingerprint: String, at address: String) -> [UInt8] {
        if let encryption { return Array(encryption.encryptor.changeToken(of: fingerprint, at: address).utf8) }
        let digits = Array("0123456789abcdef".utf8)
        let hash = StableHasher.hash(fingerprint)
        return (0..<12).map { digits[Int(truncatingIfNeeded: hash >> UInt64(60 - 4 * $0)) & 0xF] }
    }

    /// 0 for text (pages, the search index, assets), 1 for a picture's thumbnail, 2 for its display version.
    static func level(of address: String) -> Int {
        guard PublishedPictures.isPictureFile(address) else { return 0 }
        let stem = address.split(separator: "/").last.map { $0.split(separator: ".").first ?? $0 } ?? Substring(address)
        guard let dash = stem.lastIndex(of: "-"), let marker = stem.range(of: "_image_", options: .backwards),
              dash > marker.upperBound, stem[stem.index(after: dash)...].allSatisfy(\.isNumber) else { return 2 }
        return 1
    }

    /// The size of the content a fingerprint identifies (`OutputWriter.fingerprint`: `b:<size>:…`, `c:<size>:…`).
    static func contentSize(of fingerprint: String) -> Int {
        var size = 0
        for byte in fingerprint.utf8.dropFirst(2) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            size = size * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return size
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension OfflineWorker {
    /// Where a site's worker is published, under its `base_url`.
    public static let fileName = OfflineSite.workerPath

    /// The worker of a build whose offline list has `version`, storing `shell` (paths in the site) when it installs.
    static func script(version: String, shell: [String]) -> String {
        "var DAYBOOK_OFFLINE = {\"shell\":[\(shell.map(JSONText.quoted).joined(separator: ","))],\"version\":\"\(version)\"};\n" + published
    }

    /// The worker of a site built with `offline: false`, and the one `daybook serve` answers with:
    /// it deletes what an earlier worker of the site kept and unregisters itself.
    public static let removal = "var DAYBOOK_OFFLINE = {\"off\":true};\n" + published

    /// The source as published: without its comment lines and indentation, which are over a third of
    /// its bytes (21.1 KB → 13.2 KB; 6.7 → 4.0 KB compressed), since a browser fetches the worker on
    /// a first visit and whenever it checks for a new build. Only whole lines go: code is untouched.
    static let published: String = {
        var inComment = false
        var lines: [Substring] = []
        for line in source.split(separator: "\n") {
            let code = line.drop { $0 == " " }
            if inComment {
                inComment = !code.contains("*/")
            } else if code.hasPrefix("/*") {
                inComment = !code.contains("*/")
            } else if !code.isEmpty, !code.hasPrefix("//") {
                lines.append(code)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()
}

extension SiteBuilder {
    /// The search index's manifests (in the plain site's paths): each names its key space's
    /// other files, which a query fetches through it.
    public static let searchManifestPaths: Set<String> = SearchIndexBuilder.manifestPaths

    /// The offline list, which names every other file of the site but the worker.
    public static let offlineListPath = OfflineSite.listPath

    /// The site's entry points (in the plain site's paths): the files that name others a reader
    /// fetches through them — the search index's manifests, the home page, the offline list and
    /// the worker that stores what the list names. A deploy sends them after everything else.
    public static let entryPointPaths: Set<String> = Set(["index.html", OfflineSite.listPath, OfflineSite.workerPath])
        .union(searchManifestPaths)

    /// The files an encrypted site publishes in the clear: the unlock page's, and the manifest,
    /// icons and worker that make it installable and readable offline (none holds anything of the diary).
    public static let encryptedSitePublicPaths: Set<String> = UnlockPage.paths
        .union([OfflineSite.workerPath, OfflineSite.manifestPath])
        .union(OfflineSite.iconSizes.map(OfflineSite.iconPath))
}
