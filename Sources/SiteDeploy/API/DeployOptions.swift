import SiteEncryption

/// How `daybook deploy` builds and sends (SPEC §12).
public struct DeployOptions: Sendable {
    /// Print the plan and its files; write nothing anywhere (`--dry-run`).
    public var dryRun = false
    /// More deletions than this stop the deploy before any write, unless `force` (`--max-deletes`).
    public var maxDeletes = 256
    public var force = false
    /// Compare with the remote's own files instead of the target's record (`--verify`).
    public var verify = false
    /// The keys to build the site encrypted with; nil builds it readable.
    public var encryption: SiteKeys?
    /// Treat the build's warnings as errors.
    public var strict = false
    /// A readable build may replace an encrypted site in the output folder (`--no-encrypt`).
    public var replacesEncryptedSite = false
    /// Set when the person running the deploy asks it to stop (Ctrl-C).
    public var interruption: DeployInterruption?

    public init(dryRun: Bool = false, maxDeletes: Int = 256, force: Bool = false, verify: Bool = false,
                encryption: SiteKeys? = nil, strict: Bool = false, replacesEncryptedSite: Bool = false,
                interruption: DeployInterruption? = nil) {
        self.dryRun = dryRun
        self.maxDeletes = maxDeletes
        self.force = force
        self.verify = verify
        self.encryption = encryption
        self.strict = strict
        self.replacesEncryptedSite = replacesEncryptedSite
        self.interruption = interruption
    }
}
