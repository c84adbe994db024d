import Foundation

/// What a deploy did, or in a dry run would do.
public struct DeployReport: Sendable {
    /// The files to send, in the order they go: other files, then pages, then the entry points.
    public var uploads: [String] = []
    public var uploadBytes = 0
    public var deletions: [String] = []
    public var unchangedCount = 0
    /// Files in the output folder the last build did not write: never sent.
    public var strays: [String] = []
    public var isDryRun = false
    public var seconds = 0.0

    /// `3 to upload (41 KB), 1 to delete, 21,318 unchanged`.
    public var planLine: String {
        "\(Self.count(uploads.count)) to upload (\(Self.size(uploadBytes))), \(Self.count(deletions.count)) to delete, "
            + "\(Self.count(unchangedCount)) unchanged"
    }

    /// The last line: what was sent, or that nothing was.
    public var summary: String {
        if isDryRun { return "Dry run: nothing was sent" }
        if uploads.isEmpty && deletions.isEmpty { return "Nothing to send: the target has this site" }
        return "Sent \(Self.count(uploads.count)) \(uploads.count == 1 ? "file" : "files") (\(Self.size(uploadBytes))), "
            + "deleted \(Self.count(deletions.count)) in \(String(format: "%.2f", seconds))s"
    }

    /// `21,318`.
    static func count(_ number: Int) -> String {
        let digits = String(number)
        var grouped = ""
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return grouped
    }

    /// `41 KB`, `3.2 MB`.
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: return "\(bytes) B"
        case ..<1_000_000: return "\((bytes + 500) / 1000) KB"
        case ..<1_000_000_000: return String(format: "%.1f MB", Double(bytes) / 1e6)
        default: return String(format: "%.2f GB", Double(bytes) / 1e9)
        }
    }
}
