import Foundation
import XCTest
@testable import Templating

/// A library of `sources`, each shown in errors as "Templates/<name>", in Seoul time.
func makeLibrary(_ sources: [String: String]) -> TemplateLibrary {
    TemplateLibrary(sources: sources,
                    paths: Dictionary(uniqueKeysWithValues: sources.keys.map { ($0, "Templates/\($0)") }),
                    locale: Locale(identifier: "en_US_POSIX"),
                    timeZone: TimeZone(identifier: "Asia/Seoul") ?? .current)
}

/// Renders `template` as "page.html", with `partials` as the other templates of the library.
func render(_ template: String, _ context: [String: TemplateValue] = [:], partials: [String: String] = [:],
            file: StaticString = #filePath, line: UInt = #line) throws -> String {
    var sources = partials
    sources["page.html"] = template
    let library = makeLibrary(sources)
    if let error = library.errors.first {
        XCTFail("unexpected error: \(error)", file: file, line: line)
        throw error
    }
    return try library.render("page.html", with: context)
}

/// The diagnostics of compiling `sources`, as printed.
func compileErrors(_ sources: [String: String]) -> [String] {
    makeLibrary(sources).errors.map(\.description)
}

/// The error thrown when rendering `template` as "x.html" with `context`.
func renderError(_ template: String, _ context: [String: TemplateValue] = [:]) -> String? {
    let library = makeLibrary(["x.html": template])
    if let error = library.errors.first { return "compile: \(error)" }
    do {
        _ = try library.render("x.html", with: context)
        return nil
    } catch {
        return "\(error)"
    }
}

/// A date in Seoul time.
func seoulDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .current
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) ?? Date()
}
