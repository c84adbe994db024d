import BuildSupport
import DiaryFiles
import DiaryModel
import Foundation
import SitePages
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the pages of a large build wait between being rendered and being published, so that
/// the build holds one batch of pages in memory rather than all of them (on a 109,500-entry
/// diary, 2 GB of HTML).
///
/// A build renders its pages in batches (`SiteBuilder.Options.pageBatchSize`). Every batch but
/// the last is staged: each page is written, as it will be published (encrypted in an encrypted
/// build), to a file of its own in the build cache's `staging/` folder of this output folder,
/// and the build keeps only its fingerprint and where it is. Only when every page has rendered
/// without a problem does the writer move the changed ones into place (`OutputWriter`, a rename
/// each). A render problem in any batch removes the staged files: the output folder was never
/// touched. A build that needs one batch (a small site, `daybook serve`'s saves) stages nothing.
///
/// The staged files live in the build cache, beside the output folder's other state: never in
/// the output folder, where they could be published, and never under a published name before
/// the writer moves them. A build stopped midway leaves them there; every later build into the
/// same output folder removes them first (`removeLeftovers`), so nothing of an interrupted build
/// is ever moved into place. When the build cache is on another file system than the output
/// folder, a staged page is copied instead of renamed (`AtomicFile.move`).
///
/// A dry run stages nothing: it keeps each page's fingerprint only, which is all it compares.
package struct PageStaging {
    private let folder: String
    private let encryption: OutputEncryption?
    private let dryRun: Bool
    private var batchCount = 0

    package init(cache: BuildCache, encryption: OutputEncryption?, dryRun: Bool) {
        folder = cache.stagingFolder
        self.encryption = encryption
        self.dryRun = dryRun
    }

    /// Removes the staged pages of an earlier build that stopped before publishing them.
    package static func removeLeftovers(in cache: BuildCache) {
        var info = stat()
        guard stat(cache.stagingFolder, &info) == 0 else { return }
        try? FileManager.default.removeItem(atPath: cache.stagingFolder)
    }

    /// Writes one batch of rendered pages to staged files (nothing in a dry run) and returns
    /// them as `.staged` files, their bytes let go of.
    package mutating func stage(_ files: [OutputFile]) throws -> [OutputFile] {
        let batch = folder + "/" + String(batchCount)
        batchCount += 1
        if !dryRun {
            do {
                try FileManager.default.createDirectory(atPath: batch, withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: batch, reason: error.localizedDescription)
            }
        }
        let encryption = self.encryption
        let dryRun = self.dryRun
        let staged = ParallelMap.map(Array(files.indices), chunkSize: 32) { position -> Result<OutputFile, Error> in
            let file = files[position]
            guard case .bytes(let bytes) = file.content else { return .success(file) }
            let fingerprint = OutputWriter.fingerprint(of: file.content)
            guard !dryRun else { return .success(OutputFile(path: file.path, content: .staged(fingerprint: fingerprint, file: nil))) }
            let path = batch + "/" + String(position)
            do {
                try AtomicFile.write(encryption.map { $0.encrypt(bytes, at: file.path) } ?? bytes, to: path)
            } catch {
                return .failure(error)
            }
            return .success(OutputFile(path: file.path, content: .staged(fingerprint: fingerprint, file: path)))
        }
        return try staged.map { try $0.get() }
    }

    /// Removes every staged file: after a render problem, or once the writer has moved the
    /// changed pages into place (those left are pages whose bytes had not changed).
    package func discard() {
        guard batchCount > 0, !dryRun else { return }
        try? FileManager.default.removeItem(atPath: folder)
    }
}
