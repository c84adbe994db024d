import DaybookTestSupport
import DiaryModel
import DiaryReader
import XCTest

/// `deploy:` in daybook.yml: targets with their defaults, and located errors for what is wrong.
final class DeployConfigTests: XCTestCase {
    func testTargetsAreReadWithTheirDefaults() {
        let (config, problems) = ConfigLoader.load("""
            deploy:
              - name: pages
                to: git
                url: git@github.com:me/diary-site.git
              - name: bucket
                to: s3
                url: s3://my-bucket/diary
                endpoint: https://s3.eu-central-1.amazonaws.com
                region: eu-central-1
                profile: r2
              - name: share
                to: dir
                url: /mnt/share/diary
                public: true
              - name: home
                to: rsync
                url: me@example.org:/var/www/diary/
              - name: kept
                to: git
                url: ../site.git
                branch: main
                history: keep
            """)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(config.deployTargets.map(\.name), ["pages", "bucket", "share", "home", "kept"])
        XCTAssertEqual(config.deployTargets[0].transport, .git(branch: "gh-pages", keepHistory: false))
        XCTAssertEqual(config.deployTargets[1].transport, .s3(endpoint: "https://s3.eu-central-1.amazonaws.com", region: "eu-central-1", profile: "r2"))
        XCTAssertEqual(config.deployTargets[2].transport, .directory)
        XCTAssertEqual(config.deployTargets.map(\.isPublic), [false, false, true, false, false])
        XCTAssertEqual(config.deployTargets[4].transport, .git(branch: "main", keepHistory: true))
        XCTAssertEqual(S3Address("s3://my-bucket/diary"), S3Address("s3://my-bucket/diary/"))
        XCTAssertEqual(S3Address("s3://my-bucket/diary")?.prefix, "diary/")
    }

    func testACredentialInDaybookYmlIsALocatedError() {
        let (_, problems) = ConfigLoader.load("""
            deploy:
              - name: bucket
                to: s3
                url: s3://b/
                aws_secret_access_key: abc
            """)
        XCTAssertEqual(problems.map(\.description), [
            "daybook.yml:5:5: error: credentials never go in daybook.yml, which may be shared or committed: "
                + "set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or name a ~/.aws/credentials section with 'profile:'",
        ])
    }

    func testWrongKindsKeysAndValuesAreLocatedErrors() {
        let (config, problems) = ConfigLoader.load("""
            deploy:
              - name: pages
                to: ftp
                url: x
              - name: Bad Name
                to: dir
                url: /tmp/x
              - name: site
                to: dir
                url: /tmp/y
                branch: main
                pubic: true
              - name: site
                to: git
                url: /tmp/z
                history: forever
            """)
        XCTAssertEqual(problems.map(\.description), [
            "daybook.yml:3:9: error: 'to' must be git, rsync, s3 or dir, found 'ftp'",
            "daybook.yml:5:11: error: the deploy target name 'Bad Name' must be lower-case letters, digits and '-' such as 'bad-name'",
            "daybook.yml:11:5: error: 'branch' belongs to 'git' targets, not to 'dir' ones",
            "daybook.yml:12:5: error: unknown key 'pubic' of a deploy target; did you mean 'public'?",
            "daybook.yml:16:14: error: 'history' must be 'keep' or 'one', found 'forever'",
        ])
        XCTAssertEqual(config.deployTargets.map(\.name), ["site"])
    }
}
