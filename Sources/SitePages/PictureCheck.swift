import BuildSupport
import DiaryModel
import Foundation
import Pictures

/// What `daybook check`, and a build that fails before its pictures are processed, say of a
/// diary's pictures: each distinct file's header is read (`PictureProcessor.probe`), no pixel is
/// decoded, and a picture the build could not publish is an error at each place that names it.
public enum PictureCheck {
    public static func diagnostics(of uses: [PictureUse], root: URL) -> [Diagnostic] {
        let processor = PictureProcessor()
        let rootPath = root.path
        let sources = Array(Set(uses.lazy.map(\.sourcePath))).sorted()
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
        return uses.compactMap { use in bySource[use.sourcePath]!.map { diagnostic($0, sourcePath: use.sourcePath, at: use.location) } }
    }

    /// `Content/2025/10/20.md:6:5: error: 'Content/photos/lake.jpg' cannot be published: picture is truncated: …`
    package static func diagnostic(_ error: PictureError, image: EntryImage, in entry: Entry) -> Diagnostic {
        diagnostic(error, sourcePath: image.sourcePath, at: SourceLocation(path: entry.sourcePath, line: image.line, column: image.column))
    }

    private static func diagnostic(_ error: PictureError, sourcePath: String, at location: SourceLocation) -> Diagnostic {
        .error(at: location, "'\(sourcePath)' cannot be published: \(error.message)")
    }
}
