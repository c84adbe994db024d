import BuildSupport
import DiaryIndex
import DiaryModel
import Pictures
import Templating

/// The site's pictures as they are published (SPEC §9): each entry picture's display version and
/// thumbnails, processed through the picture cache, and what pages say of them.
///
/// Cards, day pages and the gallery name thumbnails only; the entry page links each figure to the
/// display version. A picture narrower than the narrowest thumbnail has none: its display version is
/// already that small and serves instead.
package struct PublishedPictures: Sendable, Equatable {
    /// A picture as published, with the hash of what pages show of it (`combine(_:into:)`),
    /// worked out once for the file rather than for each of the many entry pictures that name it.
    package struct Published: Sendable, Equatable {
        package let picture: CachedPicture
        package let shown: UInt64

        package init(_ picture: CachedPicture) {
            self.picture = picture
            var hasher = StableHasher()
            for file in picture.files {
                hasher.combine(file.width)
                hasher.combine(file.height)
                hasher.combine(file.fileExtension)
            }
            shown = hasher.value
        }
    }

    /// By `EntryImage.id`.
    let byImage: [String: Published]
    /// The ids of `byImage` in the entries' order, the order their files are written in: a fixed
    /// order without sorting tens of thousands of ids on every build.
    package let ids: [String]
    /// How many distinct pictures (content and settings) there are, for the build's summary.
    package let distinctCount: Int
    /// A fingerprint of the files `outputFiles()` makes (each one's path and the cached file it
    /// copies, in order), worked out from the pictures without making them; never 0, the
    /// fingerprint of no build. Picture files with the fingerprint of those the last build wrote
    /// are those files, and an edit's build need not make them.
    package let filesKey: UInt64

    /// `distinctCount` and `filesKey` are worked out from `byImage` unless given.
    package init(byImage: [String: Published] = [:], ids: [String] = [], distinctCount: Int? = nil, filesKey: UInt64? = nil) {
        self.byImage = byImage
        self.ids = ids
        self.distinctCount = distinctCount ?? Set(byImage.values.map(\.picture.key)).count
        self.filesKey = filesKey ?? Self.filesKey(ids.lazy.map { ($0, Self.fingerprint(of: byImage[$0]!.picture)) })
    }

    /// Processes (or finds in the cache) every picture of `entries`, each distinct file once, and
    /// reports a picture that cannot be published at the line of the entry that names it.
    package static func prepare(_ entries: [Entry], root: String, library: PictureLibrary) -> (PublishedPictures, [Diagnostic]) {
        // The entries are gone over once, for those with pictures: at 109,500 entries each pass
        // over them costs a memory read per entry.
        var withImages: [(entry: Int, images: [EntryImage])] = []
        var sourceSet = Set<String>()
        var imageCount = 0
        for (position, entry) in entries.enumerated() {
            let images = entry.images
            guard !images.isEmpty else { continue }
            withImages.append((position, images))
            imageCount += images.count
            // By position, not `for image in images`: that copies each picture's every field.
            for number in images.indices { sourceSet.insert(images[number].sourcePath) }
        }
        let sources = sourceSet.sorted()
        let prepared = library.prepare(sources.map { root + "/" + $0 })
        // Each file's fingerprint once: tens of thousands of pictures name a few hundred files.
        let results = Dictionary(uniqueKeysWithValues: zip(sources, prepared.map { result in
            result.map { picture in (Published(picture), Self.fingerprint(of: picture)) }
        }))
        var fingerprints: [UInt64] = []
        fingerprints.reserveCapacity(imageCount)
        var byImage: [String: Published] = [:]
        var ids: [String] = []
        byImage.reserveCapacity(imageCount)
        ids.reserveCapacity(imageCount)
        var diagnostics: [Diagnostic] = []
        for (position, images) in withImages {
            for number in images.indices {
                switch results[images[number].sourcePath]! {
                case .success(let (published, fingerprint)):
                    let id = images[number].id
                    if byImage.updateValue(published, forKey: id) == nil {
                        ids.append(id)
                        fingerprints.append(fingerprint)
                    }
                case .failure(let error): diagnostics.append(PictureCheck.diagnostic(error, image: images[number], in: entries[position]))
                }
            }
        }
        // Counted over the few files rather than the many pictures that name them.
        let distinct = Set(results.values.compactMap { try? $0.get().0.picture.key }).count
        let filesKey = Self.filesKey(zip(ids, fingerprints))
        return (PublishedPictures(byImage: byImage, ids: ids, distinctCount: distinct, filesKey: filesKey), diagnostics)
    }

    /// `filesKey` of pictures given in order, by id, with each one's `fingerprint(of:)`.
    private static func filesKey<Pictures: Sequence>(_ pictures: Pictures) -> UInt64 where Pictures.Element == (String, UInt64) {
        var hasher = StableHasher()
        var count = 0
        for (id, fingerprint) in pictures {
            hasher.combine(id)
            hasher.combine(fingerprint)
            count += 1
        }
        hasher.combine(count)
        return max(1, hasher.value)
    }

    /// What of a picture its published files depend on: its key and each cached file's path, format and width.
    private static func fingerprint(of picture: CachedPicture) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(picture.key.settings)
        hasher.combine(picture.key.content)
        hasher.combine(picture.thumbnails.count)
        func combine(_ file: CachedPicture.File) {
            hasher.combine(file.path)
            hasher.combine(file.fileExtension)
            hasher.combine(file.width)
        }
        combine(picture.display)
        picture.thumbnails.forEach(combine)
        return hasher.value
    }

    /// Whether the output file at `path` is a picture's (`outputFiles()`): pictures alone are published under images/.
    package static func isPictureFile(_ path: String) -> Bool {
        // A prefix made once: a one-entry edit asks this of every picture and search file of the
        // last build (90,000 at 109,500 entries).
        path.hasUTF8Prefix(pictureFilePrefix)
    }

    private static let pictureFilePrefix = URLMap.pictureFolder + "/"

    /// The files to write: each picture's display version and thumbnails, copied from the cache.
    /// Made on every build for thousands of pictures, so each file's identity is put together
    /// from plain string slices.
    package func outputFiles() -> [OutputFile] {
        var files: [OutputFile] = []
        files.reserveCapacity(byImage.count * 3)
        for id in ids {
            let picture = byImage[id]!.picture
            let key = picture.key.description
            func add(_ file: CachedPicture.File, width: Int?) {
                let name = file.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { file.path[file.path.index(after: $0)...] } ?? Substring(file.path)
                files.append(OutputFile(path: URLMap.file(of: Self.place(id, file, width: width)),
                                        content: .copy(of: file.path, identity: key + "/" + name)))
            }
            add(picture.display, width: nil)
            for thumbnail in picture.thumbnails { add(thumbnail, width: thumbnail.width) }
        }
        return files
    }

    /// What pages show of a picture: the display version's URL and size (`url`, `width`, `height`),
    /// the thumbnail a small image shows (`thumbnail`: `url`, `width`, `height`) and every thumbnail
    /// as a `srcset`. Nil for a picture that was not published.
    package func values(of image: EntryImage, urls: URLMap) -> [String: TemplateValue]? {
        guard let picture = byImage[image.id]?.picture else { return nil }
        let thumbnail = Self.thumbnails(of: picture)[0]
        return [
            "url": .string(urls.url(of: Self.place(image.id, picture.display, width: nil))),
            "width": .int(picture.display.width), "height": .int(picture.display.height),
            "thumbnail": .map([
                "url": .string(urls.url(of: Self.place(image.id, thumbnail, width: picture.thumbnails.isEmpty ? nil : thumbnail.width))),
                "width": .int(thumbnail.width), "height": .int(thumbnail.height),
            ]),
            "srcset": .string(srcset(image.id, picture, urls: urls)),
        ]
    }

    /// The `src` and attributes of a picture in an entry's body: its widest thumbnail, the size it
    /// is shown at (it fills the text column up to its own width, never enlarged), every thumbnail
    /// as candidates for the column, loaded when scrolled to. `withDisplay` (the entry's own page,
    /// the only one that may load it) adds the display version, which a 2× screen needs to fill
    /// the 42rem column.
    func bodyPicture(_ image: EntryImage, urls: URLMap, withDisplay: Bool) -> (place: URLMap.Place, attributes: String) {
        guard let picture = byImage[image.id]?.picture else { return (.picture(id: image.id, width: nil, fileExtension: image.fileExtension), "") }
        let shown = Self.thumbnails(of: picture).last!
        let place = Self.place(image.id, shown, width: picture.thumbnails.isEmpty ? nil : shown.width)
        let size = withDisplay ? picture.display : shown
        let attributes = " width=\"\(size.width)\" height=\"\(size.height)\" srcset=\"\(srcset(image.id, picture, urls: urls, withDisplay: withDisplay))\""
            + " sizes=\"\(Self.bodySizes)\" loading=\"lazy\""
        return (place, attributes)
    }

    /// The width of the text column: the page's 44rem less its padding (1rem each side).
    static let bodySizes = "(max-width: 44rem) calc(100vw - 2rem), 42rem"

    /// What page signatures hash of a picture: everything `values(of:urls:)` shows but the base URL.
    package func combine(_ id: String, into hasher: inout StableHasher) {
        guard let published = byImage[id] else { return hasher.combine(-1) }
        hasher.combine(published.shown)
    }

    /// Every thumbnail as a `srcset` candidate, and the display version too when `withDisplay`.
    private func srcset(_ id: String, _ picture: CachedPicture, urls: URLMap, withDisplay: Bool = false) -> String {
        var files = Self.thumbnails(of: picture)
        if withDisplay, !picture.thumbnails.isEmpty { files.append(picture.display) }
        return files.map { file in
            let width = file == picture.display ? nil : file.width
            return Self.srcsetAddress(urls.url(of: Self.place(id, file, width: width))) + " \(file.width)w"
        }.joined(separator: ", ")
    }

    /// A URL in a srcset ends at a space or a comma: those are escaped (a base_url may hold them).
    /// Byte by byte, as Foundation's `replacingOccurrences` would, at a hundredth of its cost: every
    /// card of an entry with pictures has a srcset.
    static func srcsetAddress(_ url: String) -> String {
        guard url.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ",") }) else { return url }
        var escaped: [UInt8] = []
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: " "): escaped += "%20".utf8
            case UInt8(ascii: ","): escaped += "%2C".utf8
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The files small images choose from: the thumbnails, or the display version when there are none.
    private static func thumbnails(of picture: CachedPicture) -> [CachedPicture.File] {
        picture.thumbnails.isEmpty ? [picture.display] : picture.thumbnails
    }

    private static func place(_ id: String, _ file: CachedPicture.File, width: Int?) -> URLMap.Place {
        .picture(id: id, width: width, fileExtension: file.fileExtension)
    }
}
