import FlyingFox
import Foundation
import SiteBuilder

/// Answers every request: the live socket, the reload script, and the site's files, with the
/// reload script added to HTML and `Cache-Control: no-store` on everything; its service worker is
/// one that keeps nothing (`OfflineWorker.removal`).
struct SiteHandler: HTTPHandler {
    let site: ServedSite
    let live: LiveReload

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.target.path()
        if path == ReloadScript.socketPath {
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: live)).handleRequest(request)
        }
        guard request.method == .GET || request.method == .HEAD else {
            var response = Self.response(.methodNotAllowed, type: "text/plain; charset=utf-8", body: Array("method not allowed\n".utf8), for: request)
            response.headers[HTTPHeader("Allow")] = "GET, HEAD"
            return response
        }
        if path == ReloadScript.scriptPath {
            return Self.response(.ok, type: ContentType.of(path), body: Array(ReloadScript.source.utf8), for: request)
        }
        if path == site.basePath + OfflineWorker.fileName {
            // A preview is never kept for offline reading: its worker deletes what a worker of an
            // earlier site on this address kept, and unregisters itself.
            return Self.response(.ok, type: ContentType.of(path), body: Array(OfflineWorker.removal.utf8), for: request)
        }
        // Read before the file: a page whose file a build changes meanwhile is told to reload.
        let generation = live.generation
        let resolver = site.resolver
        switch resolver.resolve(path) {
        case .file(let file):
            if let response = Self.fileResponse(.ok, file: file, generation: generation, for: request) { return response }
        case .redirect(let location):
            let query = request.target.query()
            var response = Self.response(.found, type: "text/plain; charset=utf-8", body: [], for: request)
            response.headers[.location] = query.isEmpty ? location : location + "?" + query
            return response
        case .notFound:
            break
        }
        if let page = resolver.notFoundPage, let response = Self.fileResponse(.notFound, file: page, generation: generation, for: request) {
            return response
        }
        let fallback = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Not found</title></head>"
            + "<body><h1>Not found</h1><p>Nothing is served at this address.</p></body></html>\n"
        return Self.response(.notFound, type: ContentType.html, body: ReloadScript.inject(into: Array(fallback.utf8), generation: generation),
                             for: request)
    }

    private static func fileResponse(_ status: HTTPStatusCode, file: String, generation: Int, for request: HTTPRequest) -> HTTPResponse? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let type = ContentType.of(file)
        let body = ContentType.isHTML(type) ? ReloadScript.inject(into: [UInt8](data), generation: generation) : [UInt8](data)
        return response(status, type: type, body: body, for: request)
    }

    private static func response(_ status: HTTPStatusCode, type: String, body: [UInt8], for request: HTTPRequest) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        if request.method == .HEAD {
            headers[.contentLength] = String(body.count)
            return HTTPResponse(statusCode: status, headers: headers)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: Data(body))
    }
}

/// Which folder is served and under which path; the path follows `base_url` as daybook.yml changes.
final class ServedSite: @unchecked Sendable {
    private let lock = NSLock()
    private var current: SiteFileResolver
    private var listening: UInt16?

    init(output: URL, basePath: String) {
        current = SiteFileResolver(output: output, basePath: basePath)
    }

    var resolver: SiteFileResolver {
        lock.withLock { current }
    }

    var basePath: String {
        get { lock.withLock { current.basePath } }
        set { lock.withLock { current.basePath = newValue } }
    }

    /// The port listened on, once listening.
    var port: UInt16? {
        get { lock.withLock { listening } }
        set { lock.withLock { listening = newValue } }
    }
}
