import Foundation

/// A request to stop a deploy (Ctrl-C), which the deploy honours between files: what the remote
/// confirmed so far is recorded, nothing is deleted yet, and `DeployError.Reason.interrupted`
/// says how far it went. A deploy run again sends only what is still missing.
public final class DeployInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    public init() {}

    /// Asks the deploy to stop after the files in flight.
    public func request() {
        lock.withLock { requested = true }
    }

    public var isRequested: Bool {
        lock.withLock { requested }
    }
}
