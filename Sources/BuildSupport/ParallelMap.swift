import Dispatch

/// Maps an array on every core, keeping the input order.
public enum ParallelMap {
    /// With `onEveryCore` false, on this thread only: for work done beside other work, which has the other cores.
    public static func map<Input, Output>(_ inputs: [Input], chunkSize: Int = 32, onEveryCore: Bool = true,
                                          _ transform: (Input) -> Output) -> [Output] {
        guard onEveryCore else { return inputs.map(transform) }
        guard !inputs.isEmpty else { return [] }
        let chunks = (inputs.count + chunkSize - 1) / chunkSize
        // Each result is built in its own slot of the final array: no optional wrapper to copy
        // out of afterwards, which for large values (parsed entries, pages) costs a retain each.
        return [Output](unsafeUninitializedCapacity: inputs.count) { buffer, initializedCount in
            // Each chunk writes only its own slots, so the writes never overlap.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = chunk * chunkSize..<min(inputs.count, (chunk + 1) * chunkSize)
                for index in range { (slots.baseAddress! + index).initialize(to: transform(inputs[index])) }
            }
            initializedCount = inputs.count
        }
    }
}
