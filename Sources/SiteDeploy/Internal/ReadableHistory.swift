import DiaryModel

/// What a git target keeps of a readable site after the switch to an encrypted one. A push moves
/// the branch, but the repository keeps the old commits' files as objects until it is collected,
/// and a host such as GitHub keeps serving a commit by its id: the readable diary stays there.
/// Other targets replace or delete each old file (an S3 bucket with versioning is the bucket
/// owner's setting, named in the README).
enum ReadableHistory {
    /// The warning for a deploy of an encrypted site to a git target whose record says it last
    /// received a readable one; nil otherwise.
    static func warning(for target: DeployTarget, record: DeployRecord, site: SiteInventory) -> String? {
        guard case .git = target.transport, record.siteKind == .readable, site.isEncrypted else { return nil }
        return "warning: deploy to '\(target.name)': the repository \(target.url) received this diary readable before, and still holds "
            + "that site: git keeps the files of earlier commits after the branch moves, and a host such as GitHub serves a commit by its id. "
            + "To remove it, delete the repository on its host, create it again empty and deploy again (README, Publishing)"
    }
}
