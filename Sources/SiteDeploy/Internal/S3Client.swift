import DiaryModel
import Foundation
import SiteEncryption
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small S3 client: PUT, DELETE and ListObjectsV2 on one bucket, path-style
/// (`<endpoint>/<bucket>/<key>`), each request signed with SigV4, over Foundation's URLSession.
final class S3Client: @unchecked Sendable {
    let endpoint: URL
    let bucket: String
    let credentials: S3Credentials
    let signer: SigV4Signer
    private let session: URLSession

    /// What a request got back.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    init(endpoint: URL, bucket: String, region: String, credentials: S3Credentials) {
        self.endpoint = endpoint
        self.bucket = bucket
        self.credentials = credentials
        signer = SigV4Signer(accessKey: credentials.accessKey, secretKey: credentials.secretKey, region: region)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = S3Transport.parallelRequests
        configuration.timeoutIntervalForRequest = 60
        session = URLSession(configuration: configuration)
    }

    // MARK: - Requests

    /// A signed request for `key` (nil: the bucket itself).
    func request(_ method: String, key: String?, query: [(name: String, value: String)] = [], body: [UInt8] = [],
                 headers extra: [String: String] = [:], date: Date = Date()) -> URLRequest {
        let path = "/" + SigV4Signer.encode(bucket) + (key.map { "/" + SigV4Signer.encode($0, keepingSlashes: true) } ?? "")
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = path
        components.percentEncodedQuery = query.isEmpty ? nil : SigV4Signer.canonicalQuery(query)
        let amzDate = SigV4Signer.amzDate(date)
        var headers = extra
        headers["host"] = hostHeader
        headers["x-amz-date"] = amzDate
        headers["x-amz-content-sha256"] = FileDigest.hex(HMACSHA256.sha256(body))
        if let token = credentials.sessionToken { headers["x-amz-security-token"] = token }
        let signed = SigV4Signer.Request(method: method, path: path, query: query, headers: headers,
                                         payloadHash: headers["x-amz-content-sha256"]!)
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        for (name, value) in headers where name != "host" { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue(signer.authorization(for: signed, amzDate: amzDate), forHTTPHeaderField: "Authorization")
        if method == "PUT" { request.httpBody = Data(body) }
        return request
    }

    /// `host[:port]` as the server sees it, which the signature covers.
    private var hostHeader: String {
        let host = endpoint.host ?? ""
        guard let port = endpoint.port else { return host }
        let isDefault = (endpoint.scheme == "https" && port == 443) || (endpoint.scheme == "http" && port == 80)
        return isDefault ? host : "\(host):\(port)"
    }

    /// Sends `request` and waits for its answer.
    func send(_ request: URLRequest) -> Result<Answer, Error> {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<Answer, Error> = .failure(URLError(.unknown))
        start(request) { answer in
            result = answer
            done.signal()
        }
        done.wait()
        return result
    }

    /// Starts `request`; `finished` gets its answer on the session's queue.
    func start(_ request: URLRequest, finished: @escaping @Sendable (Result<Answer, Error>) -> Void) {
        session.dataTask(with: request) { data, response, error in
            if let error { return finished(.failure(error)) }
            guard let http = response as? HTTPURLResponse else { return finished(.failure(URLError(.badServerResponse))) }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields { headers[String(describing: name).lowercased()] = String(describing: value) }
            finished(.success(Answer(status: http.statusCode, headers: headers, body: data ?? Data())))
        }.resume()
    }

    // MARK: - Listing

    /// Every object under `prefix`: key (without the prefix) → ETag without its quotes.
    func list(prefix: String) throws -> [String: String] {
        var objects: [String: String] = [:]
        var token: String?
        repeat {
            var query = [(name: "list-type", value: "2"), (name: "prefix", value: prefix)]
            if let token { query.append((name: "continuation-token", value: token)) }
            let answer = try send(request("GET", key: nil, query: query)).get()
            guard answer.status == 200 else { throw S3Failure(answer: answer) }
            let page = S3ListPage(xml: String(decoding: answer.body, as: UTF8.self))
            for (key, etag) in page.objects where key.hasPrefix(prefix) { objects[String(key.dropFirst(prefix.count))] = etag }
            token = page.nextToken
        } while token != nil
        return objects
    }
}
