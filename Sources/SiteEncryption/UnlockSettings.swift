import DiaryModel
import Foundation

/// What an encrypted site publishes on its unlock page for the browser (`UnlockPage.settingsJSON`,
/// the `<script type="application/json" id="daybook-lock">` element): its key slots, or, for a site
/// built by an earlier release, the salt, rounds and password check its keys were derived with.
/// Read back by a build that has no record of its own (a fresh clone, a deleted `.daybook/`), so
/// that it opens the same site key, and still refuses a mistyped password.
public enum UnlockSettings: Equatable, Sendable {
    /// The site key's id and its slots (settings version 2).
    case slots(KeySlots)
    /// Keys derived from the password (version 1, before key slots).
    case passwordDerived(PasswordDerivedSettings)

    /// The id of the element that holds the settings, which only an unlock page has.
    static let elementID = Array(#"id="daybook-lock""#.utf8)

    /// Whether `page` is an unlock page: it holds the settings element, readable or not.
    public static func isUnlockPage(_ page: [UInt8]) -> Bool {
        ByteRange.first(of: elementID, in: page, from: 0) != nil
    }

    /// The settings an unlock page holds; nil when `page` holds none (a plain site's home page).
    /// Settings that are there but cannot be used throw a diagnostic at their place in `path`:
    /// treated as absent, they would let a build encrypt the site under a new site key and any password.
    public static func read(fromPage page: [UInt8], path: String) throws -> UnlockSettings? {
        guard let element = ByteRange.first(of: elementID, in: page, from: 0) else { return nil }
        func problem(at offset: Int, _ message: String) -> Diagnostic {
            .error(at: ByteRange.location(of: offset, in: page, path: path),
                   "the unlock page's settings \(message); to encrypt the site under a new site key and password, build with --new-password")
        }
        guard let tagEnd = page[element...].firstIndex(of: UInt8(ascii: ">")),
              let end = ByteRange.first(of: Array("</script>".utf8), in: page, from: tagEnd) else {
            throw problem(at: element, "are not closed by '</script>'")
        }
        let start = tagEnd + 1
        let json = Data(page[start..<end])
        guard let version = try? JSONDecoder().decode(Version.self, from: json).version else {
            throw problem(at: start, "are not the JSON object Daybook writes (version, key, slots)")
        }
        switch version {
        case 2:
            guard let published = try? JSONDecoder().decode(Published.self, from: json) else {
                throw problem(at: start, "are not the JSON object Daybook writes (version, key, slots)")
            }
            switch KeySlots.decoded(keyID: published.key, slots: published.slots) {
            case .success(let slots): return .slots(slots)
            case .failure(let slotProblem): throw problem(at: start, slotProblem.phrase)
            }
        case 1:
            guard let published = try? JSONDecoder().decode(PublishedBeforeSlots.self, from: json) else {
                throw problem(at: start, "are not the JSON object Daybook writes (salt, check, iterations, version)")
            }
            return .passwordDerived(try published.settings(problem: { problem(at: start, $0) }))
        default:
            throw problem(at: start, "are of version \(version); this Daybook reads versions 1 and 2")
        }
    }

    private struct Version: Decodable {
        var version: Int
    }

    /// The JSON as `UnlockPage.settingsJSON` writes it (`addresses` and `folder` are not needed to open the keys).
    private struct Published: Decodable {
        var key: String
        var slots: [KeySlots.Published]
    }

    /// Version 1's JSON.
    private struct PublishedBeforeSlots: Decodable {
        var check: String
        var iterations: Int
        var salt: String

        func settings(problem: (String) -> Diagnostic) throws -> PasswordDerivedSettings {
            guard let salt = Data(base64Encoded: salt), salt.count == SiteKeys.saltByteCount else {
                throw problem("hold a salt that is not \(SiteKeys.saltByteCount) bytes of base64: '\(self.salt)'")
            }
            guard let check = Data(base64Encoded: check), check.count == PasswordDerivedSettings.checkByteCount else {
                throw problem("hold a password check that is not \(PasswordDerivedSettings.checkByteCount) bytes of base64: '\(self.check)'")
            }
            guard (SiteKeys.iterations...KeySlots.mostIterations).contains(iterations) else {
                throw problem("ask for \(iterations) rounds (from \(SiteKeys.iterations) to \(KeySlots.mostIterations))")
            }
            return PasswordDerivedSettings(salt: [UInt8](salt), iterations: iterations, check: [UInt8](check))
        }
    }
}

/// How a site built by a release before key slots derived its keys: PBKDF2-HMAC-SHA256 of the
/// password with the site's salt and rounds gave a master key, and HKDF of it a published
/// password check. A build of such a site checks the password against it once, then moves the
/// site to a new random site key in slots (every file changes, that once).
public struct PasswordDerivedSettings: Equatable, Sendable {
    static let checkByteCount = 16
    static let checkLabel = "daybook 1 password check"

    public var salt: [UInt8]
    public var iterations: Int
    public var check: [UInt8]

    public init(salt: [UInt8], iterations: Int, check: [UInt8]) {
        self.salt = salt
        self.iterations = iterations
        self.check = check
    }

    /// Whether `password` is the one these settings were made with.
    public func accepts(_ password: String) throws -> Bool {
        try LibCrypto.require()
        guard !password.isEmpty else { return false }
        let master = KeyDerivation.pbkdf2(password: Array(password.precomposedStringWithCanonicalMapping.utf8), salt: salt,
                                          iterations: iterations, byteCount: 32)
        return KeyDerivation.hkdf(from: master, salt: [], info: Array(Self.checkLabel.utf8), byteCount: Self.checkByteCount) == check
    }
}

/// Byte searches in a page, and the line and column of an offset.
private enum ByteRange {
    static func first(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let head = needle.first, bytes.count >= needle.count else { return nil }
        var position = start
        while position <= bytes.count - needle.count {
            guard let candidate = bytes[position...(bytes.count - needle.count)].firstIndex(of: head) else { return nil }
            if bytes[candidate..<candidate + needle.count].elementsEqual(needle) { return candidate }
            position = candidate + 1
        }
        return nil
    }

    /// Line and column (in characters) of `offset`, 1-based.
    static func location(of offset: Int, in bytes: [UInt8], path: String) -> SourceLocation {
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}
