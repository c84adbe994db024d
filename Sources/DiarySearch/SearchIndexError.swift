/// A search index file that is missing or cannot be read.
public struct SearchIndexError: Error, CustomStringConvertible {
    public enum Reason: Sendable {
        case missingFile
        case unreadable(String)
        case unsupportedVersion(Int)
    }

    /// The file's path under the site, such as `search/index.json`.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

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
