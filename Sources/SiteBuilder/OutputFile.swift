import Foundation

/// A file the build puts in the output folder.
struct OutputFile: Sendable {
    enum Content: Sendable {
        case bytes([UInt8])
        /// A copy of a file, named by its absolute path: a processed picture in the picture cache,
        /// identified by `identity` (its cache key and name), which does not depend on where the
        /// cache is or when the file was written.
        case copy(of: String, identity: String)
    }

    /// Relative to the output folder.
    var path: String
    var content: Content
}
