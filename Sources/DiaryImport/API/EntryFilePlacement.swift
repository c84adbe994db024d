import DiaryModel
import DiaryReader

/// Where a new entry file goes: `Content/YYYY/MM/DD/HHMM-<slug>.md`, its pictures beside it as
/// `HHMM-<slug>-1.jpeg`…, and `-2`, `-3`… after the name until no path is taken. A title without
/// letters or digits (only emoji, say) gives just `HHMM.md`. Nothing is ever overwritten.
public struct EntryFilePlacement: Sendable, Equatable {
    public var entryPath: String
    public var picturePaths: [String]

    /// The most characters of the title's slug a file name keeps (cut at a `-`).
    static let slugLimit = 48

    /// The first free placement for an entry written at `local`, named after `title`, with
    /// pictures of the given file extensions. `isTaken` answers for a path relative to the diary root.
    public static func first(at local: LocalDateTime, title: String?, pictureExtensions: [String] = [],
                             isTaken: (String) -> Bool) -> EntryFilePlacement {
        let folder = "\(ContentFiles.folderName)/\(local.day.path)/"
        let time = (local.hour < 10 ? "0" : "") + String(local.hour) + (local.minute < 10 ? "0" : "") + String(local.minute)
        let slug = shortSlug(title ?? "")
        let stem = slug.isEmpty ? time : "\(time)-\(slug)"
        var number = 1
        while true {
            let name = number == 1 ? stem : "\(stem)-\(number)"
            let placement = EntryFilePlacement(
                entryPath: folder + name + ".md",
                picturePaths: pictureExtensions.enumerated().map { folder + "\(name)-\($0.offset + 1).\($0.element)" }
            )
            if !isTaken(placement.entryPath) && !placement.picturePaths.contains(where: isTaken) { return placement }
            number += 1
        }
    }

    /// The slug of `title` (SPEC §2), cut to `slugLimit` characters at a word boundary.
    static func shortSlug(_ title: String) -> String {
        let slug = Slug.make(from: title)
        guard slug.count > slugLimit else { return slug }
        let cut = slug.prefix(slugLimit)
        if slug.dropFirst(slugLimit).first == "-" { return String(cut) }
        if let dash = cut.lastIndex(of: "-") { return String(cut[..<dash]) }
        return String(cut)
    }

    /// The file name of `path`, as an entry refers to a picture beside it.
    public static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
