import Foundation

/// A file the build puts in the output folder.
package struct OutputFile: Sendable {
    package enum Content: Sendable {
        case bytes([UInt8])
        /// A copy of a file, named by its absolute path: a processed picture in the picture cache,
        /// identified by `identity` (its cache key and name), which does not depend on where the
        /// cache is or when the file was written.
        case copy(of: String, identity: String)
        /// A page rendered in an earlier batch of the build and let go of (`PageStaging`):
        /// the fingerprint of its plain bytes, and the staged file that holds the bytes to publish
        /// (encrypted in an encrypted build), which the writer moves into place; nil in a dry run.
        case staged(fingerprint: String, file: String?)
    }

    /// Relative to the output folder.
    package var path: String
    package var content: Content

    package init(path: String, content: Content) {
        self.path = path
        self.content = content
    }
}
