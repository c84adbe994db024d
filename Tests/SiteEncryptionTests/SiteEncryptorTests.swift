import DaybookTestSupport
import DiaryCorpus
import DiaryModel
@testable import SiteEncryption
import XCTest

final class SiteEncryptorTests: XCTestCase {
    private let page = Array("<h1>Autumn walk</h1><p>Leaves on the river path, then tea.</p>".utf8)
    private let address = "2025/10/04/1030-autumn-walk/index.html"

    // MARK: - Keys

    func testAPasswordSlotNeedsASixteenByteSaltAndAPassword() {
        let siteKey = [UInt8](repeating: 1, count: 32)
        XCTAssertThrowsError(try KeySlot.password("pw", wrapping: siteKey, id: "a", iterations: 1_000, salt: [1, 2, 3])) {
            XCTAssertEqual($0 as? SiteEncryptionError, .badSalt(byteCount: 3))
        }
        XCTAssertThrowsError(try KeySlot.password("", wrapping: siteKey, id: "a", iterations: 1_000, salt: testSalt)) {
            XCTAssertEqual($0 as? SiteEncryptionError, .emptyPassword)
        }
    }

    func testANewSiteHasARandomSiteKeyInAPasswordSlotOfSixHundredThousandRounds() throws {
        let keys = try SiteKeys.newSite(password: "pw")
        let other = try SiteKeys.newSite(password: "pw")
        XCTAssertNotEqual(keys.siteKey, other.siteKey, "the site key does not come from the password")
        XCTAssertNotEqual(keys.keyID, other.keyID)
        guard case .password(let salt, let iterations)? = keys.slots.first?.kind, keys.slots.count == 1 else {
            return XCTFail("one password slot: \(keys.slots)")
        }
        XCTAssertEqual(iterations, 600_000)
        XCTAssertGreaterThanOrEqual(SiteKeys.iterations, 600_000)
        XCTAssertEqual(salt.count, 16)
        guard case .password(let otherSalt, _)? = other.slots.first?.kind else { return XCTFail() }
        XCTAssertNotEqual(salt, otherSalt)
    }

    func testEachJobHasItsOwnKey() throws {
        let keys = try quickKeys()
        let names = keys.nameKey.code([1])
        let nonces = keys.nonceKey.code([1])
        XCTAssertEqual(keys.contentKey.count, 32)
        XCTAssertNotEqual(names, nonces)
        XCTAssertNotEqual(HMACSHA256(key: keys.contentKey).code([1]), names)
        XCTAssertNotEqual(keys.contentKey, keys.siteKey)
        XCTAssertEqual(keys.keyID.count, 16)
        XCTAssertNotEqual(keys.keyID, Array(keys.contentKey.prefix(16)))
    }

    func testAComposedAndADecomposedPasswordOpenTheSameSlot() throws {
        let keys = try quickKeys("caf\u{E9} 산책")
        let opened = try XCTUnwrap(try SiteKeys.opening(keys.published, with: "cafe\u{301} \u{1109}\u{1161}\u{11AB}\u{110E}\u{1162}\u{11A8}"))
        XCTAssertEqual(opened.keys.contentKey, keys.contentKey)
    }

    // MARK: - One file

    func testAFileDecryptsToItsContent() throws {
        let encryptor = SiteEncryptor(keys: try quickKeys())
        let file = encryptor.encrypt(page, at: address)
        XCTAssertEqual(try encryptor.decrypt(file, at: address), page)
        XCTAssertEqual(try encryptor.decrypt(encryptor.encrypt([], at: "empty.txt"), at: "empty.txt"), [])
        let allZeros = [UInt8](repeating: 0, count: 300)
        XCTAssertEqual(try encryptor.decrypt(encryptor.encrypt(allZeros, at: "zeros.bin"), at: "zeros.bin"), allZeros)
    }

    func testAnUnchangedFileEncryptsToTheSameBytes() throws {
        let first = SiteEncryptor(keys: try quickKeys()).encrypt(page, at: address)
        let again = SiteEncryptor(keys: try quickKeys()).encrypt(page, at: address)
        XCTAssertEqual(first, again)
    }

    func testTheNonceChangesWithTheAddressAndWithTheContent() throws {
        let encryptor = SiteEncryptor(keys: try quickKeys())
        let nonce = { (file: [UInt8]) in Array(file[1..<13]) }
        let original = encryptor.encrypt(page, at: address)
        let otherAddress = encryptor.encrypt(page, at: "2025/10/05/0900-tea/index.html")
        var edited = page
        edited[edited.count - 5] ^= 1
        let otherContent = encryptor.encrypt(edited, at: address)
        XCTAssertNotEqual(nonce(original), nonce(otherAddress))
        XCTAssertNotEqual(nonce(original), nonce(otherContent))
        XCTAssertNotEqual(nonce(otherAddress), nonce(otherContent))
        // The address's length is part of the nonce's input, so moving a byte from the address
        // to the content does not give the same nonce.
        XCTAssertNotEqual(nonce(encryptor.encrypt(Array("bc".utf8), at: "a")), nonce(encryptor.encrypt(Array("c".utf8), at: "ab")))
    }

    func testAThousandPagesGetAThousandDifferentNonces() throws {
        let encryptor = SiteEncryptor(keys: try quickKeys())
        var nonces = Set<[UInt8]>()
        for day in 0..<1_000 {
            nonces.insert(Array(encryptor.encrypt(page, at: "2025/day-\(day)/index.html")[1..<13]))
        }
        XCTAssertEqual(nonces.count, 1_000)
    }

    func testAChangedByteAnywhereIsAnErrorNeverOtherContent() throws {
        let encryptor = SiteEncryptor(keys: try quickKeys())
        let file = encryptor.encrypt(page, at: address)
        for position in [0, 1, 12, 13, 40, file.count - 17, file.count - 16, file.count - 1] {
            var changed = file
            changed[position] ^= 0x01
            XCTAssertThrowsError(try encryptor.decrypt(changed, at: address), "byte \(position)") { error in
                XCTAssertTrue([.notAuthentic(address: address), .malformed(address: address)].contains(error as? SiteEncryptionError))
            }
        }
        XCTAssertThrowsError(try encryptor.decrypt(Array(file.dropLast()), at: address))
        XCTAssertThrowsError(try encryptor.decrypt(Array(file.prefix(20)), at: address))
    }

    func testAFileServedAsAnotherAddressDoesNotDecrypt() throws {
        let encryptor = SiteEncryptor(keys: try quickKeys())
        let file = encryptor.encrypt(page, at: address)
        XCTAssertThrowsError(try encryptor.decrypt(file, at: "2025/10/05/0900-tea/index.html")) {
            XCTAssertEqual($0 as? SiteEncryptionError, .notAuthentic(address: "2025/10/05/0900-tea/index.html"))
        }
    }

    func testAnotherSiteKeyDoesNotDecrypt() throws {
        let file = SiteEncryptor(keys: try quickKeys("right")).encrypt(page, at: address)
        XCTAssertThrowsError(try SiteEncryptor(keys: try quickKeys("wrong")).decrypt(file, at: address)) {
            XCTAssertEqual($0 as? SiteEncryptionError, .notAuthentic(address: address))
        }
    }

    // MARK: - Names and sizes

    func testPublishedNamesAreOpaqueAndStable() throws {
        let encryptor = SiteEncryptor(keys: try quickKeys())
        let path = encryptor.publishedPath(of: address)
        XCTAssertNotNil(path.wholeMatch(of: try Regex(#"x/[0-9a-f]{2}/[0-9a-f]{30}\.bin"#)), path)
        XCTAssertEqual(path, SiteEncryptor(keys: try quickKeys()).publishedPath(of: address))
        XCTAssertNotEqual(path, SiteEncryptor(keys: try quickKeys("other")).publishedPath(of: address))
        let sameDay = ["2025/10/04/index.html", "2025/10/04/0900-tea/index.html", address].map(encryptor.publishedPath(of:))
        XCTAssertEqual(Set(sameDay.map { $0.prefix(4) }).count, 3, "one day's files share no folder by design: \(sameDay)")
    }

    func testFileSizesArePaddedToBuckets() throws {
        let encryptor = SiteEncryptor(keys: try quickKeys())
        let short = encryptor.encrypt(Array(repeating: 65, count: 5_000), at: address)
        let longer = encryptor.encrypt(Array(repeating: 65, count: 5_080), at: address)
        XCTAssertEqual(short.count, longer.count, "5,000 and 5,080 bytes are published at one size")
        XCTAssertEqual(short.count, 5_120)
        XCTAssertEqual(short.count, Padding.paddedSize(for: short.count))
        XCTAssertEqual(encryptor.encrypt([], at: "a").count, 256)
        XCTAssertEqual(encryptor.encrypt(Array(repeating: 1, count: 200), at: "a").count, 256)
    }

    func testPaddingCostsAtMostOneSixteenthAndAboutThreePercentOnAverage() {
        var overhead = 0.0
        var samples = 0
        for count in stride(from: 257, through: 400_000, by: 97) {
            let padded = Padding.paddedSize(for: count)
            XCTAssertGreaterThanOrEqual(padded, count)
            XCTAssertLessThanOrEqual(Double(padded - count) / Double(count), 1.0 / 16.0, "\(count)")
            XCTAssertEqual(Padding.paddedSize(for: padded), padded, "a padded size is its own bucket")
            overhead += Double(padded - count) / Double(count)
            samples += 1
        }
        XCTAssertLessThan(overhead / Double(samples), 0.04)
        XCTAssertEqual(Set((4_097...8_192).map(Padding.paddedSize(for:))).count, 16, "16 sizes between 4 and 8 KB")
        XCTAssertEqual(Padding.paddedSize(for: 1), 256)
    }

    func testPaddingIsReadBackOnlyWhenWellFormed() {
        XCTAssertEqual(Padding.contentLength(of: [9, 9, 0x80, 0, 0], in: 0..<5), 2)
        XCTAssertEqual(Padding.contentLength(of: [0x80], in: 0..<1), 0)
        XCTAssertNil(Padding.contentLength(of: [9, 9, 0, 0], in: 0..<4))
        XCTAssertNil(Padding.contentLength(of: [0, 0, 0], in: 0..<3))
    }

    // MARK: - A whole site

    func testASiteIsPublishedAsOpaqueFilesAndTheUnlockPageAlone() throws {
        let keys = try quickKeys()
        let site = sampleSite()
        let published = SiteEncryptor(keys: keys).encryptSite(site, baseURL: "/diary/")
        XCTAssertEqual(Set(published.keys).subtracting(UnlockPage.paths).count, site.count)
        XCTAssertTrue(UnlockPage.paths.isSubset(of: published.keys))
        let encryptor = SiteEncryptor(keys: keys)
        for (address, content) in site {
            XCTAssertEqual(try encryptor.decrypt(try XCTUnwrap(published[encryptor.publishedPath(of: address)]), at: address), content)
        }
    }

    func testEditingOneFileChangesOnlyItsPublishedFile() throws {
        let encryptor = SiteEncryptor(keys: try quickKeys())
        var site = sampleSite()
        let before = encryptor.encryptSite(site, baseURL: "/diary/")
        site["2025/10/04/1030-autumn-walk/index.html"]! += Array("<p>One more line.</p>".utf8)
        site["search/chunks/0.json"] = nil
        let after = encryptor.encryptSite(site, baseURL: "/diary/")
        let changed = Set(after.keys.filter { before[$0] != after[$0] })
        XCTAssertEqual(changed, [encryptor.publishedPath(of: "2025/10/04/1030-autumn-walk/index.html")])
        XCTAssertEqual(Set(before.keys).subtracting(after.keys), [encryptor.publishedPath(of: "search/chunks/0.json")])
    }

    /// No run of 6 characters of any text or address of the site, and no run of 32 bytes of its
    /// picture, anywhere in the encrypted files or their paths; the public files are made without
    /// the site at all (their fixed English text shares common runs such as " on th" with any diary).
    func testThePublishedSiteLeaksNoTextAddressOrPicture() throws {
        let keys = try quickKeys()
        let site = sampleSite()
        let published = SiteEncryptor(keys: keys).encryptSite(site, baseURL: "/diary/")
        let publicFiles = UnlockPage(keys: keys, baseURL: "/diary/").files
        XCTAssertEqual(published.filter { publicFiles.keys.contains($0.key) }, publicFiles)
        let texts = site.filter { !$0.key.hasSuffix(".png") }.flatMap { [Array($0.value), Array($0.key.utf8)] }
            + sampleWords.map { Array($0.utf8) }
        let encrypted = published.filter { !publicFiles.keys.contains($0.key) }.flatMap { [Array($0.key.utf8), $0.value] }
        XCTAssertEqual(encrypted.count, 2 * site.count)
        for text in texts {
            for bytes in encrypted {
                XCTAssertNil(sharedRun(of: text, length: 6, in: bytes), "a run of \(String(decoding: text.prefix(40), as: UTF8.self))")
            }
        }
        for (path, bytes) in publicFiles {
            for word in sampleWords {
                XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains(word), "\(word) in \(path)")
            }
        }
        let picture = try XCTUnwrap(site["images/2025-10-04-1030-autumn-walk_image_1.png"])
        for bytes in published.values {
            XCTAssertNil(sharedRun(of: picture, length: 32, in: bytes))
        }
    }

    func testTheUnlockPageCarriesTheFormAndWhatTheBrowserNeedsOnly() throws {
        let keys = try quickKeys()
        let files = UnlockPage(keys: keys, baseURL: "/diary/").files
        let html = String(decoding: try XCTUnwrap(files["index.html"]), as: UTF8.self)
        XCTAssertTrue(html.contains(#"<form id="daybook-unlock""#))
        XCTAssertTrue(html.contains(#"<input id="daybook-password" type="password" name="password""#))
        XCTAssertTrue(html.contains(#"role="alert""#))
        XCTAssertTrue(html.contains(#"<meta name="robots" content="noindex">"#))
        XCTAssertTrue(html.contains(#""key":"\#(Data(keys.keyID).base64EncodedString())""#))
        XCTAssertTrue(html.contains(Data(testSalt).base64EncodedString()))
        XCTAssertTrue(html.contains(Data(keys.slots[0].wrapped).base64EncodedString()))
        XCTAssertTrue(html.contains(#""iterations":1000"#))
        XCTAssertFalse(html.contains(Data(keys.siteKey).base64EncodedString()), "the site key only wrapped")
        XCTAssertEqual(String(decoding: try XCTUnwrap(files["robots.txt"]), as: UTF8.self), "User-agent: *\nDisallow: /\n")
        XCTAssertTrue(String(decoding: try XCTUnwrap(files["404.html"]), as: UTF8.self).contains(#"<a href="/diary/">"#))
    }

    func testTheReaderReadsEveryWordItShowsFromTheUnlockPage() throws {
        let keys = try quickKeys()
        let words = SiteStrings.table(for: "ko_KR", overrides: ["lock": "잠금"])
        let html = String(decoding: try XCTUnwrap(UnlockPage(keys: keys, baseURL: "/", words: words, language: "ko")
            .files["index.html"]), as: UTF8.self)
        let start = try XCTUnwrap(html.range(of: #"<script type="application/json" id="daybook-words">"#)?.upperBound)
        let end = try XCTUnwrap(html[start...].range(of: "</script>")?.lowerBound)
        let shown = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: String])
        XCTAssertEqual(shown["lock"], "잠금")
        XCTAssertEqual(shown["unlocking"], "여는 중…")
        XCTAssertEqual(Set(shown.keys), Set(UnlockPage.scriptWordKeys))
        for key in UnlockPage.scriptWordKeys {
            XCTAssertTrue(UnlockScript.source.contains("'\(key)'"), "unlock.js shows \(key)")
        }
        let english = SiteStrings.table(for: "en")
        for key in UnlockPage.scriptWordKeys {
            let fragments = english[key]!.replacing(#/\{\w+\}/#, with: "\n").split(separator: "\n")
            let text = fragments.map { $0.trimmingCharacters(in: .whitespaces) }.max { $0.count < $1.count } ?? ""
            XCTAssertFalse(text.count >= 8 && UnlockScript.source.contains("'\(text)"), "unlock.js has its own '\(text)'")
            XCTAssertFalse(text.count >= 8 && UnlockScript.source.contains(" \(text)'"), "unlock.js has its own '\(text)'")
        }
        XCTAssertFalse(UnlockScript.source.contains(#"lang="en""#))
    }

    func testThePublicPagesCarryTheirPolicyAndTheReaderIsToldHowToShowAddresses() throws {
        let keys = try quickKeys()
        let policy = #"<meta http-equiv="Content-Security-Policy" content="\#(UnlockPage.contentSecurityPolicy)">"#
        for readable in [false, true] {
            let files = UnlockPage(keys: keys, baseURL: "/diary/", readableAddresses: readable).files
            let html = String(decoding: try XCTUnwrap(files["index.html"]), as: UTF8.self)
            XCTAssertTrue(html.contains(policy))
            XCTAssertTrue(String(decoding: try XCTUnwrap(files["404.html"]), as: UTF8.self).contains(policy))
            XCTAssertTrue(html.contains(#"{"addresses":"\#(readable ? "readable" : "opaque")","folder":"x","key":"#))
        }
        for directive in ["script-src 'self' blob:;", "connect-src 'self';", "img-src 'self' blob: data:;", "object-src 'none';",
                          "base-uri 'none';", "form-action 'none'"] {
            XCTAssertTrue(UnlockPage.contentSecurityPolicy.contains(directive), directive)
        }
        XCTAssertFalse(UnlockPage.contentSecurityPolicy.contains("unsafe-eval"))
        XCTAssertFalse(UnlockPage.contentSecurityPolicy.contains("script-src 'self' blob: 'unsafe-inline'"))
    }

    // MARK: - Helpers

    private let sampleWords = ["Autumn walk", "Leaves on the river", "산책했다", "평온", "family", "autumn-walk", "2025-10-04"]

    private func sampleSite() -> [String: [UInt8]] {
        let picture = [UInt8](SolidPNG.make(width: 64, height: 48, red: 200, green: 120, blue: 40))
        return [
            "index.html": Array("<title>Diary</title><h1>Autumn walk</h1><a href=\"/diary/2025/10/04/1030-autumn-walk/\">more</a>".utf8),
            "2025/10/04/1030-autumn-walk/index.html": Array("<h1>Autumn walk</h1><p>Leaves on the river path. 산책했다, 평온.</p>".utf8),
            "2025/10/04/index.html": Array("<h2>Autumn walk</h2><p>family</p>".utf8),
            "search/chunks/0.json": Array(#"[{"title":"Autumn walk","text":"Leaves on the river path. 산책했다"}]"#.utf8),
            "images/2025-10-04-1030-autumn-walk_image_1.png": picture,
        ]
    }
}
