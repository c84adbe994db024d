import Foundation

/// Runs builds one at a time on a thread of its own. Asking for a build while one runs asks for
/// exactly one more after it, however many saves came in between.
final class RebuildQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var isPending = false
    private var isBuilding = false
    private var isStopping = false
    private var isRunning = false
    /// Called once the next build to start has finished.
    private var waiting: [@Sendable () -> Void] = []
    private let build: () -> Void

    init(build: @escaping () -> Void) {
        self.build = build
    }

    func start() {
        isRunning = true
        let thread = Thread { [self] in
            while let done = next() {
                build()
                condition.withLock { isBuilding = false }
                done.forEach { $0() }
            }
            condition.withLock {
                isRunning = false
                condition.broadcast()
            }
        }
        thread.name = "daybook rebuild"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Asks for a build; `then` is called when a build that started after this call has finished.
    func request(then: (@Sendable () -> Void)? = nil) {
        condition.withLock {
            isPending = true
            if let then { waiting.append(then) }
            condition.broadcast()
        }
    }

    /// Lets a running build finish, skips any pending one, and ends the thread.
    func stop() {
        condition.withLock {
            isStopping = true
            condition.broadcast()
            while isRunning { condition.wait() }
        }
        let left = condition.withLock { () -> [@Sendable () -> Void] in
            defer { waiting = [] }
            return waiting
        }
        left.forEach { $0() }
    }

    /// Waits for a build to be asked for; nil when stopping. Returns the callbacks to run after it.
    private func next() -> [@Sendable () -> Void]? {
        condition.withLock {
            while !isPending && !isStopping { condition.wait() }
            guard !isStopping else { return nil }
            isPending = false
            isBuilding = true
            defer { waiting = [] }
            return waiting
        }
    }
}
