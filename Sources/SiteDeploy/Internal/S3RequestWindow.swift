import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends many S3 requests with up to `width` in flight at once: as soon as one ends, the next
/// starts, so one slow object holds one slot, not a whole batch (as hugo deploy's pool does).
/// A request that meets a server error or no server is tried again after a pause, as S3's own
/// clients do; what still fails after the last try is its answer. Each answer is handed to
/// `finished` on the calling thread, in the order the answers come, so the caller records them
/// one at a time.
struct S3RequestWindow {
    let client: S3Client
    let width: Int
    /// Seconds to wait before each new try.
    let retryPauses: [Double]

    /// Sends one request per item; after the first error `finished` throws, no new request
    /// starts, the ones in flight are still handed over, and that first error is thrown.
    func send<Item>(_ items: [Item], request: (Item) throws -> URLRequest,
                    finished: (Item, Result<S3Client.Answer, Error>) throws -> Void) throws {
        let answers = Answers()
        var next = 0, inFlight = 0
        var firstFailure: Error?
        while (next < items.count && firstFailure == nil) || inFlight > 0 {
            while inFlight < width, next < items.count, firstFailure == nil {
                do {
                    start(try request(items[next]), tag: next, try: 0, into: answers)
                    inFlight += 1
                } catch {
                    firstFailure = error
                }
                next += 1
            }
            guard inFlight > 0 else { break }
            for (tag, answer) in answers.waitForSome() {
                inFlight -= 1
                do {
                    try finished(items[tag], answer)
                } catch {
                    firstFailure = firstFailure ?? error
                }
            }
        }
        if let firstFailure { throw firstFailure }
    }

    private func start(_ request: URLRequest, tag: Int, try attempt: Int, into answers: Answers) {
        client.start(request) { answer in
            if Self.isTransient(answer), attempt < retryPauses.count {
                DispatchQueue.global().asyncAfter(deadline: .now() + retryPauses[attempt]) {
                    start(request, tag: tag, try: attempt + 1, into: answers)
                }
            } else {
                answers.add(tag, answer)
            }
        }
    }

    private static func isTransient(_ answer: Result<S3Client.Answer, Error>) -> Bool {
        switch answer {
        case .failure: return true
        case .success(let reply): return reply.status >= 500
        }
    }

    /// Answers as they come from the session's threads, taken by the sending thread.
    private final class Answers: @unchecked Sendable {
        private let condition = NSCondition()
        private var waiting: [(Int, Result<S3Client.Answer, Error>)] = []

        func add(_ tag: Int, _ answer: Result<S3Client.Answer, Error>) {
            condition.withLock {
                waiting.append((tag, answer))
                condition.signal()
            }
        }

        /// Every answer that came since the last call, waiting for at least one.
        func waitForSome() -> [(Int, Result<S3Client.Answer, Error>)] {
            condition.withLock {
                while waiting.isEmpty { condition.wait() }
                defer { waiting.removeAll() }
                return waiting
            }
        }
    }
}
