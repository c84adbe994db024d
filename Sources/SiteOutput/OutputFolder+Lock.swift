import DiaryFiles
import Foundation
import SiteEncryption

/// What the output folder itself says about encryption, whatever the build cache says: its
/// unlock page (`UnlockPage`) is published in the clear, so a fresh clone of a diary, or one whose
/// `.daybook/` was deleted, still knows its last site was encrypted, and opens its site key.
extension OutputFolder {
    /// The page an encrypted site publishes at the folder's top.
    static let unlockPageName = "index.html"

    /// The folder's `index.html`; nil when there is none. Of a plain site, the home page.
    private var homePage: [UInt8]? {
        store.read(Self.unlockPageName)
    }

    /// Whether the last site written here was encrypted: its home page is an unlock page (even
    /// one whose settings cannot be read), or the unlock script is there without it.
    package var holdsEncryptedSite: Bool {
        if let page = homePage { return UnlockSettings.isUnlockPage(page) }
        return store.contains("unlock.js")
    }

    /// Whether the folder holds files of an encrypted site, whatever its `index.html` is now: the
    /// unlock script, or the folder of encrypted files (`x/`). With no unlock page to read the
    /// key slots from, a build cannot tell the site's password from a typo.
    package var holdsEncryptedFiles: Bool {
        holdsEncryptedSite || store.contains(SiteEncryptor.encryptedFolder)
    }

    /// The settings the folder's unlock page publishes; nil when it holds none. Settings that
    /// cannot be read throw their diagnostic, at the page's path as seen from `root`.
    package func publishedUnlockSettings(root: URL) throws -> UnlockSettings? {
        guard let page = homePage else { return nil }
        return try UnlockSettings.read(fromPage: page, path: displayPath(of: Self.unlockPageName, root: root))
    }

    /// The path of a file in the folder relative to the diary, or whole when the folder is elsewhere.
    package func displayPath(of name: String = "", root: URL) -> String {
        let folder = url.standardizedFileURL.path
        let diary = root.standardizedFileURL.path
        let relative = folder.hasPrefix(diary + "/") ? String(folder.dropFirst(diary.count + 1)) : folder
        return relative + "/" + name
    }
}
