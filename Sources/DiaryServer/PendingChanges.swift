import Foundation

/// The paths the watcher reported since the last build took them: a build that starts while
/// more saves come in takes what is there, and the next build takes the rest.
final class PendingChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var paths = Set<String>()
    /// A report that named no file (an overflowing watcher): the next build looks at everything.
    private var isUnknown = false

    func add(_ changed: [String]) {
        lock.withLock {
            if changed.contains("") { isUnknown = true }
            paths.formUnion(changed.filter { !$0.isEmpty })
        }
    }

    /// The paths changed since the last call, or nil when they are not known.
    func take() -> [String]? {
        lock.withLock {
            defer {
                paths = []
                isUnknown = false
            }
            return isUnknown ? nil : paths.sorted()
        }
    }
}
