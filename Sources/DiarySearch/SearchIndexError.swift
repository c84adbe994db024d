/// A search index file that is missing or cannot be read.
public struct SearchIndexError: Error, CustomStringConvertible {
    /// What is wrong with the file.
    public enum Reason: Sendable {
        /// The site has no such file (not built yet, or built by an older Daybook).
        case missingFile
        /// The file is not the JSON the index format expects; the text says why.
        case unreadable(String)
        /// The manifest names a format version this Daybook does not read.
        case unsupportedVersion(Int)
    }

    /// The file's path under the site, such as `search/index.json`.
    public var path: String
    public var reason: Reason

    /// An error about the file at `path` (under the site).
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The problem as a diagnostic line, `path: error: message`.
    public var description: String {
        switch reason {
        case .missingFile:
            return "\(path): error: search index file is missing; build the site first"
        case .unreadable(let detail):
            return "\(path): error: search index file cannot be read (\(detail)); build the site again"
        case .unsupportedVersion(let version):
            return "\(path): error: search index format \(version) is not supported (expected \(SearchIndexLayout.version)); build the site again"
        }
    }
}
