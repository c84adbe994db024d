import CCmarkGFM
import CLibraryLoader
import DiaryModel

extension LibraryStatus {
    /// cmark-gfm, which Daybook links (its extensions are a second library of the same release, found
    /// beside it): its release and file. Without it `daybook` does not start at all.
    public static func cmarkGFM() -> LibraryStatus {
        let versionFunction: @convention(c) () -> UnsafePointer<CChar>? = cmark_version_string
        let path = daybook_library_file(unsafeBitCast(versionFunction, to: UnsafeRawPointer.self)).map { String(cString: $0) }
        let built = CMARK_GFM_VERSION_STRING
        return LibraryStatus(name: "cmark-gfm", soname: "libcmark-gfm.so.\(built)", builtVersion: built,
                             loadedVersion: cmark_version_string().map { String(cString: $0) }, path: path,
                             failure: nil, debianPackage: "libcmark-gfm\(built) libcmark-gfm-extensions\(built)",
                             neededFor: "entries")
    }
}
