/// "Did you mean …?" for a misspelt name, by edit distance, or for a word that means one of
/// the names (`mood` for `emotion`), which no spelling rule would find.
public enum Suggestion {
    /// The candidate `name` means by `meanings` (other word → candidate, keys lower-case), else the
    /// candidate closest to `name` (case-insensitive), if it is close enough to be a likely typo.
    public static func closest(to name: String, among candidates: [String], meanings: [String: String] = [:]) -> String? {
        let target = name.lowercased()
        if let meant = meanings[target], candidates.contains(meant) { return meant }
        let lowered = candidates.map { $0.lowercased() }
        // Plain ASCII (without "\r", which joins "\r\n" into one Character) compares byte by byte,
        // the same as Character by Character but without building Characters.
        if let targetBytes = asciiBytes(target) {
            let candidateBytes = lowered.compactMap(asciiBytes)
            if candidateBytes.count == candidates.count {
                return closest(to: name, target: targetBytes, among: candidates, units: candidateBytes)
            }
        }
        return closest(to: name, target: Array(target), among: candidates, units: lowered.map { Array($0) })
    }

    private static func closest<Unit: Equatable>(to name: String, target: [Unit], among candidates: [String],
                                                 units: [[Unit]]) -> String? {
        let allowed = max(1, min(3, target.count / 3))
        var best: (candidate: String, distance: Int)?
        for (candidate, other) in zip(candidates, units) {
            // The edit distance is at least the difference in length: a candidate too far by length
            // alone can neither be suggested nor stand in for a closer one.
            if abs(other.count - target.count) > allowed { continue }
            let distance = editDistance(target, other)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance > 0 || name != best.candidate else { return nil }
        return best.distance <= allowed ? best.candidate : nil
    }

    private static func asciiBytes(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        return bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) ? bytes : nil
    }

    /// Edit distance where swapping two neighbouring letters counts as one typo
    /// (optimal string alignment), so `titel` is one step from `title`.
    static func editDistance<Unit: Equatable>(_ a: [Unit], _ b: [Unit]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// `; did you mean 'x'?` or nothing, to end a message with.
    public static func hint(for name: String, among candidates: [String], meanings: [String: String] = [:]) -> String {
        closest(to: name, among: candidates, meanings: meanings).map { "; did you mean '\($0)'?" } ?? ""
    }
}
