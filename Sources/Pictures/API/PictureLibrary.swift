import Dispatch
import Foundation

/// Publishes a diary's pictures through the cache, on every core with memory bounded.
///
/// For each file: a file unchanged since it was last hashed (size, modification time, inode) is
/// looked up without being read; any other file is read and hashed (SHA-256, 3 ms for a 5 MB photo).
/// Only a key the cache lacks is decoded, and the same bytes under several names are decoded once.
/// `workers` threads each take the next file when done with theirs, so at most `workers` pictures
/// are in memory at once, whatever the diary holds: with two workers, 40 and 200 photos of
/// 12 megapixels both peak at 180 MB resident (libraries and allocator arenas included).
public final class PictureLibrary: @unchecked Sendable {
    public let processor: PictureProcessor
    public let cache: PictureCache
    private let workers: Int
    private let settings: PictureSettings
    /// The settings' part of every key: a hash of their fingerprint with the libvips release that makes
    /// the pictures, worked out when the first pictures are prepared (a build without pictures never
    /// opens libcrypto, nor libvips).
    private var settingsKey = ""
    /// That release.
    private var keyedVersion = ""
    /// Where the release the loader picks is remembered (`LibvipsRecord`).
    private let libvipsRecord: String
    private let lock = NSLock()
    private let sources: SourceHashes
    private var preparedPaths: Set<String> = []
    private var usedKeys: Set<PictureKey> = []

    /// `folder` is the cache's (the diary's `.daybook/pictures/`); it is created when first written.
    public init(cacheFolder folder: String, settings: PictureSettings = PictureSettings(),
                workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        processor = PictureProcessor(settings: settings)
        cache = PictureCache(folder: folder)
        self.workers = max(1, workers)
        self.settings = settings
        sources = SourceHashes(file: "\(folder)/sources")
        libvipsRecord = "\(folder)/libvips"
    }

    /// Each file's cached picture, or why it cannot be published, in the order given. Remembers the
    /// files' hashes for the next build.
    public func prepare(_ paths: [String]) -> [Result<CachedPicture, PictureError>] {
        guard !paths.isEmpty else { return [] }
        if let failure = LibCrypto.loadFailure {
            return paths.map { _ in .failure(PictureError(.unavailable("pictures need OpenSSL's libcrypto: \(failure)"))) }
        }
        let keyed: Result<Void, PictureError> = lock.withLock {
            guard settingsKey.isEmpty else { return .success(()) }
            do throws(PictureError) {
                keyedVersion = try LibvipsRecord.version(rememberedIn: libvipsRecord)
            } catch {
                return .failure(error)
            }
            settingsKey = Self.settingsKey(settings, libvips: keyedVersion)
            return .success(())
        }
        if case .failure(let failure) = keyed { return paths.map { _ in .failure(failure) } }
        let board = JobBoard(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: min(workers, paths.count)) { _ in
            while let index = board.next() {
                board.finish(index, with: prepare(paths[index], board: board))
            }
        }
        let results = board.results { key in cache.picture(for: key) }
        lock.withLock {
            preparedPaths.formUnion(paths)
            try? sources.save()  // only a speed-up: a rebuild without it hashes again
        }
        return results
    }

    /// Deletes every cached picture and remembered hash that the files prepared by this library do
    /// not use: for the end of a full build.
    public func removeUnused() {
        let (paths, keys) = lock.withLock { (preparedPaths, usedKeys) }
        cache.removeAll(except: keys)
        lock.withLock {
            sources.keepOnly(paths)
            try? sources.save()
        }
    }

    /// The settings' part of the key of pictures made with `settings` by libvips `version`.
    static func settingsKey(_ settings: PictureSettings, libvips version: String) -> String {
        String(ContentHash.sha256(settings.fingerprint(libvips: version)).prefix(16))
    }

    private func prepare(_ path: String, board: JobBoard) -> JobBoard.Outcome {
        let identity: PlainFiles.Identity
        do { identity = try PlainFiles.identity(path) } catch { return .done(.failure(error)) }
        if let known = lock.withLock({ sources.content(of: path, identity: identity) }) {
            let key = PictureKey(content: known, settings: settingsKey)
            if let cached = cache.picture(for: key) { return .done(.success(use(cached))) }
        }
        guard let bytes = PlainFiles.read(path) else {
            return .done(.failure(PlainFiles.failure("cannot read picture")))
        }
        let key = bytes.withUnsafeBytes { PictureKey(content: ContentHash.sha256($0), settings: settingsKey) }
        lock.withLock { sources.record(key.content, of: path, identity: identity) }
        if let cached = cache.picture(for: key) { return .done(.success(use(cached))) }
        guard board.claim(key) else { return .waitFor(key) }
        do {
            let processed = try processor.process(bytes)
            // The record named another release than the loader opened after all (a library swapped in
            // without the loader's cache changing): nothing is stored under a key that is not its own.
            if let loaded = VipsRuntime.loadedVersion, loaded != keyedVersion {
                LibvipsRecord.forget(libvipsRecord)
                throw PictureError(.unavailable("libvips \(loaded) was opened where \(keyedVersion) was expected; build again"))
            }
            let cached = try cache.store(processed, for: key)
            return .done(.success(use(cached)))
        } catch {
            let failure = error as? PictureError ?? PictureError(.unavailable("\(error)"))
            board.fail(key, failure)
            return .done(.failure(failure))
        }
    }

    private func use(_ picture: CachedPicture) -> CachedPicture {
        lock.withLock { _ = usedKeys.insert(picture.key) }
        return picture
    }
}
