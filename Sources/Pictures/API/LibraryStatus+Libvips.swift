import CVips
import DiaryModel

extension LibraryStatus {
    /// libvips as this process finds it, opening it if no picture has yet: its release and file, or
    /// why pictures cannot be made.
    public static func libvips() -> LibraryStatus {
        let failure = daybook_vips_load().map { String(cString: $0) }
        return LibraryStatus(name: "libvips", soname: String(cString: daybook_vips_soname()),
                             builtVersion: VipsRuntime.builtVersion, loadedVersion: VipsRuntime.loadedVersion,
                             path: daybook_vips_loaded_path().map { String(cString: $0) }, failure: failure,
                             debianPackage: "libvips42", neededFor: "pictures")
    }
}
