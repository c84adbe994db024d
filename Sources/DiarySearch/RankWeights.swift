import Foundation

/// What the index stores for ranking, and how `daybook search` and search.js score with it
/// (the design note of `SearchIndexBuilder` says why).
///
/// Each posting (an entry under a key) carries one character of the postings alphabet, `q` from
/// 1 to 63: the entry's length-normalised, field-weighted frequency of the key, `x`, in 1/1024
/// units, on a logarithmic scale from 1/16 to 80 (`q = 1 + round(6 · log2(16 · x/1024))`, steps of
/// 12 %, so a frequency is kept to within 6 % and a score, after BM25's saturation, to within about 4 %). Everything
/// that goes into `x` is the entry's own (its fields and its length) or fixed at a full build
/// (the pivot length), so an edit changes only its own postings.
enum RankWeights {
    /// Field boosts in half units: title 4, tags and emotions 2.5, `search.fields` 1.5, body 1.
    enum Field: CaseIterable {
        case title, tags, emotions, fields, body

        var boost: Int {
            switch self {
            case .title: return 8
            case .tags, .emotions: return 5
            case .fields: return 3
            case .body: return 2
            }
        }
    }

    /// BM25's `k1`; `b` is fixed at 3/4 in `Scale`.
    static let k1 = 1.2

    /// An entry's length normalisation as a fraction: `x = raw · numerator / denominator`, where
    /// `raw` counts occurrences in half units of boost. With `b = 3/4`,
    /// `x = raw/2 · 1024 / (1/4 + 3/4 · length/pivot) = raw · 2048 · pivot / (pivot + 3 · length)`.
    struct Scale: Equatable {
        var numerator: Int
        var denominator: Int

        /// - Parameters:
        ///   - length: the entry's length, the UTF-8 bytes of its visible body text.
        ///   - pivot: the diary's reference length (`pivot(lengths:)`).
        init(length: Int, pivot: Int) {
            numerator = 2048 * pivot
            denominator = pivot + 3 * length
        }

        func weight(raw: Int) -> UInt8 { RankWeights.quantised(raw * numerator / max(1, denominator)) }
    }

    /// The diary's reference length: the average length rounded to a power of √2, so that most
    /// edits leave it alone (when it changes, every weight does, and the index is built anew).
    static func pivot(totalLength: Int, count: Int) -> Int {
        guard count > 0, totalLength > 0 else { return 1 }
        let average = Double(totalLength) / Double(count)
        return max(1, Int(pow(2, (2 * log2(average)).rounded() / 2).rounded()))
    }

    /// `x` (1/1024 units) → `q`, 1…63: `x` reaching `thresholds[k]` gives at least `k + 2`.
    static func quantised(_ x: Int) -> UInt8 {
        var low = 0
        var high = thresholds.count
        while low < high {
            let middle = (low + high) / 2
            if thresholds[middle] <= x { low = middle + 1 } else { high = middle }
        }
        return UInt8(1 + low)
    }

    /// `q` → `x` (1/1024 units), as search.js computes it: `round(64 · 2^((q − 1)/6))` (0 for 0).
    static let dequantised: [Int] = [0] + (1..<64).map { Int((64 * pow(2, Double($0 - 1) / 6)).rounded()) }

    /// The smallest `x` that rounds to `q = k + 2` (`k + 1/2` on the scale).
    private static let thresholds: [Int] = (0..<62).map { Int((64 * pow(2, (Double($0) + 0.5) / 6)).rounded(.up)) }

    // MARK: - Scoring (twin of search.js `contribution`)

    /// A query part's scoring: BM25's `idf · tf · (k1 + 1) / (tf + k1)`, `df` being the entries
    /// the part matches and `count` those of the index.
    struct PartScore {
        let idf: Double

        init(df: Int, count: Int) {
            idf = log(1 + (Double(count - df) + 0.5) / (Double(df) + 0.5))
        }

        /// The part's contribution for an entry where its frequency is `tf` (1/1024 units), in
        /// millionths, rounded down after adding a half (as search.js does, so both agree exactly).
        func of(tf: Int) -> Int {
            let t = Double(tf)
            return Int((idf * t * (k1 + 1) / (t + 1024 * k1) * 1_000_000 + 0.5).rounded(.down))
        }
    }

    static func contributions(df: Int, count: Int) -> PartScore { PartScore(df: df, count: count) }

    /// The overlapping occurrences of `needle` in `haystack` (UTF-8, so scalars).
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard let first = needle.first, needle.count <= haystack.count else { return 0 }
        var count = 0
        for start in 0...(haystack.count - needle.count) where haystack[start] == first
            && haystack[start..<start + needle.count].elementsEqual(needle) {
            count += 1
        }
        return count
    }
}
