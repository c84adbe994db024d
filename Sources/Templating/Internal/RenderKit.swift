import Foundation

/// What one render uses alone: date formatters, and a compiled copy of the templates no other
/// kit walks.
///
/// Walking instructions retains them, and a retain writes the instruction's reference count. When
/// both cores walked the same compiled templates, those counts kept moving between the cores'
/// caches; with a copy each, rendering a full site took about 8% less processor time.
final class RenderKit {
    let formatters: DateFormatterSet
    let templates: [String: CompiledTemplate]
    /// The thread that borrowed this kit last, so that it gets it back next time.
    fileprivate var lastThread: pthread_t?

    init(formatters: DateFormatterSet, templates: [String: CompiledTemplate]) {
        self.formatters = formatters
        self.templates = templates
    }
}

/// A locked pool of `RenderKit`s: a render takes one, uses it alone, and gives it back. A thread
/// gets the kit it used last when that one is free, so a kit's memory stays in one core's cache.
final class RenderKitPool: @unchecked Sendable {
    /// Makes a kit, given how many were made before it.
    private let makeKit: @Sendable (Int) -> RenderKit
    private let lock = NSLock()
    private var idle: [RenderKit] = []
    private var made = 0

    init(makeKit: @escaping @Sendable (Int) -> RenderKit) {
        self.makeKit = makeKit
    }

    func borrow() -> RenderKit {
        let thread = pthread_self()
        lock.lock()
        let index = idle.lastIndex { kit in kit.lastThread.map { pthread_equal($0, thread) != 0 } ?? false }
        let kit = index.map { idle.remove(at: $0) } ?? idle.popLast()
        let kitNumber = made
        if kit == nil { made += 1 }
        lock.unlock()
        let borrowed = kit ?? makeKit(kitNumber)
        borrowed.lastThread = thread
        return borrowed
    }

    func giveBack(_ kit: RenderKit) {
        lock.lock()
        idle.append(kit)
        lock.unlock()
    }
}
