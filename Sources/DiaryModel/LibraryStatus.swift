/// A C library Daybook links or opens on first use, as this process finds it: what
/// `daybook --version --verbose` reports, and what to install when it is missing.
public struct LibraryStatus: Equatable, Sendable {
    /// The library's own name (`libvips`).
    public var name: String
    /// The name the loader looks for (`libvips.so.42`).
    public var soname: String
    /// The release of the headers Daybook was compiled against: the oldest it accepts.
    public var builtVersion: String
    /// The release found, when it was found and accepted.
    public var loadedVersion: String?
    /// The file the loader opened, when it was found.
    public var path: String?
    /// Why it cannot be used, when it cannot.
    public var failure: String?
    /// The Debian package that holds it.
    public var debianPackage: String
    /// What needs it (`pictures`).
    public var neededFor: String

    public init(name: String, soname: String, builtVersion: String, loadedVersion: String?, path: String?,
                failure: String?, debianPackage: String, neededFor: String) {
        self.name = name
        self.soname = soname
        self.builtVersion = builtVersion
        self.loadedVersion = loadedVersion
        self.path = path
        self.failure = failure
        self.debianPackage = debianPackage
        self.neededFor = neededFor
    }

    /// `libvips 8.14.1 (built with 8.14.1, soname libvips.so.42): /usr/lib/x86_64-linux-gnu/libvips.so.42`,
    /// or, when it cannot be used, why and what to install, on a second line.
    public var report: String {
        let facts = "(built with \(builtVersion), soname \(soname))"
        if let failure {
            return "\(name) missing \(facts): \(failure)\n  \(neededFor) need it: sudo apt install \(debianPackage) (Debian, Ubuntu)"
        }
        return "\(name) \(loadedVersion ?? "?") \(facts): \(path ?? "(path unknown)")"
    }
}
