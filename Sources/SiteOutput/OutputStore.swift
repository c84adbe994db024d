import DiaryFiles

/// Where a build's files go: every change the writer makes to its output goes through one, so
/// the same writer fills a folder on disk (`DiskOutput`) or a site held in memory (`MemoryOutput`).
/// Paths are relative to the output's top, with `/` between folders. The writer calls it from
/// several threads at once, for different paths.
package protocol OutputStore: Sendable {
    /// Makes the output ready to be written into (`OutputFolder.prepare`); with `clean`, empties it first.
    func prepare(clean: Bool) throws
    /// Every file the output holds, for a build that does not know what the last one wrote.
    func filePaths() -> [String]
    /// Makes the folder at `path`, whose parent exists; one already there is fine.
    func makeFolder(_ path: String) throws
    /// Replaces the file at `path` with `bytes`, so that a reader sees the old bytes or the new ones.
    func write(_ bytes: [UInt8], to path: String) throws
    /// Replaces the file at `path` with a copy of the file at `source` (an absolute path on disk).
    func copy(from source: String, to path: String) throws
    /// Replaces the file at `path` with the staged file at `staged` (an absolute path on disk),
    /// which is gone afterwards (`PageStaging`).
    func move(from staged: String, to path: String) throws
    /// Whether the output holds a file at `path`.
    func contains(_ path: String) -> Bool
    /// The bytes of the file at `path`; nil when there is none.
    func read(_ path: String) -> [UInt8]?
    /// Removes the file at `path`; true when it is gone, whether or not it was there.
    func remove(_ path: String) -> Bool
    /// Removes the folder at `path` if it holds nothing; true when it did.
    func removeFolderIfEmpty(_ path: String) -> Bool
    /// Removes every empty folder below the top (`OutputFolder.removeEmptyFolders`).
    func removeEmptyFolders()
}
