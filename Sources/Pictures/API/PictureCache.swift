import Foundation

/// Processed pictures on disk, in a folder of their own (the diary's `.daybook/pictures/`):
///
///     <settings key>/<content key>/display-1600x1200.jpg
///                                  thumbnail-320x240.jpg
///                                  thumbnail-640x480.jpg
///
/// Sizes and formats are in the file names, so a lookup lists one folder and reads no picture. A
/// picture's folder is written aside and renamed into place: it is there whole or not at all, and an
/// interrupted build leaves nothing half-written behind a valid name. Losing the folder costs
/// processing every picture once more, nothing else.
public final class PictureCache: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The cached renditions of a key, or nil when that picture was never processed with those settings.
    public func picture(for key: PictureKey) -> CachedPicture? {
        let entry = path(of: key)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: entry) else { return nil }
        var display: CachedPicture.File?
        var thumbnails: [CachedPicture.File] = []
        for name in names {
            guard let (role, file) = Self.parse(name, in: entry) else { continue }
            if role == Self.displayRole { display = file } else { thumbnails.append(file) }
        }
        guard let display else { return nil }
        return CachedPicture(key: key, display: display, thumbnails: thumbnails.sorted { $0.width < $1.width })
    }

    /// Stores a processed picture under its key and returns where its files are. When another build
    /// stored the same key meanwhile, its files are kept. Throws a `PictureError`.
    public func store(_ picture: ProcessedPicture, for key: PictureKey) throws -> CachedPicture {
        let settingsFolder = "\(folder)/\(key.settings)"
        do {
            try FileManager.default.createDirectory(atPath: settingsFolder, withIntermediateDirectories: true)
        } catch {
            throw PictureError(.unavailable("cannot create the picture cache '\(settingsFolder)'"))
        }
        let partial = "\(settingsFolder)/\(Self.partialPrefix)\(UUID().uuidString)"
        guard mkdir(partial, 0o755) == 0 else { throw PlainFiles.failure("cannot write the picture cache '\(partial)'") }
        do {
            for (rendition, role) in [(picture.display, Self.displayRole)] + picture.thumbnails.map({ ($0, Self.thumbnailRole) }) {
                try PlainFiles.write(rendition.bytes, to: "\(partial)/\(Self.name(of: rendition, role: role))")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        if rename(partial, path(of: key)) != 0 {
            let failure = PlainFiles.failure("cannot write the picture cache '\(path(of: key))'")
            try? FileManager.default.removeItem(atPath: partial)
            if let stored = self.picture(for: key) { return stored }  // another build stored it first
            throw failure
        }
        let entry = path(of: key)
        let file = { (rendition: Rendition, role: String) in
            CachedPicture.File(format: rendition.format, width: rendition.width, height: rendition.height,
                               path: "\(entry)/\(Self.name(of: rendition, role: role))")
        }
        return CachedPicture(key: key, display: file(picture.display, Self.displayRole),
                             thumbnails: picture.thumbnails.map { file($0, Self.thumbnailRole) })
    }

    /// Deletes every cached picture but those of `keys`, and whatever an interrupted build left:
    /// what a full build calls once it knows every picture the diary uses. Files the cache did not
    /// write are left alone.
    public func removeAll(except keys: Set<PictureKey>) {
        let kept = Dictionary(grouping: keys, by: \.settings).mapValues { Set($0.map(\.content)) }
        let files = FileManager.default
        for settings in (try? files.contentsOfDirectory(atPath: folder)) ?? [] where Self.isHex(settings, count: 16) {
            let settingsFolder = "\(folder)/\(settings)"
            guard let contents = kept[settings] else {
                try? files.removeItem(atPath: settingsFolder)
                continue
            }
            for content in (try? files.contentsOfDirectory(atPath: settingsFolder)) ?? []
            where !contents.contains(content) && (Self.isHex(content, count: 64) || content.hasPrefix(Self.partialPrefix)) {
                try? files.removeItem(atPath: "\(settingsFolder)/\(content)")
            }
        }
    }

    // MARK: - Names

    private static let displayRole = "display"
    private static let thumbnailRole = "thumbnail"
    private static let partialPrefix = ".partial-"

    private static func isHex(_ name: String, count: Int) -> Bool {
        name.utf8.count == count && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private func path(of key: PictureKey) -> String {
        "\(folder)/\(key.settings)/\(key.content)"
    }

    private static func name(of rendition: Rendition, role: String) -> String {
        "\(role)-\(rendition.width)x\(rendition.height).\(rendition.fileExtension)"
    }

    /// `thumbnail-320x240.jpg` → the role and the file; nil for a name this cache did not write.
    private static func parse(_ name: String, in folder: String) -> (String, CachedPicture.File)? {
        guard let dash = name.firstIndex(of: "-"), let dot = name.lastIndex(of: "."), dash < dot else { return nil }
        let role = String(name[..<dash])
        let size = name[name.index(after: dash)..<dot].split(separator: "x")
        let fileExtension = name[name.index(after: dot)...]
        guard role == displayRole || role == thumbnailRole, size.count == 2,
              let width = Int(size[0]), let height = Int(size[1]),
              let format = [PictureFormat.jpeg, .png, .gif].first(where: { $0.fileExtension == fileExtension })
        else { return nil }
        return (role, CachedPicture.File(format: format, width: width, height: height, path: "\(folder)/\(name)"))
    }
}
