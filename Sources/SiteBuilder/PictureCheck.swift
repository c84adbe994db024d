import DiaryModel
import Foundation
import Pictures

/// What `daybook check` says of a diary's pictures: each distinct file's header is read
/// (`PictureProcessor.probe`), no pixel is decoded, and a picture the build could not publish is an
/// error at the line of each entry that names it.
public enum PictureCheck {
    public static func diagnostics(of entries: [Entry], root: URL) -> [Diagnostic] {
        let processor = PictureProcessor()
        let rootPath = root.path
        let sources = Array(Set(entries.lazy.flatMap(\.images).map(\.sourcePath))).sorted()
        let problems = ParallelMap.map(sources, chunkSize: 4) { source -> PictureError? in
            guard let data = FileManager.default.contents(atPath: rootPath + "/" + source) else {
                return PictureError(.unavailable("cannot read picture"))
            }
            do {
                _ = try processor.probe([UInt8](data))
                return nil
            } catch {
                return error as? PictureError ?? PictureError(.unavailable("\(error)"))
            }
        }
        let bySource = Dictionary(uniqueKeysWithValues: zip(sources, problems))
        return entries.flatMap { entry in
            entry.images.compactMap { image in bySource[image.sourcePath]!.map { diagnostic($0, image: image, in: entry) } }
        }
    }

    /// `Content/2025/10/20.md:6:5: error: 'Content/photos/lake.jpg' cannot be published: picture is truncated: …`
    static func diagnostic(_ error: PictureError, image: EntryImage, in entry: Entry) -> Diagnostic {
        .error(at: SourceLocation(path: entry.sourcePath, line: image.line, column: image.column),
               "'\(image.sourcePath)' cannot be published: \(error.message)")
    }
}
