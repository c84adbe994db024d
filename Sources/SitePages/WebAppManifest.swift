/// The web app manifest that makes the site installable: every page links it (`SiteValues`),
/// and the build writes it with the site's offline files.
package enum WebAppManifest {
    package static let path = "manifest.webmanifest"
}
