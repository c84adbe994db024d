import FlyingFox
import Foundation

/// The open pages, each connected over a WebSocket, and what was last said to them: a page
/// that connects while the build is broken is shown the error at once, and a page served
/// before the latest build changed the site is told to reload as soon as it connects (its
/// socket may open after that build's reload went out).
final class LiveReload: WSMessageHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]
    private var currentError: String?
    private var isClosed = false
    private var currentGeneration = 0

    /// Counts the builds that changed the site. A page is served with the generation read
    /// before its file, and says it when its socket opens (`hello N`).
    var generation: Int {
        lock.withLock { currentGeneration }
    }

    /// How many pages are connected.
    var clientCount: Int {
        lock.withLock { clients.count }
    }

    /// Sends `message` to every connected page, and remembers an error for pages that connect later.
    func broadcast(_ message: ReloadMessage) {
        let receivers: [AsyncStream<WSMessage>.Continuation] = lock.withLock {
            if case .error(let text) = message { currentError = text } else { currentError = nil }
            if message == .reload { currentGeneration += 1 }
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
            // The page says which build it was served from; its stream ends when it goes away.
            for await message in client {
                guard let self, case .text(let text) = message, let served = ReloadMessage.servedGeneration(in: text) else { continue }
                if served < self.generation { continuation.yield(.text(ReloadMessage.reload.text)) }
            }
            self?.remove(id)?.finish()
        }
        return messages
    }

    @discardableResult
    private func remove(_ id: UUID) -> AsyncStream<WSMessage>.Continuation? {
        lock.withLock { clients.removeValue(forKey: id) }
    }
}
