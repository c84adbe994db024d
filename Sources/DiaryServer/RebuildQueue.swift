import Foundation

/// Runs builds one at a time on a thread of its own. Asking for a build while one runs asks for
/// exactly one more after it, however many saves came in between.
///
/// Work that can wait (`whenIdle`: saving the build cache) runs on the same thread once no
/// build has been asked for during `idleDelay` after the last one, and when the queue stops:
/// a writer saving again and again never waits for it.
final class RebuildQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var isPending = false
    private var isBuilding = false
    private var isStopping = false
    private var isRunning = false
    /// Called once the next build to start has finished.
    private var waiting: [@Sendable () -> Void] = []
    private let build: () -> Void
    private let whenIdle: () -> Void
    private let idleDelay: TimeInterval
    /// When the idle work is due (after the last build), or nil when it has run since.
    private var idleDue: Date?

    init(idleDelay: TimeInterval = 2, whenIdle: @escaping () -> Void = {}, build: @escaping () -> Void) {
        self.build = build
        self.whenIdle = whenIdle
        self.idleDelay = idleDelay
    }

    func start() {
        isRunning = true
        let thread = Thread { [self] in
            while let work = next() {
                guard case .build(let done) = work else {
                    whenIdle()
                    continue
                }
                build()
                condition.withLock {
                    isBuilding = false
                    idleDue = Date().addingTimeInterval(idleDelay)
                }
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
        let wasDue = condition.withLock { () -> Bool in
            defer { idleDue = nil }
            return idleDue != nil
        }
        if wasDue { whenIdle() }
    }

    private enum Work {
        /// A build, with the callbacks to run after it.
        case build([@Sendable () -> Void])
        case idle
    }

    /// Waits for a build to be asked for, or for the idle work to be due; nil when stopping.
    private func next() -> Work? {
        condition.withLock {
            while !isPending && !isStopping {
                guard let due = idleDue else {
                    condition.wait()
                    continue
                }
                if !condition.wait(until: due), !isPending, !isStopping {
                    idleDue = nil
                    return .idle
                }
            }
            guard !isStopping else { return nil }
            isPending = false
            isBuilding = true
            defer { waiting = [] }
            return .build(waiting)
        }
    }
}
