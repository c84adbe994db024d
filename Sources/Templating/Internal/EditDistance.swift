/// The candidate nearest to `name` by edit distance, if it is close enough to be a likely typo.
func nearestName<S: Sequence>(to name: String, in candidates: S) -> String? where S.Element == String {
    let target = Array(name.unicodeScalars)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
        let distance = editDistance(target, Array(candidate.unicodeScalars))
        if let current = best, distance > current.distance || (distance == current.distance && candidate >= current.name) {
            continue
        }
        best = (candidate, distance)
    }
    guard let best, best.distance <= max(2, target.count / 3) else { return nil }
    return best.name
}

/// Levenshtein distance counting a swap of two neighbours as one edit.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, previousPrevious[j - 2] + 1)
            }
            current[j] = value
        }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
}
