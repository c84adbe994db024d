import DiaryModel
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `to: s3`: objects in an S3-compatible bucket under the url's prefix, a few in flight at a time. Each
/// PUT carries the file's `Content-Type`, `Cache-Control` and `Content-MD5` (the server checks the
/// bytes it got); the ETag it answers, a single-part upload's MD5, is checked too.
final class S3Transport: DeployTransport {
    /// Requests in flight at once (`S3RequestWindow`).
    static let parallelRequests = 8

    let client: S3Client
    let prefix: String

    init(address: S3Address, endpoint: String?, region: String, profile: String?) throws {
        let credentials = try S3Credentials.find(profile: profile)
        let endpointText = endpoint ?? "https://s3.\(region).amazonaws.com"
        guard let endpointURL = URL(string: endpointText) else { throw DeployError.Reason.tool("'\(endpointText)' is not a URL") }
        client = S3Client(endpoint: endpointURL, bucket: address.bucket, region: region, credentials: credentials)
        prefix = address.prefix
    }

    func compare(with site: SiteInventory) throws -> RemoteComparison {
        let remote = try listing()
        let present = site.files.filter { remote[$0.path] != nil }
        let digests = DeployPlan.md5s(of: present, in: site)
        let matching = zip(present, digests).filter { remote[$0.0.path] == $0.1 }.map(\.0.path)
        let paths = Set(site.files.map(\.path))
        return RemoteComparison(matching: Set(matching), extra: remote.keys.filter { !paths.contains($0) })
    }

    private func listing() throws -> [String: String] {
        do {
            return try client.list(prefix: prefix)
        } catch let failure as S3Failure {
            throw DeployError.Reason.remote(file: nil, answer: "listing s3://\(client.bucket)/\(prefix) got \(failure)")
        } catch {
            throw DeployError.Reason.remote(file: nil, answer: "cannot reach \(client.endpoint.absoluteString): \(error.localizedDescription)")
        }
    }

    func upload(_ files: [PlannedUpload], from site: SiteInventory, uploaded: (SentFile) throws -> Void) throws {
        var sentFiles: [String: SentFile] = [:]
        try window.send(files, request: { upload in
            let (bytes, sent) = try read(upload, from: site)
            sentFiles[upload.file.path] = sent
            return putRequest(bytes, sent: sent)
        }, finished: { upload, answer in
            guard let sent = sentFiles.removeValue(forKey: upload.file.path) else { return }
            try check(answer, for: sent.file.path, expectedETag: sent.md5)
            try uploaded(sent)
        })
    }

    func delete(_ paths: [String], deleted: (String) throws -> Void) throws {
        try window.send(paths, request: { client.request("DELETE", key: prefix + $0) }, finished: { path, answer in
            try check(answer, for: path, expectedETag: nil)
            try deleted(path)
        })
    }

    private var window: S3RequestWindow {
        S3RequestWindow(client: client, width: Self.parallelRequests, retryPauses: Self.retryPauses)
    }

    private func putRequest(_ bytes: [UInt8], sent: SentFile) -> URLRequest {
        let md5Bytes = stride(from: 0, to: sent.md5.count, by: 2).map { offset -> UInt8 in
            let start = sent.md5.index(sent.md5.startIndex, offsetBy: offset)
            return UInt8(sent.md5[start..<sent.md5.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
        return client.request("PUT", key: prefix + sent.file.path, body: bytes, headers: [
            "content-type": ContentType.of(sent.file.path),
            "cache-control": ContentType.cacheControl(for: sent.file.path),
            "content-md5": Data(md5Bytes).base64EncodedString(),
        ])
    }

    /// Seconds to wait before each new try of a request that met a server error or no server:
    /// a busy server answers 500 or 503 now and then (rclone's did, about once in a thousand uploads here).
    static let retryPauses = [0.2, 0.5, 1.0]

    /// Throws unless the answer is a success (a deletion of what is already gone is one).
    private func check(_ answer: Result<S3Client.Answer, Error>, for path: String, expectedETag: String?) throws {
        let reply: S3Client.Answer
        switch answer {
        case .failure(let error):
            throw DeployError.Reason.remote(file: path, answer: "cannot reach \(client.endpoint.absoluteString): \(error.localizedDescription)")
        case .success(let got): reply = got
        }
        guard (200..<300).contains(reply.status) || (expectedETag == nil && reply.status == 404) else {
            throw DeployError.Reason.remote(file: path, answer: "s3://\(client.bucket)/\(prefix)\(path) got \(S3Failure(answer: reply))")
        }
        if let expectedETag, let etag = reply.headers["etag"]?.trimmingCharacters(in: CharacterSet(charactersIn: "\"")),
           !etag.isEmpty, etag != expectedETag {
            throw DeployError.Reason.remote(file: path, answer: "the server's ETag \(etag) is not the file's MD5 \(expectedETag)")
        }
    }
}
