/// A small deterministic random number generator (SplitMix64): the same seed gives the same corpus
/// on every machine and Swift version, which `SystemRandomNumberGenerator` cannot promise.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`, without relying on the standard library's sampling.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool {
        int(in: 0...99) < percent
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        items[int(in: 0...items.count - 1)]
    }

    /// An item drawn by weight.
    public mutating func pick<T>(weighted items: [(T, Int)]) -> T {
        var roll = int(in: 0...items.reduce(0) { $0 + $1.1 } - 1)
        for (item, weight) in items {
            if roll < weight { return item }
            roll -= weight
        }
        return items[items.count - 1].0
    }
}
