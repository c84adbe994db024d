import DiaryModel
import Foundation

/// What an encrypted site publishes on its unlock page for the browser (`UnlockPage.settingsJSON`,
/// the `<script type="application/json" id="daybook-lock">` element): the salt, the PBKDF2 rounds
/// and the password check. Read back by a build that has no salt of its own (a fresh clone, a
/// deleted `.daybook/`), so that it keeps the site's salt and still refuses a mistyped password.
public struct UnlockSettings: Equatable, Sendable {
    public var salt: [UInt8]
    public var iterations: Int
    public var check: [UInt8]

    public init(salt: [UInt8], iterations: Int, check: [UInt8]) {
        self.salt = salt
        self.iterations = iterations
        self.check = check
    }

    /// The most rounds a published page may ask for: more would hang every build for minutes.
    static let mostIterations = 10_000_000

    /// The id of the element that holds the settings, which only an unlock page has.
    static let elementID = Array(#"id="daybook-lock""#.utf8)

    /// Whether `page` is an unlock page: it holds the settings element, readable or not.
    public static func isUnlockPage(_ page: [UInt8]) -> Bool {
        ByteRange.first(of: elementID, in: page, from: 0) != nil
    }

    /// The settings an unlock page holds; nil when `page` holds none (a plain site's home page).
    /// Settings that are there but cannot be used throw a diagnostic at their place in `path`:
    /// treated as absent, they would let a build encrypt the site under a new salt and any password.
    public static func read(fromPage page: [UInt8], path: String) throws -> UnlockSettings? {
        guard let element = ByteRange.first(of: elementID, in: page, from: 0) else { return nil }
        func problem(at offset: Int, _ message: String) -> Diagnostic {
            .error(at: ByteRange.location(of: offset, in: page, path: path),
                   "the unlock page's settings \(message); to encrypt the site under a new password and salt, build with --new-password")
        }
        guard let tagEnd = page[element...].firstIndex(of: UInt8(ascii: ">")),
              let end = ByteRange.first(of: Array("</script>".utf8), in: page, from: tagEnd) else {
            throw problem(at: element, "are not closed by '</script>'")
        }
        let start = tagEnd + 1
        let published: Published
        do {
            published = try JSONDecoder().decode(Published.self, from: Data(page[start..<end]))
        } catch {
            throw problem(at: start, "are not the JSON object Daybook writes (salt, check, iterations, version)")
        }
        guard published.version == 1 else { throw problem(at: start, "are of version \(published.version); this Daybook reads version 1") }
        guard let salt = Data(base64Encoded: published.salt), salt.count == SiteKeys.saltByteCount else {
            throw problem(at: start, "hold a salt that is not \(SiteKeys.saltByteCount) bytes of base64: '\(published.salt)'")
        }
        guard let check = Data(base64Encoded: published.check), check.count == SiteKeys.checkByteCount else {
            throw problem(at: start, "hold a password check that is not \(SiteKeys.checkByteCount) bytes of base64: '\(published.check)'")
        }
        guard (SiteKeys.iterations...mostIterations).contains(published.iterations) else {
            throw problem(at: start, "ask for \(published.iterations) rounds (from \(SiteKeys.iterations) to \(mostIterations))")
        }
        return UnlockSettings(salt: [UInt8](salt), iterations: published.iterations, check: [UInt8](check))
    }

    /// The JSON as `UnlockPage.settingsJSON` writes it (`folder` is not needed to derive keys).
    private struct Published: Decodable {
        var check: String
        var iterations: Int
        var salt: String
        var version: Int
    }
}

extension SiteKeys {
    /// The keys of `password` under published settings: their salt and rounds.
    public init(password: String, published settings: UnlockSettings) throws {
        try self.init(password: password, salt: settings.salt, iterations: settings.iterations)
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
