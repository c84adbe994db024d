import Foundation

/// The site configuration from `daybook.yml`, with every default filled in.
public struct DiaryConfig: Sendable {
    public var title: String
    public var timeZone: TimeZone
    /// A locale identifier such as `ko_KR`, for month and day names.
    public var localeIdentifier: String
    /// The site's path on its server, always starting and ending with `/`.
    public var baseURL: String
    /// Entries per emotion/tag page, days per archive page, images per gallery page.
    public var pageSize: Int
    /// Configured emotions in their configured order.
    public var emotions: [Emotion]
    /// `strings:` from daybook.yml: the site's words to use instead of the built-in ones, by key
    /// (`SiteStrings.keys`).
    public var strings: [String: String] = [:]
    /// Front-matter keys (`search.fields`) whose values are searchable text too, such as `weather`.
    public var searchFields: [String]
    /// Publish the site encrypted (`encrypt: true`), as `daybook build --encrypt` does.
    public var encrypt = false
    /// What an encrypted site's reader shows after '#' and as the tab's title (`encrypt_addresses`).
    public var encryptedAddresses = EncryptedAddresses.opaque
    /// `deploy:`: where `daybook deploy` publishes the site; the first is the default.
    public var deployTargets: [DeployTarget] = []
    /// Publish a service worker that keeps the site for offline reading (`offline:`, true unless
    /// daybook.yml says false; false publishes a worker that removes itself and what it kept).
    public var offline = true

    /// `encrypt_addresses:` in daybook.yml.
    public enum EncryptedAddresses: String, Sendable, CaseIterable {
        /// Opaque page ids and the unlock page's title, so browser history names no page.
        case opaque
        /// The pages' own paths and titles.
        case readable
    }

    public init(title: String = "My Daybook", timeZone: TimeZone = .current, localeIdentifier: String = "en_US",
                baseURL: String = "/", pageSize: Int = 30, emotions: [Emotion] = Emotion.defaults, searchFields: [String] = []) {
        self.title = title
        self.timeZone = timeZone
        self.localeIdentifier = localeIdentifier
        self.baseURL = baseURL
        self.pageSize = pageSize
        self.emotions = emotions
        self.searchFields = searchFields
    }
}
