import BuildSupport
import DiaryFiles
import DiaryModel

/// What one file of the build cache holds (`BuildCache.File`), read and written by one type:
/// `BuildCache.read(_:)` and `write(_:)` add and check the header, the record does the rest.
package protocol CacheRecord: BinaryRecord {
    /// The file of the build cache the record is saved in.
    static var file: BuildCache.File { get }
}

// MARK: - Records of other modules

extension ListingMemory: CacheRecord {
    package static var file: BuildCache.File { .contentListing }
}

extension TreeSnapshot: CacheRecord {
    package static var file: BuildCache.File { .contentSnapshot }
}

