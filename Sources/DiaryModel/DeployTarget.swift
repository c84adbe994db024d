/// One place `daybook deploy` publishes the site to: a `deploy:` item of daybook.yml (SPEC §12).
public struct DeployTarget: Sendable, Equatable {
    /// How the site travels, with what each way needs.
    public enum Transport: Sendable, Equatable {
        /// Commits the site to `branch` of a repository and pushes; `keepHistory` keeps every
        /// deploy's commit instead of one.
        case git(branch: String, keepHistory: Bool)
        /// `rsync` to `[user@]host:path` over ssh, or to a local path.
        case rsync
        /// An S3-compatible bucket; `profile` names a section of `~/.aws/credentials`.
        case s3(endpoint: String?, region: String, profile: String?)
        /// A local folder, such as a mounted share.
        case directory

        /// The word daybook.yml's `to:` uses for it.
        public var name: String {
            switch self {
            case .git: return "git"
            case .rsync: return "rsync"
            case .s3: return "s3"
            case .directory: return "dir"
            }
        }
    }

    public var name: String
    public var transport: Transport
    /// Where: a repository URL or path, `[user@]host:path`, `s3://bucket/prefix` or a folder.
    public var url: String
    /// Whether it may receive a readable (unencrypted) site (`public: true`).
    public var isPublic: Bool
    /// Where the item is in daybook.yml, for errors about it.
    public var location: SourceLocation

    public init(name: String, transport: Transport, url: String, isPublic: Bool = false,
                location: SourceLocation = SourceLocation(path: "daybook.yml", line: 1, column: 1)) {
        self.name = name
        self.transport = transport
        self.url = url
        self.isPublic = isPublic
        self.location = location
    }
}
