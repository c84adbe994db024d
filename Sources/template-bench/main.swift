import Foundation
import Templating

// Renders "a list page" (layout via extends, 30 entries) with the template engine and with
// plain Swift string building, alternating the two, and prints pages per second of each.

// MARK: - Data

struct BenchEntry {
    var url: String
    var title: String
    var date: Date
    var emotion: String
    var excerpt: String
    var tags: [String]
}

let emotions = ["joy", "calm", "sadness", "anger", "fear", "gratitude"]
let words = ["rain", "coffee", "walk", "<b>bold</b>", "Tom & Jerry", "\"quoted\"", "it's", "오늘은", "비가", "왔다",
             "letter", "garden", "train", "window", "quiet", "evening", "friend", "책을", "읽었다", "music"]
let tagPool = ["family", "work", "travel", "health", "books & films", "<music>"]

func makeEntries() -> [BenchEntry] {
    let start = Date(timeIntervalSince1970: 1_760_000_000)
    return (0..<30).map { index in
        var excerpt = ""
        var word = index
        while excerpt.count < 200 {
            excerpt += words[word % words.count] + " "
            word = (word * 7 + 3) % 1_000
        }
        excerpt = String(excerpt.prefix(200))
        let tagCount = index % 4
        return BenchEntry(
            url: "/2025/10/\(10 + index % 20)/entry-\(index)/",
            title: "Day \(index): \(words[index % words.count]) and \(words[(index * 3) % words.count])",
            date: start.addingTimeInterval(Double(index) * 86_400 + 3_600),
            emotion: emotions[index % emotions.count],
            excerpt: excerpt,
            tags: (0..<tagCount).map { tagPool[(index + $0) % tagPool.count] })
    }
}

let siteTitle = "Rainy Days & Mondays"
let siteAuthor = "Jo <jo@example.com>"
let pageTitle = "October 2025"
let timeZone = TimeZone(identifier: "Asia/Seoul") ?? .current
let locale = Locale(identifier: "ko_KR")

// MARK: - Template engine

let layout = """
<!DOCTYPE html>
<html lang="ko">
<head>
<meta charset="utf-8">
<title>{% block title %}{{ site.title }}{% endblock %}</title>
<link rel="stylesheet" href="/style.css">
</head>
<body>
<nav><a href="/">Home</a> <a href="/emotions/">Emotions</a> <a href="/gallery/">Gallery</a> <a href="/search/">Search</a></nav>
<main>
{%- block main %}{% endblock %}
</main>
<footer>{{ site.title }} · {{ site.author }}</footer>
</body>
</html>

"""

let listPage = """
{% extends "layout.html" %}
{% block title %}{{ page.title }} · {{ super() }}{% endblock %}
{% block main %}
<h1>{{ page.title }}</h1>
<ul class="entries">
{%- for e in entries %}
<li class="entry emotion-{{ e.emotion }}" data-index="{{ loop.index }}">
<a href="{{ e.url }}">{{ e.title }}</a>
<time>{{ e.date | date: "yyyy-MM-dd HH:mm" }}</time>
<span class="emotion">{{ e.emotion }}</span>
<p>{{ e.excerpt }}</p>
<a class="more" href="{{ e.url }}">Read more about “{{ e.title }}”</a>
{%- if e.tags %}
<p class="tags">{{ e.tags | join: ", " }}</p>
{%- endif %}
</li>
{%- endfor %}
</ul>
{%- endblock %}
"""

func makeContext(_ entries: [BenchEntry]) -> [String: TemplateValue] {
    [
        "site": ["title": .string(siteTitle), "author": .string(siteAuthor)],
        "page": ["title": .string(pageTitle)],
        "entries": .list(entries.map { entry in
            .map([
                "url": .string(entry.url),
                "title": .string(entry.title),
                "date": .date(entry.date),
                "emotion": .string(entry.emotion),
                "excerpt": .string(entry.excerpt),
                "tags": .list(entry.tags.map { .string($0) }),
            ])
        }),
    ]
}

// MARK: - Plain string building

func appendEscaped(_ text: String, to output: inout String) {
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
        let entity: String?
        switch utf8[index] {
        case UInt8(ascii: "&"): entity = "&amp;"
        case UInt8(ascii: "<"): entity = "&lt;"
        case UInt8(ascii: ">"): entity = "&gt;"
        case UInt8(ascii: "\""): entity = "&quot;"
        case UInt8(ascii: "'"): entity = "&#39;"
        default: entity = nil
        }
        if let entity {
            output += text[runStart..<index]
            output += entity
            runStart = utf8.index(after: index)
        }
        index = utf8.index(after: index)
    }
    output += text[runStart..<utf8.endIndex]
}

let baselineFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
}()

func renderBaseline(_ entries: [BenchEntry]) -> String {
    var html = ""
    html.reserveCapacity(20_000)
    html += "<!DOCTYPE html>\n<html lang=\"ko\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
    appendEscaped(pageTitle, to: &html)
    html += " · "
    appendEscaped(siteTitle, to: &html)
    html += "</title>\n<link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n<body>\n"
    html += "<nav><a href=\"/\">Home</a> <a href=\"/emotions/\">Emotions</a> <a href=\"/gallery/\">Gallery</a> <a href=\"/search/\">Search</a></nav>\n<main>\n<h1>"
    appendEscaped(pageTitle, to: &html)
    html += "</h1>\n<ul class=\"entries\">"
    for (index, entry) in entries.enumerated() {
        html += "\n<li class=\"entry emotion-"
        appendEscaped(entry.emotion, to: &html)
        html += "\" data-index=\""
        html += String(index + 1)
        html += "\">\n<a href=\""
        appendEscaped(entry.url, to: &html)
        html += "\">"
        appendEscaped(entry.title, to: &html)
        html += "</a>\n<time>"
        appendEscaped(baselineFormatter.string(from: entry.date), to: &html)
        html += "</time>\n<span class=\"emotion\">"
        appendEscaped(entry.emotion, to: &html)
        html += "</span>\n<p>"
        appendEscaped(entry.excerpt, to: &html)
        html += "</p>\n<a class=\"more\" href=\""
        appendEscaped(entry.url, to: &html)
        html += "\">Read more about “"
        appendEscaped(entry.title, to: &html)
        html += "”</a>"
        if !entry.tags.isEmpty {
            html += "\n<p class=\"tags\">"
            appendEscaped(entry.tags.joined(separator: ", "), to: &html)
            html += "</p>"
        }
        html += "\n</li>"
    }
    html += "\n</ul>\n</main>\n<footer>"
    appendEscaped(siteTitle, to: &html)
    html += " · "
    appendEscaped(siteAuthor, to: &html)
    html += "</footer>\n</body>\n</html>\n"
    return html
}

// MARK: - Run

func measure(_ pages: Int, _ render: () throws -> String) rethrows -> (pagesPerSecond: Double, bytes: Int) {
    var bytes = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<pages { bytes &+= try render().utf8.count }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (Double(pages) / seconds, bytes)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let arguments = CommandLine.arguments
let pages = arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3

let library = TemplateLibrary(sources: ["layout.html": layout, "list.html": listPage],
                              paths: ["layout.html": "Templates/layout.html", "list.html": "Templates/list.html"],
                              locale: locale, timeZone: timeZone)
for error in library.errors { print(error) }
let entries = makeEntries()
let context = makeContext(entries)

do {
    let engineHTML = try library.render("list.html", with: context)
    let baselineHTML = renderBaseline(entries)
    guard engineHTML == baselineHTML else {
        print("outputs differ")
        try? engineHTML.write(toFile: "/tmp/template-bench-engine.html", atomically: true, encoding: .utf8)
        try? baselineHTML.write(toFile: "/tmp/template-bench-baseline.html", atomically: true, encoding: .utf8)
        print("wrote /tmp/template-bench-engine.html and /tmp/template-bench-baseline.html")
        exit(1)
    }
    print("identical output, \(engineHTML.utf8.count) bytes per page; \(pages) pages × \(rounds) rounds each, alternating")
    var engineRates: [Double] = []
    var baselineRates: [Double] = []
    var withContextRates: [Double] = []
    for round in 1...rounds {
        let engine = try measure(pages) { try library.render("list.html", with: context) }
        let baseline = measure(pages) { renderBaseline(entries) }
        // The same page when the TemplateValue context is also built for every page, as a site build does.
        let withContext = try measure(pages) { try library.render("list.html", with: makeContext(entries)) }
        engineRates.append(engine.pagesPerSecond)
        baselineRates.append(baseline.pagesPerSecond)
        withContextRates.append(withContext.pagesPerSecond)
        print(String(format: "round %d: engine %.0f pages/s, baseline %.0f pages/s, ratio %.2f; engine + building the context %.0f pages/s",
                     round, engine.pagesPerSecond, baseline.pagesPerSecond, engine.pagesPerSecond / baseline.pagesPerSecond,
                     withContext.pagesPerSecond))
    }
    let engineMedian = median(engineRates), baselineMedian = median(baselineRates)
    print(String(format: "median of %d: engine %.0f pages/s, baseline %.0f pages/s, ratio %.2f (goal ≥ 0.50); engine + building the context %.0f pages/s",
                 rounds, engineMedian, baselineMedian, engineMedian / baselineMedian, median(withContextRates)))
} catch {
    print(error)
    exit(1)
}
