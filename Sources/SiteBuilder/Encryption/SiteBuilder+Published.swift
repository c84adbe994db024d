import Foundation
import SiteOutput

/// A file the last build wrote into the output folder, as `daybook deploy` sends it.
public struct PublishedFile: Sendable, Equatable {
    /// Its path in the output folder (an encrypted file's opaque name).
    public var path: String
    /// Its path in the plain site (`2025/10/20/index.html`): the same as `path` for a plain
    /// file; for an encrypted one, the address it was published under, nil when not known.
    public var address: String?
}

extension SiteBuilder {
    /// The name of the mark Daybook leaves in an output folder it made: written by the build, never published.
    public static let outputMark = OutputFolder.marker

    /// Every file the last build into the output folder wrote, as its build cache records them;
    /// nil when the cache holds no record of that folder (no build yet, or the cache was deleted).
    /// Anything else in the folder was put there by someone else.
    public func publishedFiles(_ options: Options) -> [PublishedFile]? {
        let cache = BuildCache(root: root, output: outputFolder(options), memory: options.memoryOutput)
        guard let manifest = Manifest.load(from: cache) else { return nil }
        let addresses = cache.read(PublishedAddresses.self)?.byPublishedPath ?? [:]
        return (0..<manifest.count).map { line in
            let path = manifest.path(ofLine: line)
            let address = addresses[path] ?? (Self.isEncryptedPath(path) ? nil : path)
            return PublishedFile(path: path, address: address)
        }
    }

    /// Whether an output path is one of an encrypted site's opaque files (`x/ab/….bin`).
    private static func isEncryptedPath(_ path: String) -> Bool {
        path.hasPrefix("x/") && path.hasSuffix(".bin")
    }
}
