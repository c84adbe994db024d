/// The thresholds that shape a key space's files, and the layout decisions made from them: which
/// keys are heavy (files of their own) and how many shards hold the rest. Both key spaces are laid
/// out by the same limits, each from its own sizes. `SearchIndexBuilder` and `SearchIndexUpdate`
/// decide with these same functions, so that an update lays the keys out exactly as a full build
/// would. A build always uses the defaults; tests lower them to cross a limit with a small diary.
struct SearchIndexLimits: Sendable, Equatable {
    /// Shards are sized to hold about this many bytes on average.
    var targetShardBytes = SearchIndexBuilder.targetShardBytes
    /// A key whose value is bigger than this may have a file of its own.
    var heavyKeyBytes = SearchIndexBuilder.heavyKeyBytes
    /// At most this many keys of a space are heavy.
    var maxHeavyKeys = SearchIndexBuilder.maxHeavyKeys

    /// Which keys get files of their own: of the keys with values bigger than `heavyKeyBytes`,
    /// the biggest `maxHeavyKeys` (ties broken by key), listed in UTF-8 order (the order their file
    /// numbers are given in, `SearchIndexLayout.heavyFileNumbers`); the others (`nearlyHeavy`) stay in shards.
    /// - Parameter big: keys of one space with their value sizes; those not bigger than
    ///   `heavyKeyBytes` are left out.
    func heavyKeys(among big: [SearchIndexState.KeySize]) -> (heavy: [SearchIndexState.KeySize], nearlyHeavy: [SearchIndexState.KeySize]) {
        let ranked = big.filter { $0.bytes > heavyKeyBytes }
            .sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : UTF8Order.precedes($0.key, $1.key) }
        let count = min(maxHeavyKeys, ranked.count)
        return (ranked[..<count].sorted { UTF8Order.precedes($0.key, $1.key) }, Array(ranked[count...]))
    }

    /// What a key in a shard counts for when the shard count is picked.
    static func lightBytes(key: String, valueBytes: Int) -> Int {
        key.utf8.count + valueBytes + 4
    }

    /// The shard count for shards that hold `lightBytes` in all: a power of two, so that a shard
    /// holds about `targetShardBytes`.
    func shardCount(lightBytes: Int) -> Int {
        var shardCount = 1
        while shardCount * targetShardBytes < lightBytes { shardCount *= 2 }
        return shardCount
    }
}
