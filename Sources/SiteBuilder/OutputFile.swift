import Foundation

/// A file the build puts in the output folder.
struct OutputFile: Sendable {
    enum Content: Sendable {
        case bytes([UInt8])
        /// A copy of a diary file (a picture), named by its absolute path.
        case copy(of: String)
    }

    /// Relative to the output folder.
    var path: String
    var content: Content
}
