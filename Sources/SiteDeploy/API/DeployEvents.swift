/// What a deploy tells the person running it while it works: the command prints these.
public struct DeployEvents: Sendable {
    /// The plan, once known: before anything is sent.
    public var planned: @Sendable (DeployReport) -> Void
    /// Files and bytes confirmed so far, of the plan's.
    public var progress: @Sendable (DeployProgress) -> Void
    /// Something worth knowing that stops nothing (a stray file in the output folder).
    public var warning: @Sendable (String) -> Void

    public init(planned: @escaping @Sendable (DeployReport) -> Void = { _ in },
                progress: @escaping @Sendable (DeployProgress) -> Void = { _ in },
                warning: @escaping @Sendable (String) -> Void = { _ in }) {
        self.planned = planned
        self.progress = progress
        self.warning = warning
    }
}

/// How far a deploy is.
public struct DeployProgress: Sendable, Equatable {
    public var files: Int
    public var totalFiles: Int
    public var bytes: Int
    public var totalBytes: Int

    public init(files: Int = 0, totalFiles: Int = 0, bytes: Int = 0, totalBytes: Int = 0) {
        self.files = files
        self.totalFiles = totalFiles
        self.bytes = bytes
        self.totalBytes = totalBytes
    }
}
