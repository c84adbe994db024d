import CBuildCommit
import DiaryModel
import DiaryReader
import Pictures
import SiteEncryption

/// The version `daybook --version` prints, and what `daybook --version --verbose` adds.
public enum DaybookVersion {
    /// The release; the Debian package and the tarball carry the same number.
    public static let number = "0.2.0"

    /// The commit the binary was built from, when the build recorded one (the Makefile's release
    /// build does; a plain `swift build` does not).
    public static var commit: String? {
        let text = String(cString: daybook_build_commit())
        return text.isEmpty ? nil : text
    }

    /// `0.2.0 (commit 1b1abf3)`, or `0.2.0 (commit not recorded: built without make)`.
    public static var current: String {
        "\(number) (commit \(commit ?? "not recorded: built without make"))"
    }

    /// The version, then each library Daybook uses with its release and file, or why it is missing and
    /// the Debian package to install. Opens libvips and libcrypto if they are not open yet.
    public static func verbose(libraries: [LibraryStatus] = [.cmarkGFM(), .libvips(), .libcrypto()]) -> String {
        var lines = ["daybook \(current)"]
        lines += libraries.map(\.report)
        let missing = libraries.filter { $0.failure != nil }
        lines.append(missing.isEmpty ? "Everything daybook uses was found."
                                     : "Missing for \(missing.map(\.neededFor).joined(separator: ", ")): "
                                       + "sudo apt install \(missing.map(\.debianPackage).joined(separator: " "))")
        return lines.joined(separator: "\n")
    }
}
