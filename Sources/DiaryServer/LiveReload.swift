import FlyingFox
import Foundation

/// The open pages, each connected over a WebSocket, and what was last said to them: a page
/// that connects while the build is broken is shown the error at once.
final class LiveReload: WSMessageHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]
    private var currentError: String?
    private var isClosed = false

    /// How many pages are connected.
    var clientCount: Int {
        lock.withLock { clients.count }
    }

    /// Sends `message` to every connected page, and remembers an error for pages that connect later.
    func broadcast(_ message: ReloadMessage) {
        let receivers: [AsyncStream<WSMessage>.Continuation] = lock.withLock {
            if case .error(let text) = message { currentError = text } else { currentError = nil }
            return Array(clients.values)
        }
        for client in receivers { client.yield(.text(message.text)) }
    }

    /// Says goodbye to every page and refuses new ones (the server is stopping).
    func closeAll() {
        let receivers: [AsyncStream<WSMessage>.Continuation] = lock.withLock {
            isClosed = true
            defer { clients = [:] }
            return Array(clients.values)
        }
        for client in receivers {
            client.yield(.close(.goingAway))
            client.finish()
        }
    }

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (messages, continuation) = AsyncStream<WSMessage>.makeStream()
        let (accepted, error) = lock.withLock { () -> (Bool, String?) in
            guard !isClosed else { return (false, nil) }
            clients[id] = continuation
            return (true, currentError)
        }
        guard accepted else {
            continuation.yield(.close(.goingAway))
            continuation.finish()
            return messages
        }
        if let error { continuation.yield(.text(ReloadMessage.error(error).text)) }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        Task { [weak self] in
            // The page says nothing; its stream ends when it goes away.
            for await _ in client {}
            self?.remove(id)?.finish()
        }
        return messages
    }

    @discardableResult
    private func remove(_ id: UUID) -> AsyncStream<WSMessage>.Continuation? {
        lock.withLock { clients.removeValue(forKey: id) }
    }
}
