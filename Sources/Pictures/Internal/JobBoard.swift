import Foundation

/// The shared state of one `prepare`: the next file to take, the results, and which keys are being
/// processed, so the same bytes under a second name wait for the first instead of being decoded twice.
final class JobBoard: @unchecked Sendable {
    enum Outcome {
        case done(Result<CachedPicture, PictureError>)
        /// Another worker is processing these bytes: the result is theirs, read once all are done.
        case waitFor(PictureKey)
    }

    private let lock = NSLock()
    private let count: Int
    private var taken = 0
    private var outcomes: [Outcome?]
    private var claimed: Set<PictureKey> = []
    private var failures: [PictureKey: PictureError] = [:]

    init(count: Int) {
        self.count = count
        outcomes = Array(repeating: nil, count: count)
    }

    func next() -> Int? {
        lock.withLock {
            guard taken < count else { return nil }
            taken += 1
            return taken - 1
        }
    }

    func finish(_ index: Int, with outcome: Outcome) {
        lock.withLock { outcomes[index] = outcome }
    }

    /// True for the first worker to ask for a key.
    func claim(_ key: PictureKey) -> Bool {
        lock.withLock { claimed.insert(key).inserted }
    }

    func fail(_ key: PictureKey, _ error: PictureError) {
        lock.withLock { failures[key] = error }
    }

    /// Every outcome, those that waited for another worker resolved through `lookup` once all are done.
    func results(_ lookup: (PictureKey) -> CachedPicture?) -> [Result<CachedPicture, PictureError>] {
        outcomes.map { outcome in
            switch outcome {
            case .done(let result):
                return result
            case .waitFor(let key):
                if let failure = failures[key] { return .failure(failure) }
                if let cached = lookup(key) { return .success(cached) }
                return .failure(PictureError(.unavailable("the picture cache lost '\(key)' while it was being built")))
            case nil:
                preconditionFailure("a picture was never prepared")
            }
        }
    }
}
