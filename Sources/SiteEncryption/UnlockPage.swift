import Foundation
import DiaryModel

/// The files an encrypted site publishes in the clear: the unlock page (`index.html`) with its
/// script and style, a generic `404.html` and `robots.txt`. They show the diary's language (the
/// site's own words, `strings:` included, and `<html lang>`) and nothing else of it: not its
/// title, not a date; only the site key's id and its key slots (`KeySlots`), which are needed to
/// unlock and useless without a slot's password, recovery key or passkey.
public struct UnlockPage: Sendable {
    /// The paths of the public files, relative to the output folder.
    public static let paths: Set<String> = ["index.html", "unlock.js", "unlock.css", "404.html", "robots.txt"]

    /// The policy of every public page, and of every page the reader writes into the unlock
    /// page's document (`unlock.js` explains why it replaces a page's own): scripts only from the
    /// site's files and the blob: URLs the reader makes of them, no inline script, no eval.
    public static let contentSecurityPolicy = "default-src 'self'; script-src 'self' blob:; "
        + "style-src 'self' blob: 'unsafe-inline'; img-src 'self' blob: data:; font-src 'self' blob: data:; "
        + "media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

    public let keys: SiteKeys
    /// The site's `base_url`, for the not-found page's link.
    public let baseURL: String
    /// The reader shows pages' own addresses after '#' and their titles (`encrypt_addresses:
    /// readable`) instead of opaque ids and the unlock page's title.
    public let readableAddresses: Bool

    /// The site's words (`SiteStrings.table`), which the pages show and `unlock.js` reads from
    /// the unlock page; a key missing here is shown in English.
    public let words: [String: String]
    /// The language of the words, for `<html lang>`.
    public let language: String

    public init(keys: SiteKeys, baseURL: String, readableAddresses: Bool = false,
                words: [String: String] = SiteStrings.table(for: "en"), language: String = "en") {
        self.keys = keys
        self.baseURL = baseURL
        self.readableAddresses = readableAddresses
        self.words = words
        self.language = language
    }

    /// The public files of the site `config` describes: its `base_url`, `encrypt_addresses` and
    /// its words in its language (`locale`, `strings:`).
    public init(keys: SiteKeys, config: DiaryConfig) {
        self.init(keys: keys, baseURL: config.baseURL, readableAddresses: config.encryptedAddresses == .readable,
                  words: SiteStrings.table(for: config.localeIdentifier, overrides: config.strings),
                  language: SiteStrings.language(of: config.localeIdentifier))
    }

    /// The keys of the words `unlock.js` shows: messages, the reader's own pages, the lock control.
    static let scriptWordKeys = ["enter_password", "unlocking", "wrong_password", "unlock_failed", "unlock_needs_https",
                                 "not_found", "nothing_here", "go_to_start", "page_failed", "file_missing",
                                 "file_damaged", "file_unavailable", "lock", "lock_title",
                                 "enter_recovery_key", "recovery_key_typo", "wrong_recovery_key", "unlocking_passkey",
                                 "passkey_failed", "key_changed", "passkey_offer_title", "passkey_offer_text", "passkey_offer",
                                 "passkey_not_now", "passkey_no_prf", "passkey_not_made", "passkey_ready", "passkey_code_text",
                                 "passkey_copy", "passkey_copied", "passkey_done"]

    /// Path → bytes of every public file.
    public var files: [String: [UInt8]] {
        [
            "index.html": Array(unlockPage.utf8),
            "unlock.js": Array(UnlockScript.source.utf8),
            "unlock.css": Array(Self.style.utf8),
            "404.html": Array(notFoundPage.utf8),
            "robots.txt": Array("User-agent: *\nDisallow: /\n".utf8),
        ]
    }

    /// What the browser needs to open the site key from a slot and find the files (read by `unlock.js`).
    var settingsJSON: String {
        #"{"addresses":"\#(readableAddresses ? "readable" : "opaque")","folder":"\#(SiteEncryptor.encryptedFolder)","#
            + #""key":"\#(Data(keys.keyID).base64EncodedString())","slots":\#(keys.published.json),"version":2}"#
    }

    /// The word for `key`, HTML-escaped.
    func word(_ key: String) -> String {
        Self.escaped(words[key] ?? SiteStrings.table(for: "en")[key] ?? key)
    }

    /// The words `unlock.js` shows, as a JSON object safe inside a `<script>` element.
    var scriptWordsJSON: String {
        let english = SiteStrings.table(for: "en")
        let table = Dictionary(uniqueKeysWithValues: Self.scriptWordKeys.map { ($0, words[$0] ?? english[$0] ?? $0) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: (try? encoder.encode(table)) ?? Data("{}".utf8), as: UTF8.self)
        return json.replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// "1 day", "7 days"… for the remember-for choice, from the site's `day_count`.
    func dayCount(_ days: Int) -> String {
        let forms = (words["day_count"] ?? "{n} day|{n} days").split(separator: "|", omittingEmptySubsequences: false)
        let form = days == 1 || forms.count == 1 ? forms[0] : forms[1]
        return Self.escaped(form.replacingOccurrences(of: "{n}", with: String(days)))
    }

    var unlockPage: String {
        """
        \(head(title: word("unlock_title")))
        <link rel="stylesheet" href="unlock.css">
        <link rel="manifest" href="manifest.webmanifest">
        <script type="application/json" id="daybook-lock">\(settingsJSON)</script>
        <script type="application/json" id="daybook-words">\(scriptWordsJSON)</script>
        <script src="unlock.js" defer></script>
        </head>
        <body class="daybook-unlock-page">
        <main>
          <form id="daybook-unlock" class="daybook-unlock" method="post">
            <h1>\(word("unlock_title"))</h1>
            <p>\(word("unlock_text"))</p>
            <button type="button" id="daybook-unlock-passkey" class="daybook-secondary" hidden>\(word("unlock_passkey"))</button>
            <label for="daybook-password">\(word("password"))</label>
            <input id="daybook-password" type="password" name="password" autocomplete="current-password" required>
            <p class="daybook-remember">
              <label><input type="checkbox" name="remember" aria-describedby="daybook-remember-note"> \(word("remember_device"))</label>
              <label>\(word("remember_for")) <select name="remember_days" aria-label="\(word("remember_for_label"))">
                <option value="1">\(dayCount(1))</option>
                <option value="7">\(dayCount(7))</option>
                <option value="30" selected>\(dayCount(30))</option>
                <option value="90">\(dayCount(90))</option>
              </select></label>
            </p>
            <p id="daybook-remember-note" class="daybook-note" hidden>\(word("remember_warning"))</p>
            <button type="submit" disabled>\(word("unlock"))</button>
            <details class="daybook-recovery">
              <summary>\(word("use_recovery_key"))</summary>
              <label for="daybook-recovery-key">\(word("recovery_key"))</label>
              <input id="daybook-recovery-key" type="text" name="recovery_key" autocomplete="off" autocapitalize="characters" spellcheck="false">
              <button type="submit" id="daybook-unlock-recovery" formnovalidate disabled>\(word("unlock_with_recovery"))</button>
            </details>
            <p id="daybook-progress" class="daybook-progress" role="status"></p>
            <p id="daybook-message" class="daybook-message" role="alert"></p>
            <noscript><p>\(word("unlock_needs_javascript"))</p></noscript>
          </form>
        </main>
        </body>
        </html>

        """
    }

    var notFoundPage: String {
        """
        \(head(title: word("not_found")))
        </head>
        <body>
        <main>
          <h1>\(word("not_found"))</h1>
          <p>\(word("nothing_here"))</p>
          <p><a href="\(Self.escaped(baseURL))">\(word("go_to_start"))</a></p>
        </main>
        </body>
        </html>

        """
    }

    /// The start of a public page, up to its `<head>`'s last common line.
    func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(Self.escaped(language))">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <meta name="referrer" content="no-referrer">
        <title>\(title)</title>
        <link rel="icon" href="data:,">
        """
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The unlock form, and the lock control the reader adds to every page.
    static let style = """
        .daybook-unlock-page { margin: 0; min-height: 100vh; display: grid; place-items: center;
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: #f6f4ef; color: #222;
          word-break: keep-all; overflow-wrap: break-word; }
        .daybook-unlock { box-sizing: border-box; width: min(24rem, calc(100vw - 2rem)); padding: 1.5rem; border-radius: 12px;
          background: #fff; box-shadow: 0 2px 12px rgba(0, 0, 0, .08); display: grid; gap: .6rem; }
        .daybook-unlock h1 { margin: 0; font-size: 1.4rem; }
        .daybook-unlock p { margin: 0; }
        .daybook-unlock label { font-weight: 600; }
        .daybook-unlock .daybook-remember { display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; }
        .daybook-unlock .daybook-remember label { font-weight: normal; }
        .daybook-unlock select { font: inherit; padding: .2rem .4rem; border: 1px solid #bbb; border-radius: 6px; }
        .daybook-unlock input[type="password"], .daybook-unlock button { font: inherit; padding: .5rem .75rem;
          border: 1px solid #bbb; border-radius: 8px; }
        .daybook-unlock button, .daybook-passkey-offer button { background: #2d5a8c; color: #fff; border-color: #2d5a8c; cursor: pointer; }
        .daybook-unlock button:disabled { opacity: .6; cursor: default; }
        .daybook-unlock .daybook-secondary, .daybook-passkey-offer .daybook-secondary { background: transparent; color: #2d5a8c; border-color: #2d5a8c; }
        .daybook-unlock [hidden] { display: none; }
        .daybook-note { font-size: .875rem; color: #4a4a4a; }
        .daybook-recovery summary { cursor: pointer; color: #2d5a8c; text-decoration: underline; width: fit-content; }
        .daybook-recovery label { display: block; margin: .6rem 0 .3rem; }
        .daybook-recovery input, .daybook-recovery button { box-sizing: border-box; width: 100%; }
        .daybook-recovery input { font: 1rem/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; letter-spacing: .04em;
          padding: .5rem .75rem; border: 1px solid #bbb; border-radius: 8px; text-transform: uppercase; }
        .daybook-recovery button { margin-top: .6rem; }
        .daybook-unlock button:focus-visible, .daybook-unlock input:focus-visible, .daybook-unlock select:focus-visible,
        .daybook-recovery summary:focus-visible, .daybook-passkey-offer button:focus-visible { outline: 3px solid #2d5a8c; outline-offset: 2px; }
        .daybook-message:empty, .daybook-progress:empty { display: none; }
        .daybook-message { color: #a01919; font-weight: 600; }
        .daybook-passkey-offer { position: fixed; right: 1rem; bottom: 4rem; z-index: 2147483646; box-sizing: border-box;
          width: min(22rem, calc(100vw - 2rem)); padding: 1rem; border-radius: 12px; display: grid; gap: .5rem;
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; background: #fff; color: #222;
          border: 1px solid rgba(0, 0, 0, .15); box-shadow: 0 2px 12px rgba(0, 0, 0, .15); word-break: keep-all; overflow-wrap: break-word; }
        .daybook-passkey-offer h2 { margin: 0; font-size: 1rem; }
        .daybook-passkey-offer p { margin: 0; }
        .daybook-passkey-offer button { font: inherit; padding: .45rem .75rem; border: 1px solid #2d5a8c; border-radius: 8px; }
        .daybook-passkey-offer .daybook-passkey-actions { display: flex; flex-wrap: wrap; gap: .5rem; }
        .daybook-passkey-offer code { display: block; max-height: 6rem; overflow: auto; padding: .4rem; border-radius: 6px; background: #f1efe9;
          font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; word-break: break-all; user-select: all; }
        @media (prefers-color-scheme: dark) {
          .daybook-unlock-page { background: #17181a; color: #eee; }
          .daybook-unlock, .daybook-passkey-offer { background: #222427; color: #eee; }
          .daybook-note { color: #c8c8c8; }
          .daybook-unlock .daybook-secondary, .daybook-passkey-offer .daybook-secondary, .daybook-recovery summary { color: #9cc3f0; border-color: #9cc3f0; }
          .daybook-passkey-offer code { background: #17181a; }
          .daybook-message { color: #ff9c9c; }
        }
        .daybook-lock-control { position: fixed; right: 1rem; bottom: 1rem; z-index: 2147483646; font: 600 14px/1 system-ui, sans-serif;
          padding: .55rem .9rem; border-radius: 999px; border: 1px solid rgba(0, 0, 0, .25); background: #fff; color: #222;
          box-shadow: 0 1px 6px rgba(0, 0, 0, .15); cursor: pointer; }
        .daybook-lock-control:focus-visible { outline: 3px solid #2d5a8c; outline-offset: 2px; }

        """
}
