import DiaryModel
import Foundation

/// The templates and static assets a site is drawn with: the built-in default theme, with any
/// file of the diary's own `Templates/` folder taking the place of the built-in one.
struct Theme {
    static let folderName = "Templates"

    /// Template name (`entry.html`, `partials/card.html`, `on-this-day.json`) → text.
    var templates: [String: String] = [:]
    /// Template name → the path shown in errors (`Templates/entry.html`).
    var paths: [String: String] = [:]
    /// Asset path in the site (`assets/style.css`) → bytes.
    var assets: [String: Data] = [:]
    /// Template and asset names the diary itself provides.
    var overridden: Set<String> = []

    static func load(root: URL) -> (Theme, [Diagnostic]) {
        var theme = Theme()
        for (name, text) in DefaultTheme.files { theme.add(name, Data(text.utf8)) }
        var diagnostics: [Diagnostic] = []
        let folder = root.appendingPathComponent(folderName).resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { return (theme, []) }
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let name = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            guard name != "README.md" else { continue }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                diagnostics.append(.error(at: SourceLocation(path: "\(folderName)/\(name)"), "cannot read this file"))
                continue
            }
            if Self.isTemplate(name), String(data: data, encoding: .utf8) == nil {
                diagnostics.append(.error(at: SourceLocation(path: "\(folderName)/\(name)"), "the template is not UTF-8 text; save it as UTF-8"))
                continue
            }
            theme.add(name, data)
            theme.overridden.insert(name)
        }
        return (theme, diagnostics)
    }

    /// Pages are HTML; the files the site's scripts read (`on-this-day.json`) are templates too.
    private static func isTemplate(_ name: String) -> Bool {
        name.hasSuffix(".html") || name.hasSuffix(".json")
    }

    private mutating func add(_ name: String, _ data: Data) {
        if name.hasPrefix("assets/") {
            assets[name] = data
        } else if Self.isTemplate(name) {
            templates[name] = String(decoding: data, as: UTF8.self)
            paths[name] = "\(Self.folderName)/\(name)"
        }
    }
}
