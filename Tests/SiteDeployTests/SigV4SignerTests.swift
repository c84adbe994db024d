import DaybookTestSupport
@testable import SiteDeploy
import XCTest

/// The signer against AWS's published examples: the SigV4 test suite's get-vanilla requests and
/// the GET Object example of S3's "Authenticating Requests" documentation.
final class SigV4SignerTests: XCTestCase {
    private let suite = SigV4Signer(accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                                    region: "us-east-1", service: "service")
    private let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    func testGetVanillaGivesAWSsPublishedSignature() {
        let request = SigV4Signer.Request(method: "GET", path: "/", headers: ["Host": "example.amazonaws.com", "X-Amz-Date": "20150830T123600Z"],
                                          payloadHash: emptyHash)
        XCTAssertEqual(suite.authorization(for: request, amzDate: "20150830T123600Z"),
                       "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, "
                           + "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    func testGetVanillaQueryOrderKeyCaseSortsTheQuery() {
        let request = SigV4Signer.Request(method: "GET", path: "/", query: [("Param2", "value2"), ("Param1", "value1")],
                                          headers: ["Host": "example.amazonaws.com", "X-Amz-Date": "20150830T123600Z"], payloadHash: emptyHash)
        XCTAssertEqual(suite.signature(for: request, amzDate: "20150830T123600Z"),
                       "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500")
    }

    func testS3DocumentationGetObjectExample() {
        let signer = SigV4Signer(accessKey: "AKIAIOSFODNN7EXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1")
        let request = SigV4Signer.Request(method: "GET", path: "/test.txt", headers: [
            "Host": "examplebucket.s3.amazonaws.com", "Range": "bytes=0-9", "x-amz-content-sha256": emptyHash, "x-amz-date": "20130524T000000Z",
        ], payloadHash: emptyHash)
        XCTAssertEqual(signer.stringToSign(for: request, amzDate: "20130524T000000Z"), """
            AWS4-HMAC-SHA256
            20130524T000000Z
            20130524/us-east-1/s3/aws4_request
            7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
            """)
        XCTAssertEqual(signer.signature(for: request, amzDate: "20130524T000000Z"),
                       "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    func testKeysAreEncodedOnceWithSlashesKept() {
        XCTAssertEqual(SigV4Signer.encode("x/ab/c d+é.bin", keepingSlashes: true), "x/ab/c%20d%2B%C3%A9.bin")
        XCTAssertEqual(SigV4Signer.canonicalQuery([("prefix", "diary/"), ("list-type", "2")]), "list-type=2&prefix=diary%2F")
    }

    func testErrorAnswersGiveTheirCodeAndMessage() {
        let answer = S3Client.Answer(status: 403, headers: [:], body: Data("""
            <?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The signature &amp; more</Message></Error>
            """.utf8))
        XCTAssertEqual(S3Failure(answer: answer).description, "HTTP 403 SignatureDoesNotMatch: The signature & more")
    }

    func testListPagesGiveKeysETagsAndTheNextToken() {
        let page = S3ListPage(xml: """
            <ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>diary/index.html</Key><ETag>&quot;abc&quot;</ETag></Contents>\
            <Contents><Key>diary/x/1.bin</Key><ETag>"def"</ETag></Contents><NextContinuationToken>t2</NextContinuationToken></ListBucketResult>
            """)
        XCTAssertEqual(page.objects.map(\.key), ["diary/index.html", "diary/x/1.bin"])
        XCTAssertEqual(page.objects.map(\.etag), ["abc", "def"])
        XCTAssertEqual(page.nextToken, "t2")
    }

    func testCredentialsComeFromTheEnvironmentOrAProfileNeverElsewhere() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-credentials-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "[default]\naws_access_key_id = A1\naws_secret_access_key = S1\n\n[r2]\naws_access_key_id=A2\naws_secret_access_key=S2\naws_session_token=T2\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let environment = ["AWS_SHARED_CREDENTIALS_FILE": file.path]
        XCTAssertEqual(try S3Credentials.find(profile: nil, environment: environment), S3Credentials(accessKey: "A1", secretKey: "S1"))
        XCTAssertEqual(try S3Credentials.find(profile: "r2", environment: environment), S3Credentials(accessKey: "A2", secretKey: "S2", sessionToken: "T2"))
        XCTAssertEqual(try S3Credentials.find(profile: nil, environment: environment.merging(["AWS_ACCESS_KEY_ID": "E", "AWS_SECRET_ACCESS_KEY": "ES"]) { $1 }),
                       S3Credentials(accessKey: "E", secretKey: "ES"))
        XCTAssertThrowsError(try S3Credentials.find(profile: "missing", environment: environment))
    }
}
