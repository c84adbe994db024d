/// "Did you mean …?" for a misspelt name, by edit distance.
public enum Suggestion {
    /// The candidate closest to `name` (case-insensitive), if it is close enough to be a likely typo.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance > 0 || name != best.candidate else { return nil }
        let allowed = max(1, min(3, target.count / 3))
        return best.distance <= allowed ? best.candidate : nil
    }

    /// Edit distance where swapping two neighbouring letters counts as one typo
    /// (optimal string alignment), so `titel` is one step from `title`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
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
    public static func hint(for name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
