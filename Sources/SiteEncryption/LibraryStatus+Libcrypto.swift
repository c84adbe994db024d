import CLibCrypto
import DiaryModel

extension LibraryStatus {
    /// OpenSSL's libcrypto as this process finds it, opening it if nothing has yet: its release and
    /// file, or why encrypted sites (and the picture cache's keys) cannot be made.
    public static func libcrypto() -> LibraryStatus {
        let failure = LibCrypto.loadFailure
        return LibraryStatus(name: "libcrypto", soname: String(cString: daybook_crypto_soname()),
                             builtVersion: String(cString: daybook_crypto_built_version()),
                             loadedVersion: daybook_crypto_loaded_version().map { String(cString: $0) },
                             path: daybook_crypto_loaded_path().map { String(cString: $0) }, failure: failure,
                             debianPackage: "libssl3", neededFor: "encrypted sites and pictures")
    }
}
