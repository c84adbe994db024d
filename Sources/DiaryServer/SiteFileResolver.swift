import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a request path into a file of the output folder, and nothing outside it: `..` in any
/// spelling, hidden names (`.daybook/`, `.daybook-output`) and symlinks that lead out are not found.
struct SiteFileResolver: Sendable {
    /// Where a request leads.
    enum Lookup: Equatable {
        /// A regular file inside the output folder (its real path).
        case file(String)
        /// A folder asked for without its `/`, or the root of a site served under a sub-path.
        case redirect(String)
        case notFound
    }

    /// The output folder.
    var output: URL
    /// The site's `base_url`: `/` or a sub-path such as `/diary/`.
    var basePath: String

    /// Looks up `rawPath`, the request's path still percent-encoded (no query).
    func resolve(_ rawPath: String) -> Lookup {
        guard rawPath.hasPrefix("/") else { return .notFound }
        if basePath != "/" {
            if rawPath == "/" || rawPath == String(basePath.dropLast()) { return .redirect(basePath) }
            guard rawPath.hasPrefix(basePath) else { return .notFound }
        }
        guard let decoded = rawPath.dropFirst(basePath.count).removingPercentEncoding else { return .notFound }
        var segments: [Substring] = []
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if segment.hasPrefix(".") || segment.contains("\0") || segment.contains("\\") { return .notFound }
            segments.append(segment)
        }
        guard let outputPath = Self.realPath(output.path) else { return .notFound }
        var candidate = outputPath + (segments.isEmpty ? "" : "/" + segments.joined(separator: "/"))
        var info = stat()
        guard stat(candidate, &info) == 0 else { return .notFound }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard rawPath.hasSuffix("/") else { return .redirect(rawPath + "/") }
            candidate += "/index.html"
        }
        guard let real = Self.realPath(candidate), real.hasPrefix(outputPath == "/" ? "/" : outputPath + "/"),
              stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .notFound }
        return .file(real)
    }

    /// The site's not-found page, when the build made one.
    var notFoundPage: String? {
        if case .file(let path) = resolve(basePath + "404.html") { return path }
        return nil
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
