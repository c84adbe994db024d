import Dispatch

/// Maps an array on every core, keeping the input order.
public enum ParallelMap {
    public static func map<Input, Output>(_ inputs: [Input], chunkSize: Int = 32, _ transform: (Input) -> Output) -> [Output] {
        guard !inputs.isEmpty else { return [] }
        let chunks = (inputs.count + chunkSize - 1) / chunkSize
        var outputs = [Output?](repeating: nil, count: inputs.count)
        outputs.withUnsafeMutableBufferPointer { buffer in
            // Each chunk writes only its own slots, so the writes never overlap.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = chunk * chunkSize..<min(inputs.count, (chunk + 1) * chunkSize)
                for index in range { slots[index] = transform(inputs[index]) }
            }
        }
        return outputs.map { $0! }
    }
}
