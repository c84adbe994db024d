import Dispatch

/// A value worked out on another thread while the caller goes on with work that does not need
/// it yet; `value` waits for it. Or a value already at hand, for callers that need not wait.
public final class BackgroundValue<Value>: @unchecked Sendable {
    // Written once, before `done` is left; read only after waiting for `done`.
    private var result: Value?
    private let done = DispatchGroup()

    /// Starts `work` on another thread.
    public init(working work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async { [self] in
            result = work()
            done.leave()
        }
    }

    public init(_ value: Value) {
        result = value
    }

    /// The value, once worked out.
    public var value: Value {
        done.wait()
        return result!
    }
}
